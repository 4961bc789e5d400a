/**
 * Closing the threads of fixed findings. REST has no notion of a review thread: its id and state
 * come from GraphQL (`pullRequest.reviewThreads`, paginated), and it is resolved with the
 * `resolveReviewThread` mutation. A token that may not resolve gets the fallback: the comment's
 * body is edited to say the finding was fixed at the head commit (with FIXED_MARKER, so later
 * runs leave it be). Once resolving is refused, the rest of the run does not ask again.
 */
import { describeGitHubError, describeGraphqlError, describePr, graphqlErrors, isWriteRefused, requestStatus } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { WriteGate } from '../github/write-gate';
import { boolean, integer, list, nullable, object, string } from '../domain/shape';
import { readPagedList } from '../github/paged-list';
import { shortSha } from '../domain/object-name';
import type { PullRequestRef } from '../domain/pull-request';
import { FIXED_MARKER } from '../domain/markers';
import { planThreadActions } from '../locate/thread-plan';
import type { OwnThreadComment } from '../domain/feedback';
import type { ThreadState } from '../locate/thread-plan';
import type { ThreadReport } from '../domain/run-report';

const THREADS_PER_PAGE = 100;
/** 10,000 threads: far past any pull request a person reviews; past it, a looping cursor is refused. */
const MAX_THREAD_PAGES = 100;

const THREADS_QUERY = `query($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: ${THREADS_PER_PAGE}, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;

const RESOLVE_MUTATION = `mutation($threadId: ID!) {
  resolveReviewThread(input: { threadId: $threadId }) { thread { id isResolved } }
}`;

interface ThreadsPage {
  repository?: {
    pullRequest?: {
      reviewThreads?: {
        pageInfo?: { hasNextPage?: unknown; endCursor?: unknown };
        nodes?: unknown;
      };
    } | null;
  } | null;
}

/** The fields of a review thread review-gate reads; its first comment is null when GitHub no longer shows it. */
const THREAD = object({
  id: string,
  isResolved: boolean,
  comments: object({ nodes: list(nullable(object({ databaseId: nullable(integer) }))) }),
});

/** The pull request's review threads, by the id of each thread's first comment. */
export async function listReviewThreads(octokit: GitHubClient, pr: PullRequestRef): Promise<Map<number, ThreadState>> {
  let after: string | null = null;
  const nodes = await readPagedList(
    { what: `the review threads of ${describePr(pr)}`, entry: THREAD, identity: (thread) => `thread ${thread.id}`, maxPages: MAX_THREAD_PAGES },
    async () => {
      const answer: ThreadsPage = await octokit.graphql<ThreadsPage>(THREADS_QUERY, { owner: pr.owner, repo: pr.repo, number: pr.number, after });
      const connection = answer.repository?.pullRequest?.reviewThreads;
      if (connection === undefined) throw new TypeError(`GitHub's answer lists no reviewThreads for ${describePr(pr)}`);
      const { hasNextPage, endCursor } = connection.pageInfo ?? {};
      const more = hasNextPage === true && typeof endCursor === 'string';
      if (more) after = endCursor;
      return { entries: connection.nodes ?? [], more };
    },
  );
  const threads = new Map<number, ThreadState>();
  for (const node of nodes) {
    const first = node.comments.nodes[0]?.databaseId;
    if (typeof first === 'number') threads.set(first, { id: node.id, isResolved: node.isResolved });
  }
  return threads;
}

/** GraphQL says "not permitted" in its `errors` (with status 200), REST-like statuses otherwise. */
export function isResolveRefused(error: unknown): boolean {
  if (isWriteRefused(error) || requestStatus(error) === 401) return true;
  return graphqlErrors(error).some(
    ({ type, message }) => type === 'FORBIDDEN' || (typeof message === 'string' && /not accessible|permission|forbidden/i.test(message)),
  );
}

/** The comment's body once its finding is gone at `headSha`; its fingerprint marker stays. */
export function fixedBody(body: string, headSha: string): string {
  return `${FIXED_MARKER}\n✅ **Fixed** at \`${shortSha(headSha)}\`: review-gate no longer finds this at the pull request's head.\n\n---\n\n${body}`;
}

/** What closing threads needs of the run: the client, the write pacing and the log. */
export interface ThreadsContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log?: GitHubLog;
}

export async function closeThreads(context: ThreadsContext, pr: PullRequestRef, fixed: readonly OwnThreadComment[]): Promise<ThreadReport> {
  const { octokit, gate, log } = context;
  let threads: Map<number, ThreadState> | undefined;
  try {
    threads = await listReviewThreads(octokit, pr);
  } catch (error) {
    log?.warning(`${describePr(pr)}: the review threads could not be listed (${describeGraphqlError(error)}); fixed findings' comments are edited instead`);
  }
  const actions = planThreadActions(fixed, threads);
  const report: ThreadReport = { fixed: actions.length, resolved: 0, markedFixed: 0, left: [] };
  let resolveRefused = false;

  const edit = async (comment: OwnThreadComment): Promise<void> => {
    try {
      await gate.run(() => octokit.rest.pulls.updateReviewComment({ owner: pr.owner, repo: pr.repo, comment_id: comment.id, body: fixedBody(comment.body, pr.headSha) }));
      report.markedFixed++;
    } catch (error) {
      report.left.push({ path: comment.path, why: `its comment could not be edited (GitHub answered ${requestStatus(error) ?? 'nothing'}: ${describeGitHubError(error)})` });
    }
  };

  for (const action of actions) {
    if (action.kind === 'leave') {
      report.left.push({ path: action.comment.path, why: action.why });
      continue;
    }
    if (action.kind === 'resolve' && !resolveRefused) {
      try {
        await gate.run(() => octokit.graphql(RESOLVE_MUTATION, { threadId: action.threadId }));
        report.resolved++;
        continue;
      } catch (error) {
        if (!isResolveRefused(error)) {
          report.left.push({ path: action.comment.path, why: `resolving its thread failed (${describeGraphqlError(error)}); the next run tries again` });
          continue;
        }
        resolveRefused = true;
        log?.warning(`${describePr(pr)}: the token may not resolve review threads (${describeGraphqlError(error)}); comments of fixed findings are edited to say so instead`);
      }
    }
    if (action.kind === 'edit' || action.editIfRefused) await edit(action.comment);
    else report.left.push({ path: action.comment.path, why: 'the token may not resolve its thread, and people replied in it, so it is not edited' });
  }
  return report;
}
