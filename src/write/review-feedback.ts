/**
 * The pull request's review threads as review-gate reads and answers them: one listing of the
 * review comments gives its own inline comments (those of its identity, see identity.ts) and
 * the replies to them, each dismissal reaching as far as the reach marker of the comment it
 * answers says (markers.ts); after the verdict, the threads of findings fixed since are closed
 * (review-threads.ts). A reply counts as a dismissal candidate only under review-gate's own
 * comment: a person cannot dismiss by replying to a comment that merely imitates one. Each
 * candidate's author's access to the repository is read with it, so the gate can judge it.
 */
import { parseDismissCommand } from '../domain/dismissal';
import type { DismissalReply } from '../domain/dismissal';
import type { PullRequestRef } from '../domain/pull-request';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { WriteGate } from '../github/write-gate';
import type { FeedbackSnapshot, OwnThreadComment, ReviewFeedback } from '../domain/feedback';
import { FIXED_MARKER, extractFingerprints, readReach } from '../domain/markers';
import type { AccessReader } from '../domain/repository-access';
import type { AuthorTrust } from './identity';
import { listReviewComments } from './inline-convergence';
import { closeThreads } from './review-threads';

export interface FeedbackContext {
  octokit: GitHubClient;
  gate: WriteGate;
  trusted: AuthorTrust;
  /** Reads each dismissal's author's access to the repository; without it (dismiss: off) none is read. */
  access?: AccessReader;
  log?: GitHubLog;
}

/** The fields of a listed review comment this module reads. */
export interface ListedComment {
  id: number;
  body: string;
  path: string;
  in_reply_to_id?: number;
  /** GitHub moves `line` along with pushes (null once outdated); `original_line` stays where it was posted. */
  line?: number | null;
  original_line?: number | null;
  user: { login: string; type?: string } | null;
}

/** The thread's first comment: GitHub points every reply to it, but a chain is followed anyway. */
function rootOf(comment: ListedComment, byId: ReadonlyMap<number, ListedComment>): ListedComment | undefined {
  let current = comment;
  for (let hops = 0; current.in_reply_to_id !== undefined; hops++) {
    const parent = byId.get(current.in_reply_to_id);
    if (parent === undefined || hops > 100) return undefined;
    current = parent;
  }
  return current;
}

/** Splits a listing into review-gate's thread-opening comments and the dismissal replies to them. Pure. */
export function readSnapshot(comments: readonly ListedComment[], ours: ReadonlySet<number>): FeedbackSnapshot {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const own = new Map<number, OwnThreadComment>();
  for (const c of comments) {
    const fingerprints = extractFingerprints(c.body);
    if (!ours.has(c.id) || c.in_reply_to_id !== undefined || fingerprints.length === 0) continue;
    const line = c.line ?? c.original_line ?? undefined;
    own.set(c.id, { id: c.id, path: c.path, fingerprints, body: c.body, humanReplies: 0, markedFixed: c.body.includes(FIXED_MARKER), ...(line === undefined ? {} : { line }) });
  }
  const dismissals: DismissalReply[] = [];
  for (const c of comments) {
    if (ours.has(c.id) || c.in_reply_to_id === undefined || c.user === null) continue;
    const root = rootOf(c, byId);
    const thread = root === undefined ? undefined : own.get(root.id);
    if (thread === undefined) continue;
    thread.humanReplies++;
    if (parseDismissCommand(c.body) === undefined) continue;
    const replied = root as ListedComment;
    dismissals.push({
      commentId: c.id, fingerprints: thread.fingerprints, login: c.user.login, body: c.body,
      // How far it reaches is the data of our own comment's marker, never its rendered text.
      threadId: replied.id, line: replied.line ?? replied.original_line ?? undefined, occurrences: readReach(replied.body),
    });
  }
  return { own: [...own.values()], dismissals };
}

export function createReviewFeedback(context: FeedbackContext): ReviewFeedback {
  return {
    async read(pr: PullRequestRef): Promise<FeedbackSnapshot> {
      const comments: ListedComment[] = await listReviewComments(context.octokit, pr);
      const trust = await Promise.all(comments.map((c) => context.trusted(c.user)));
      const read = readSnapshot(comments, new Set(comments.filter((_, i) => trust[i] === true).map((c) => c.id)));
      // Without its identity the run trusts no comment: the summary says why no dismissal counted.
      const unknown = context.trusted.unknownIdentity();
      const snapshot = unknown === undefined ? read : { ...read, problem: unknown };
      const { access } = context;
      if (access === undefined) return snapshot;
      // Beside the replies, before the gate: who may dismiss is data for the locate stage.
      const dismissals = await Promise.all(snapshot.dismissals.map(async (reply) => ({ ...reply, access: await access(reply.login) })));
      return { ...snapshot, dismissals };
    },
    closeFixed: (pr, fixed) => closeThreads(context, pr, fixed),
  };
}
