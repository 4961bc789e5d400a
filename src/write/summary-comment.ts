/**
 * The single summary comment: found again by its marker and edited on every run, so a pull
 * request carries one summary however many times it is pushed — even when GitHub's answer to
 * its creation is lost, and when two runs race (the rule is in summary-convergence.ts).
 */
import { SUMMARY_MARKER } from '../domain/markers';
import type { PullRequestRef } from '../domain/pull-request';
import type { UpsertSummaryResult } from '../domain/writes';
import { GitHubApiError, describeGitHubError, describePr, isWriteRefused, readOnlyMessage, requestStatus } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { integer, object, optional, string } from '../domain/shape';
import { readRestList, wrapListFailure } from '../github/paged-list';
import { COMMENT_AUTHOR } from './identity';
import type { AuthorTrust } from './identity';
import { readPullHead } from '../github/pull-head';
import { shortSha } from '../domain/object-name';
import { planSummary, reviewedHeadOf } from './summary-convergence';
import type { OwnSummary, RunContent, SummaryPlan } from './summary-convergence';
import type { WriteGate } from '../github/write-gate';

export interface SummaryContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
  /** Whose comments may be the summary (see identity.ts). */
  trusted: AuthorTrust;
}

/** Sends of the creation when GitHub's answer is lost and no summary is there afterwards. */
const MAX_CREATE_SENDS = 2;

interface Listed extends OwnSummary {
  url: string;
}

export async function upsertSummaryComment(context: SummaryContext, pr: PullRequestRef, body: string): Promise<UpsertSummaryResult> {
  const { log } = context;
  // Without the marker the comment could never be found again: every run would add one.
  const run: RunContent = { body: body.startsWith(SUMMARY_MARKER) ? body : `${SUMMARY_MARKER}\n${body}`, headSha: pr.headSha };

  const head = await readPullHead(context.octokit, pr);
  if (head !== pr.headSha) {
    log?.info(`${describePr(pr)}: the head moved to ${shortSha(head)} since ${shortSha(pr.headSha)} was reviewed; the summary comment is left to the run on the new head`);
    return { kind: 'superseded', headSha: head };
  }

  let written: UpsertSummaryResult;
  let own = await listOwnSummaries(context, pr);
  // A summary of another commit may be a newer run's, written since the head was read above (a
  // push, and a faster run on it): read the head once more before writing over it.
  if (own.some((c) => namesAnotherCommit(c.body, pr.headSha))) {
    const again = await readPullHead(context.octokit, pr);
    if (again !== pr.headSha) {
      log?.info(`${describePr(pr)}: the head moved to ${shortSha(again)} since ${shortSha(pr.headSha)} was reviewed; the summary comment is left to the run on the new head`);
      return { kind: 'superseded', headSha: again };
    }
  }
  if (own.length === 0) {
    written = await create(context, pr, run.body);
  } else {
    const applied = await applyPlan(context, pr, own, run, head);
    written = applied ?? (await create(context, pr, run.body));
  }
  if (written.kind !== 'created' && written.kind !== 'updated') return written;

  // A racing run may have created its own summary meanwhile, or the head may have moved while
  // this one was written: list again and converge (keep the oldest, content for the head). The
  // summary is written either way, so a failure here is a warning, not a lost summary.
  let headNow: string;
  try {
    headNow = await readPullHead(context.octokit, pr);
    own = await listOwnSummaries(context, pr);
    await applyPlan(context, pr, own, run, headNow);
  } catch (error) {
    log?.warning(`${describePr(pr)}: could not check the summary comment against a racing run: ${describeGitHubError(error)}`);
    return written;
  }
  if (headNow !== pr.headSha) {
    log?.info(`${describePr(pr)}: the head moved to ${shortSha(headNow)} while the summary of ${shortSha(pr.headSha)} was written`);
    return { kind: 'superseded', headSha: headNow };
  }
  return written;
}

function namesAnotherCommit(body: string, sha: string): boolean {
  const reviewed = reviewedHeadOf(body);
  return reviewed !== undefined && !sha.toLowerCase().startsWith(reviewed);
}

/** The fields of a listed issue comment review-gate reads. */
const ISSUE_COMMENT = object({ id: integer, body: optional(string), user: COMMENT_AUTHOR, html_url: string });

async function listOwnSummaries({ octokit, trusted }: SummaryContext, pr: PullRequestRef): Promise<Listed[]> {
  const comments = await readRestList(
    { what: `the comments of ${describePr(pr)}`, entry: ISSUE_COMMENT, identity: (comment) => `comment ${comment.id}`, perPage: 100 },
    (page) => octokit.rest.issues.listComments({ owner: pr.owner, repo: pr.repo, issue_number: pr.number, per_page: 100, page }),
  ).catch((error: unknown) => {
    throw wrapListFailure(`Listing the comments of ${describePr(pr)}`, error);
  });
  const marked = comments.filter((comment) => (comment.body ?? '').trimStart().startsWith(SUMMARY_MARKER));
  const ours = await Promise.all(marked.map((comment) => trusted(comment.user)));
  return marked.filter((_, i) => ours[i] === true).map((c) => ({ id: c.id, body: c.body ?? '', url: c.html_url }));
}

/**
 * Writes the plan: the kept comment's new body, then the deletions. A kept comment GitHub will
 * not let us edit (the token's account lost the right since) is passed over for the next oldest.
 * Undefined when none could be kept: the caller creates one.
 */
async function applyPlan(
  context: SummaryContext,
  pr: PullRequestRef,
  own: Listed[],
  run: RunContent,
  head: string,
): Promise<UpsertSummaryResult | undefined> {
  const { octokit, gate, log } = context;
  const target = { owner: pr.owner, repo: pr.repo };
  let candidates = own;
  for (;;) {
    const plan: SummaryPlan = planSummary(candidates, run, head);
    const keep = candidates.find((c) => c.id === plan.keep?.id);
    if (keep === undefined) return undefined;
    let url = keep.url;
    if (plan.write !== undefined) {
      const newBody = plan.write;
      try {
        const { data } = await gate.run(() => octokit.rest.issues.updateComment({ ...target, comment_id: keep.id, body: newBody }));
        url = data.html_url;
      } catch (error) {
        if (!isWriteRefused(error)) throw new GitHubApiError(`Editing the summary comment of ${describePr(pr)}`, error);
        log?.info(`${describePr(pr)}: could not edit summary comment ${keep.id} (GitHub answered ${requestStatus(error)}); trying the next`);
        candidates = candidates.filter((c) => c.id !== keep.id);
        continue;
      }
    }
    for (const id of plan.remove) await removeDuplicate(context, pr, id);
    return { kind: 'updated', url };
  }
}

async function removeDuplicate({ octokit, gate, log }: SummaryContext, pr: PullRequestRef, id: number): Promise<void> {
  try {
    await gate.run(() => octokit.rest.issues.deleteComment({ owner: pr.owner, repo: pr.repo, comment_id: id }));
    log?.info(`${describePr(pr)}: deleted summary comment ${id}, a duplicate of an older one (two runs raced)`);
  } catch (error) {
    // 404: a racing run deleted it first. 403: not ours to delete; it stays, and is never edited.
    if (isWriteRefused(error)) log?.debug(`${describePr(pr)}: summary comment ${id} not deleted (GitHub answered ${requestStatus(error)})`);
    else throw new GitHubApiError(`Deleting a duplicate summary comment of ${describePr(pr)}`, error);
  }
}

/**
 * Creates the summary. Automatic retries are off: plugin-retry resends a 5xx even on a POST, and
 * a comment GitHub stored before its answer was lost would then be there twice. A lost answer is
 * settled by listing again; only when no summary is there is it sent once more.
 */
async function create(context: SummaryContext, pr: PullRequestRef, body: string): Promise<UpsertSummaryResult> {
  const { octokit, gate, log } = context;
  for (let sends = 1; ; sends++) {
    try {
      const { data } = await gate.run(() =>
        octokit.rest.issues.createComment({ owner: pr.owner, repo: pr.repo, issue_number: pr.number, body, request: { retries: 0 } }),
      );
      return { kind: 'created', url: data.html_url };
    } catch (error) {
      if (isWriteRefused(error)) return { kind: 'read-only', message: readOnlyMessage(describePr(pr), error) };
      const status = requestStatus(error);
      if (status !== undefined && status < 500) throw new GitHubApiError(`Creating the summary comment of ${describePr(pr)}`, error);
      const there = await listOwnSummaries(context, pr);
      const oldest = there.reduce<Listed | undefined>((best, c) => (best === undefined || c.id < best.id ? c : best), undefined);
      if (oldest !== undefined) {
        log?.info(`${describePr(pr)}: GitHub answered ${status ?? 'nothing'} to the summary comment, but one is there (${oldest.id})`);
        return { kind: 'created', url: oldest.url };
      }
      if (sends >= MAX_CREATE_SENDS) {
        throw new GitHubApiError(`Creating the summary comment of ${describePr(pr)} (sent ${sends} times, not on the pull request afterwards)`, error);
      }
      log?.warning(`${describePr(pr)}: GitHub answered ${status ?? 'nothing'} to the summary comment and it is not there; sending it once more`);
    }
  }
}
