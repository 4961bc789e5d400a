/**
 * Writes to the pull request: one review carrying the inline comments (never a duplicate of a
 * comment already there, never lost to GitHub's 422, never posted twice on a lost answer), and
 * the single summary comment. The steps of a review are parts of their own: review-plan.ts (what
 * to send), review-batches.ts (the reviews sent, what GitHub refused left out, what landed added
 * up), review-poster.ts (one review sent), isolate-refused.ts (which comments GitHub refuses);
 * this module checks the head, lists what is there, composes them, and keeps one copy of each
 * comment a racing run posted too.
 */
import type { PlannedComment, PostReviewResult, ReviewPublisher } from '../domain/writes';
import type { PullRequestRef } from '../domain/pull-request';
import { describeGitHubError, describePr } from '../github/errors';
import type { GitHubClient, GitHubLog } from '../github/octokit';
import { readPullHead } from '../github/pull-head';
import { shortSha } from '../domain/object-name';
import { createWriteGate } from '../github/write-gate';
import type { WriteGate } from '../github/write-gate';
import { createAuthorTrust } from './identity';
import type { AuthorTrust } from './identity';
import { listOwnInlineComments, removeDuplicateComments } from './inline-convergence';
import type { ListedInlineComment } from './inline-convergence';
import { ReviewBatches } from './review-batches';
import { MAX_COMMENTS_PER_REVIEW, checkCommentsPerReview, planReview } from './review-plan';
import { upsertSummaryComment } from './summary-comment';

export interface ReviewPublisherOptions {
  /** Paces every write of this publisher (default: GitHub's pacing on the real clock). */
  writeGate?: WriteGate;
  /** Inline comments per review request (default `MAX_COMMENTS_PER_REVIEW`, 30; see review-plan.ts). */
  maxCommentsPerReview?: number;
  /**
   * Probes (pending reviews) one `postReview` may create to find the comments GitHub refuses
   * (default 25). Each accepted probe costs one more request, its deletion.
   */
  maxIsolationRequests?: number;
  log?: GitHubLog;
  /** Whose markers to trust (default: built from this client; pass one to share its identity lookup). */
  trusted?: AuthorTrust;
}

export function createReviewPublisher(octokit: GitHubClient, options: ReviewPublisherOptions = {}): ReviewPublisher {
  const maxPerReview = options.maxCommentsPerReview ?? MAX_COMMENTS_PER_REVIEW;
  checkCommentsPerReview(maxPerReview);
  const context: PublisherContext = {
    octokit,
    gate: options.writeGate ?? createWriteGate(),
    log: options.log,
    trusted: options.trusted ?? createAuthorTrust(octokit, options.log),
    maxPerReview,
    isolationBudget: options.maxIsolationRequests ?? 25,
  };
  return {
    postReview: (pr, comments, body) => postReview(context, pr, comments, body),
    upsertSummary: (pr, body) => upsertSummaryComment(context, pr, body),
  };
}

/** What every write of one publisher shares. */
interface PublisherContext {
  octokit: GitHubClient;
  gate: WriteGate;
  log: GitHubLog | undefined;
  trusted: AuthorTrust;
  maxPerReview: number;
  isolationBudget: number;
}

async function postReview(context: PublisherContext, pr: PullRequestRef, comments: PlannedComment[], body: string): Promise<PostReviewResult> {
  const { octokit, gate, log, trusted } = context;
  // A push during the run: what the run found is about an older commit, and the run on the new
  // head posts instead. Nothing stale lands.
  const head = await readPullHead(octokit, pr);
  if (head !== pr.headSha) {
    log?.info(`${describePr(pr)}: the head moved to ${shortSha(head)} since ${shortSha(pr.headSha)} was reviewed; no review posted`);
    return { kind: 'superseded', headSha: head };
  }
  // Pending reviews' comments are not listed, nor dismissed comments that speak for other
  // findings than the ones being posted.
  const passOver = new Set(comments.flatMap((comment) => comment.dismissedElsewhere ?? []));
  const withoutPassedOver = (listed: readonly ListedInlineComment[]): ListedInlineComment[] => listed.filter((comment) => !passOver.has(comment.id));
  const listedAll = await listOwnInlineComments(octokit, trusted, pr);
  const listedBefore = withoutPassedOver(listedAll);
  const plan = planReview(comments, reviewsOf(listedBefore).keys(), context.maxPerReview);
  // Where each finding's comment is, for the job summary: the comment's own link, else its review's.
  const links = commentLinks(listedBefore);
  if (plan.batches.length === 0) {
    log?.info(`${describePr(pr)}: all ${plan.alreadyPresent.length} inline comments are already there; no review posted`);
    // Copies an earlier run left (one that raced, or could not tell its own comments) go now,
    // from the listing already made: no request unless there is a copy to delete.
    await removeDuplicateComments({ octokit, gate, log }, pr, listedAll, passOver).catch((error: unknown) => {
      log?.warning(`${describePr(pr)}: could not remove copies of inline comments: ${describeGitHubError(error)}`);
    });
    return { kind: 'posted', posted: [], alreadyPresent: [...plan.alreadyPresent], rejected: [], links };
  }

  const listFingerprints = async (): Promise<Map<string, number | null>> => reviewsOf(withoutPassedOver(await listOwnInlineComments(octokit, trusted, pr)));
  const reviews = new ReviewBatches({ octokit, gate, log, pr }, { body, isolationBudget: context.isolationBudget, links, listFingerprints });
  const readOnly = await reviews.sendAll(plan.batches);
  if (readOnly !== undefined) return readOnly;
  const { posted, alreadyPresent } = await keepOneCopy(context, pr, passOver, reviews, links, plan.alreadyPresent);
  const { rejected } = reviews;
  if (rejected.length > 0) log?.warning(`${describePr(pr)}: ${describeRejected(rejected)}; left out of the review and listed in the summary`);
  log?.debug(`${describePr(pr)}: ${reviews.probes} probe(s) to isolate refused comments`);
  const { reviewUrl } = reviews;
  return reviewUrl === undefined
    ? { kind: 'posted', posted, alreadyPresent, rejected, links }
    : { kind: 'posted', posted, alreadyPresent, rejected, reviewUrl, links };
}

/**
 * A racing run may have posted the same comments meanwhile: one copy of each stays. Ours deleted
 * for the racing run's older copy count as already present, as if listed first. The review has
 * landed either way, so a failure here costs a duplicate, never the gate.
 */
async function keepOneCopy(
  { octokit, gate, log, trusted }: PublisherContext,
  pr: PullRequestRef,
  passOver: ReadonlySet<number>,
  sent: Pick<ReviewBatches, 'posted' | 'ownReviews'>,
  links: Map<string, string>,
  listedFirst: readonly PlannedComment[],
): Promise<{ posted: PlannedComment[]; alreadyPresent: PlannedComment[] }> {
  const posted = [...sent.posted];
  const alreadyPresent = [...listedFirst];
  if (posted.length === 0) return { posted, alreadyPresent };
  try {
    const listedAfter = await listOwnInlineComments(octokit, trusted, pr);
    for (const [fingerprint, link] of commentLinks(listedAfter)) links.set(fingerprint, link);
    const removed = await removeDuplicateComments({ octokit, gate, log }, pr, listedAfter, passOver);
    const ownRemoved = new Set(removed.filter((c) => c.reviewId !== null && sent.ownReviews.has(c.reviewId)).flatMap((c) => c.fingerprints));
    alreadyPresent.push(...posted.filter((c) => ownRemoved.has(c.fingerprint)));
    return { posted: posted.filter((c) => !ownRemoved.has(c.fingerprint)), alreadyPresent };
  } catch (error) {
    log?.warning(`${describePr(pr)}: could not check for inline comments a racing run posted too: ${describeGitHubError(error)}`);
    return { posted, alreadyPresent };
  }
}

/** The comments GitHub could not place, and where they were meant to go. */
function describeRejected(rejected: readonly PlannedComment[]): string {
  const where = rejected.map((c) => `${c.path}:${c.line}`).join(', ');
  return `GitHub could not place ${rejected.length} inline ${rejected.length === 1 ? 'comment' : 'comments'} (${where})`;
}

/** Fingerprint → id of the review carrying it. */
function reviewsOf(listed: readonly ListedInlineComment[]): Map<string, number | null> {
  return new Map(listed.flatMap((comment) => comment.fingerprints.map((fp) => [fp, comment.reviewId] as const)));
}

/** Fingerprint → the link of the oldest of our comments carrying it: the copy convergence keeps. */
function commentLinks(listed: readonly ListedInlineComment[]): Map<string, string> {
  const links = new Map<string, string>();
  for (const comment of [...listed].sort((a, b) => a.id - b.id)) {
    for (const fingerprint of comment.fingerprints) if (comment.url !== undefined && !links.has(fingerprint)) links.set(fingerprint, comment.url);
  }
  return links;
}
