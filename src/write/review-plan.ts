/**
 * Which inline comments a run sends, and in which reviews: pure, so the rules are tested
 * without GitHub. A comment whose fingerprint is already on the pull request is not sent again.
 */
import type { PlannedComment } from '../domain/writes';

/**
 * Inline comments per review request. GitHub documents no maximum, but large review requests
 * are known to time out (502), so only a run with more comments than this posts a second review.
 */
export const MAX_COMMENTS_PER_REVIEW = 30;

export interface ReviewPlan {
  /** The comments to send, in their order, at most the cap per review; empty when none is new. */
  batches: PlannedComment[][];
  /** Comments whose fingerprint is on the pull request already, or earlier in the same plan. */
  alreadyPresent: PlannedComment[];
}

/** A cap of 0 would never finish; anything but a positive integer is a caller's mistake. */
export function checkCommentsPerReview(maxPerReview: number): void {
  if (!Number.isInteger(maxPerReview) || maxPerReview < 1) {
    throw new TypeError(`Expected \`maxCommentsPerReview\` to be an integer from 1 up, got ${maxPerReview}`);
  }
}

/**
 * @param comments the inline comments the run found, in the order they are to appear
 * @param present the fingerprints our comments on the pull request already carry
 */
export function planReview(
  comments: readonly PlannedComment[],
  present: Iterable<string>,
  maxPerReview: number = MAX_COMMENTS_PER_REVIEW,
): ReviewPlan {
  checkCommentsPerReview(maxPerReview);
  const seen = new Set(present);
  const fresh: PlannedComment[] = [];
  const alreadyPresent: PlannedComment[] = [];
  for (const comment of comments) {
    // A fingerprint twice in one batch would be a duplicate as soon as the first lands.
    if (seen.has(comment.fingerprint)) alreadyPresent.push(comment);
    else {
      seen.add(comment.fingerprint);
      fresh.push(comment);
    }
  }
  const batches: PlannedComment[][] = [];
  for (let start = 0; start < fresh.length; start += maxPerReview) batches.push(fresh.slice(start, start + maxPerReview));
  return { batches, alreadyPresent };
}
