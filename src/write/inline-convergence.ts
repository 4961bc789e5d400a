/**
 * Inline comments duplicated by a racing run. Two runs on one pull request can both list the
 * comments before either review lands, and both post the same findings: the fingerprint check
 * cannot see a review still in flight. After posting, the run lists again and converges: for each
 * fingerprint the OLDEST copy (lowest id) stays and newer copies are deleted. Every run that lists
 * picks the same copies, so racing runs converge (a copy already deleted answers 404, as wanted),
 * and the run whose review landed last always lists after both and cleans up.
 *
 * A run that could not learn its identity (identity.ts) recognises none of its comments and posts
 * them again; the next run that knows it removes those copies by the same rule.
 *
 * A submitted review cannot be deleted; one left without comments gets a body saying why.
 */
import { extractFingerprints } from '../domain/markers';
import type { PullRequestRef } from '../domain/pull-request';
import { GitHubApiError, describePr, isWriteRefused, requestStatus } from '../github/errors';
import { integer, nullable, object, optional, string } from '../domain/shape';
import { readRestList, wrapListFailure } from '../github/paged-list';
import { COMMENT_AUTHOR } from './identity';
import type { AuthorTrust } from './identity';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import type { WriteGate } from '../github/write-gate';

/** One of our inline comments as listed, with the fingerprints its body carries. */
export interface ListedInlineComment {
  id: number;
  reviewId: number | null;
  fingerprints: string[];
  /** Someone replied to it (a dismissal, a question): a conversation, never deleted as a copy. */
  replied?: boolean;
  /** Its link on GitHub (`html_url`), when listed. */
  url?: string;
  /** `path:line` where GitHub shows it at the head (no line: outdated), when listed. */
  place?: string;
}

/** The fields of a listed review comment review-gate reads (a reply has `in_reply_to_id`). */
const REVIEW_COMMENT = object({
  id: integer,
  body: string,
  path: string,
  in_reply_to_id: optional(integer),
  line: optional(integer),
  original_line: optional(integer),
  author_association: string,
  user: COMMENT_AUTHOR,
  pull_request_review_id: nullable(integer),
  html_url: optional(string),
});

/** Every review comment on the pull request, replies included; pending reviews' comments are not listed. */
export async function listReviewComments(octokit: GitHubClient, pr: PullRequestRef): Promise<Array<ReturnType<typeof REVIEW_COMMENT>>> {
  return readRestList(
    { what: `the review comments of ${describePr(pr)}`, entry: REVIEW_COMMENT, identity: (c) => `comment ${c.id}`, perPage: 100 },
    (page) => octokit.rest.pulls.listReviewComments({ owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100, page }),
  ).catch((error: unknown) => {
    throw wrapListFailure(`Listing the review comments of ${describePr(pr)}`, error);
  });
}

/** Our inline comments on the pull request (see identity.ts). Pending reviews' comments are not listed. */
export async function listOwnInlineComments(octokit: GitHubClient, trusted: AuthorTrust, pr: PullRequestRef): Promise<ListedInlineComment[]> {
  const comments = await listReviewComments(octokit, pr);
  const ours = await Promise.all(comments.map((comment) => trusted(comment.user)));
  const replied = new Set(comments.flatMap((comment, i) => (ours[i] !== true && comment.in_reply_to_id !== undefined ? [comment.in_reply_to_id] : [])));
  return comments
    .filter((_, i) => ours[i] === true)
    .map((comment) => ({
      id: comment.id,
      reviewId: comment.pull_request_review_id,
      fingerprints: extractFingerprints(comment.body),
      ...(replied.has(comment.id) ? { replied: true } : {}),
      ...(comment.html_url === undefined ? {} : { url: comment.html_url }),
      ...(comment.line === undefined ? {} : { place: `${comment.path}:${comment.line}` }),
    }));
}

export interface DuplicatePlan {
  /** Comments whose every fingerprint an older comment already carries. */
  remove: ListedInlineComment[];
  /** Reviews none of whose listed comments stays. */
  emptied: number[];
}

/** Body of a review whose comments all repeated an older review's and were deleted. */
export const EMPTIED_REVIEW_BODY =
  'review-gate: the inline comments of this review repeated those of an earlier review (posted by a run that raced this one, or by one that could not tell its own comments) and were removed; the earlier review has them.';

/**
 * A copy is a newer comment with the same fingerprints: a racing run posted the finding too, on
 * this commit or on a newer one where its line moved. Comments someone replied to, and `exempt`
 * ones, are no one's copy: a racing copy is never replied to before it is found, and a dismissed
 * comment speaks for other findings than a look-alike (see applyDismissals), so that one's own
 * comment stays. A comment someone replied to makes a copy only of a newer one on its very line
 * (`place`): a look-alike's comment is on another line, while a run that could not tell its own
 * comments posted its copy on the same one.
 */
export function planDuplicateRemoval(comments: readonly ListedInlineComment[], exempt: ReadonlySet<number> = new Set()): DuplicatePlan {
  const seen = new Set<string>();
  const repliedAt = new Set<string>();
  const at = (fp: string, comment: ListedInlineComment): string => `${fp} ${comment.place ?? ''}`;
  const remove: ListedInlineComment[] = [];
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    if (comment.fingerprints.length === 0 || exempt.has(comment.id)) continue;
    if (comment.replied === true) {
      if (comment.place !== undefined) for (const fp of comment.fingerprints) repliedAt.add(at(fp, comment));
      continue;
    }
    const copyOfReplied = comment.place !== undefined && comment.fingerprints.every((fp) => repliedAt.has(at(fp, comment)));
    if (copyOfReplied || comment.fingerprints.every((fp) => seen.has(fp))) remove.push(comment);
    else for (const fp of comment.fingerprints) seen.add(fp);
  }
  const removed = new Set(remove.map((c) => c.id));
  const reviewIds = new Set(remove.flatMap((c) => (c.reviewId === null ? [] : [c.reviewId])));
  const emptied = [...reviewIds].filter((reviewId) => comments.every((c) => c.reviewId !== reviewId || removed.has(c.id)));
  return { remove, emptied };
}

export interface ConvergenceContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
}

/** Deletes the newer copies and explains the reviews they empty; returns the copies deleted. */
export async function removeDuplicateComments(
  { octokit, gate, log }: ConvergenceContext,
  pr: PullRequestRef,
  listed: readonly ListedInlineComment[],
  exempt: ReadonlySet<number> = new Set(),
): Promise<ListedInlineComment[]> {
  const plan = planDuplicateRemoval(listed, exempt);
  if (plan.remove.length === 0) return [];
  const target = { owner: pr.owner, repo: pr.repo };
  const deleted: ListedInlineComment[] = [];
  for (const comment of plan.remove) {
    try {
      await gate.run(() => octokit.rest.pulls.deleteReviewComment({ ...target, comment_id: comment.id }));
      deleted.push(comment);
    } catch (error) {
      // 404: the racing run deleted it first, which is the state we wanted.
      if (requestStatus(error) === 404) deleted.push(comment);
      else if (isWriteRefused(error)) log?.debug(`${describePr(pr)}: inline comment ${comment.id} not deleted (GitHub answered ${requestStatus(error)})`);
      else throw new GitHubApiError(`Deleting a duplicate inline comment of ${describePr(pr)}`, error);
    }
  }
  log?.info(`${describePr(pr)}: deleted ${deleted.length} newer cop${deleted.length === 1 ? 'y' : 'ies'} of inline comments (posted by a racing run, or by one that could not tell its own comments); the older copies stay`);
  const gone = new Set(deleted.map((c) => c.id));
  const emptied = plan.emptied.filter((reviewId) => listed.every((c) => c.reviewId !== reviewId || gone.has(c.id)));
  for (const reviewId of emptied) {
    try {
      await gate.run(() => octokit.rest.pulls.updateReview({ ...target, pull_number: pr.number, review_id: reviewId, body: EMPTIED_REVIEW_BODY }));
    } catch (error) {
      // Only the explanation is lost: the comments are already one copy each.
      log?.debug(`${describePr(pr)}: could not update emptied review ${reviewId}: ${String(error)}`);
    }
  }
  return deleted;
}
