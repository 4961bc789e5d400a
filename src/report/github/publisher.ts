/**
 * Writes to the pull request: one review carrying the inline comments (never a duplicate of a
 * comment already there, never lost to GitHub's 422, never posted twice on a lost answer), and
 * the single summary comment. The steps of a review are parts of their own, each returning data:
 * review-plan.ts (what to send), review-poster.ts (one review sent), isolate-refused.ts (which
 * comments GitHub refuses); this module composes them and adds up what landed.
 */
import type { PlannedComment, PostReviewResult, ReviewPublisher } from '../../domain/writes';
import type { PullRequestRef } from '../../domain/pull-request';
import { GitHubApiError, describeGitHubError, describePr } from '../../github/errors';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { readPullHead } from '../../github/pull-head';
import { shortSha } from '../../domain/object-name';
import { createWriteGate } from '../../github/write-gate';
import type { WriteGate } from '../../github/write-gate';
import { createAuthorTrust } from './identity';
import type { AuthorTrust } from './identity';
import { listOwnInlineComments, removeDuplicateComments } from './inline-convergence';
import type { ListedInlineComment } from './inline-convergence';
import { isolateRefused } from './isolate-refused';
import { createProber } from './pending-reviews';
import { MAX_COMMENTS_PER_REVIEW, checkCommentsPerReview, planReview } from './review-plan';
import { sendReview } from './review-poster';
import type { ReviewPosterContext, SentReview } from './review-poster';
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

/** Body of the reviews after the first: GitHub requires a body on a COMMENT review. */
export const CONTINUATION_BODY = 'More inline comments from review-gate for the same commit.';

/** Body of the first review when the caller's is blank (GitHub refuses a blank one). */
const DEFAULT_BODY = 'Inline comments from review-gate.';

export function createReviewPublisher(octokit: GitHubClient, options: ReviewPublisherOptions = {}): ReviewPublisher {
  const gate = options.writeGate ?? createWriteGate();
  const maxPerReview = options.maxCommentsPerReview ?? MAX_COMMENTS_PER_REVIEW;
  checkCommentsPerReview(maxPerReview);
  const isolationBudget = options.maxIsolationRequests ?? 25;
  const log = options.log;
  const trusted = options.trusted ?? createAuthorTrust(octokit, log);

  const listOwnComments = (pr: PullRequestRef): Promise<ListedInlineComment[]> => listOwnInlineComments(octokit, trusted, pr);

  /**
   * Our inline comments on the pull request. Pending reviews' comments are not listed, nor
   * `passOver`: dismissed comments that speak for other findings than the ones being posted.
   */
  async function listedComments(pr: PullRequestRef, passOver: ReadonlySet<number>): Promise<ListedInlineComment[]> {
    return (await listOwnComments(pr)).filter((comment) => !passOver.has(comment.id));
  }
  /** Fingerprint → id of the review carrying it. */
  const reviewsOf = (listed: readonly ListedInlineComment[]): Map<string, number | null> =>
    new Map(listed.flatMap((comment) => comment.fingerprints.map((fp) => [fp, comment.reviewId] as const)));

  async function postReview(pr: PullRequestRef, comments: PlannedComment[], body: string): Promise<PostReviewResult> {
    // A push during the run: what the run found is about an older commit, and the run on the new
    // head posts instead. Nothing stale lands.
    const head = await readPullHead(octokit, pr);
    if (head !== pr.headSha) {
      log?.info(`${describePr(pr)}: the head moved to ${shortSha(head)} since ${shortSha(pr.headSha)} was reviewed; no review posted`);
      return { kind: 'superseded', headSha: head };
    }
    const passOver = new Set(comments.flatMap((comment) => comment.dismissedElsewhere ?? []));
    const listedAll = await listOwnComments(pr);
    const listedBefore = listedAll.filter((comment) => !passOver.has(comment.id));
    const plan = planReview(comments, reviewsOf(listedBefore).keys(), maxPerReview);
    const alreadyPresent = [...plan.alreadyPresent];
    // Where each finding's comment is, for the job summary: the comment's own link, else its review's.
    const links = commentLinks(listedBefore);
    if (plan.batches.length === 0) {
      log?.info(`${describePr(pr)}: all ${alreadyPresent.length} inline comments are already there; no review posted`);
      // Copies an earlier run left (one that raced, or could not tell its own comments) go now,
      // from the listing already made: no request unless there is a copy to delete.
      await removeDuplicateComments({ octokit, gate, log }, pr, listedAll, passOver).catch((error: unknown) => {
        log?.warning(`${describePr(pr)}: could not remove copies of inline comments: ${describeGitHubError(error)}`);
      });
      return { kind: 'posted', posted: [], alreadyPresent, rejected: [], links };
    }

    const firstBody = body.trim() === '' ? DEFAULT_BODY : body;
    const prober = createProber({ octokit, gate, log, pr });
    const poster: ReviewPosterContext = { octokit, gate, log, pr, prober, listFingerprints: async () => reviewsOf(await listedComments(pr, passOver)) };
    let posted: PlannedComment[] = [];
    const rejected: PlannedComment[] = [];
    let reviewsPosted = 0;
    let reviewUrl: string | undefined;
    let probes = 0;
    /** Reviews this run published, so comments deleted as duplicates can be told apart. */
    const ownReviews = new Set<number>();

    /** One review sent, what landed added up: the first carries the caller's body. */
    async function send(batch: PlannedComment[]): Promise<SentReview> {
      const first = reviewsPosted === 0;
      const sent = await sendReview(poster, { body: first ? firstBody : CONTINUATION_BODY, comments: batch, first });
      if (sent.kind === 'read-only') return sent;
      posted.push(...sent.racedIn);
      if (sent.kind === 'landed') {
        if (first) reviewUrl = sent.url;
        reviewsPosted++;
        posted.push(...sent.comments);
        if (sent.url !== undefined) for (const comment of sent.comments) links.set(comment.fingerprint, sent.url);
        if (sent.reviewId !== undefined) ownReviews.add(sent.reviewId);
      }
      return sent;
    }

    try {
      for (const batch of plan.batches) {
        // Published at once when GitHub takes it all (the usual case: one request).
        const whole = await send(batch);
        if (whole.kind === 'read-only') return whole;
        if (whole.kind === 'landed') continue;
        const isolated = await isolateRefused(batch, prober, { limit: isolationBudget, spent: probes }, log);
        probes += isolated.probes;
        rejected.push(...isolated.refused);
        if (isolated.accepted.length === 0) continue;
        const second = await send(isolated.accepted);
        if (second.kind === 'read-only') return second;
        if (second.kind === 'refused') {
          throw new GitHubApiError(`Posting the ${isolated.accepted.length} comment(s) GitHub accepted as a pending review on ${describePr(pr)}`, second.error);
        }
      }
      // Every comment refused: the body still carries the findings, so it lands on its own.
      if (reviewsPosted === 0 && body.trim() !== '') {
        const bodyOnly = await send([]);
        if (bodyOnly.kind === 'read-only') return bodyOnly;
        if (bodyOnly.kind === 'refused') throw new GitHubApiError(`Posting a review on ${describePr(pr)}`, bodyOnly.error);
      }
    } finally {
      await prober.cleanUp();
    }

    // A racing run may have posted the same comments meanwhile: one copy of each stays. The
    // review has landed either way, so a failure here costs a duplicate, never the gate.
    if (posted.length > 0) {
      try {
        const listedAfter = await listOwnComments(pr);
        for (const [fingerprint, link] of commentLinks(listedAfter)) links.set(fingerprint, link);
        const removed = await removeDuplicateComments({ octokit, gate, log }, pr, listedAfter, passOver);
        const ownRemoved = new Set(removed.filter((c) => c.reviewId !== null && ownReviews.has(c.reviewId)).flatMap((c) => c.fingerprints));
        // Ours deleted, the racing run's older copy there: already present, as if listed first.
        alreadyPresent.push(...posted.filter((c) => ownRemoved.has(c.fingerprint)));
        posted = posted.filter((c) => !ownRemoved.has(c.fingerprint));
      } catch (error) {
        log?.warning(`${describePr(pr)}: could not check for inline comments a racing run posted too: ${describeGitHubError(error)}`);
      }
    }

    if (rejected.length > 0) {
      const where = rejected.map((c) => `${c.path}:${c.line}`).join(', ');
      log?.warning(`${describePr(pr)}: GitHub could not place ${rejected.length} inline ${rejected.length === 1 ? 'comment' : 'comments'} (${where}); left out of the review and listed in the summary`);
    }
    log?.debug(`${describePr(pr)}: ${probes} probe(s) to isolate refused comments`);
    return reviewUrl === undefined
      ? { kind: 'posted', posted, alreadyPresent, rejected, links }
      : { kind: 'posted', posted, alreadyPresent, rejected, reviewUrl, links };
  }

  return {
    postReview,
    upsertSummary: (pr, body) => upsertSummaryComment({ octokit, gate, log, trusted }, pr, body),
  };
}

/** Fingerprint → the link of the oldest of our comments carrying it: the copy convergence keeps. */
function commentLinks(listed: readonly ListedInlineComment[]): Map<string, string> {
  const links = new Map<string, string>();
  for (const comment of [...listed].sort((a, b) => a.id - b.id)) {
    for (const fingerprint of comment.fingerprints) if (comment.url !== undefined && !links.has(fingerprint)) links.set(fingerprint, comment.url);
  }
  return links;
}
