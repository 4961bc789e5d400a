/**
 * What people said on review-gate's inline comments, as the pipeline reads it through a port:
 * review-gate's own comments (each first of its thread), the dismissal replies to them, and how
 * the threads of fixed findings were closed. GitHub answers it (write/review-feedback.ts); the
 * terminal has none. The steps that read and close are run/feedback.ts.
 */
import type { DismissalReply } from './dismissal';
import type { PullRequestRef } from './pull-request';
import type { ThreadReport } from './run-report';

/** One of review-gate's inline comments, first of its thread, as listed before posting. */
export interface OwnThreadComment {
  id: number;
  path: string;
  /** Fingerprints its body carries (normally one). */
  fingerprints: string[];
  body: string;
  /** Replies in its thread by anyone but review-gate. */
  humanReplies: number;
  /** Its body already says the finding was fixed (an earlier run's fallback). */
  markedFixed: boolean;
  /** Its line as GitHub lists it (the current `line`, else `original_line`), if any. */
  line?: number;
}

export interface FeedbackSnapshot {
  /** review-gate's inline comments, each first of its thread. */
  own: OwnThreadComment[];
  /** Replies to them, by people, that start with the dismiss command. */
  dismissals: DismissalReply[];
  /**
   * Why no comment could be taken for review-gate's own (its identity could not be learned):
   * then there are no own comments and no dismissals, and the summary says why. Already logged.
   */
  problem?: string;
}

/** Reads and answers the pull request's review threads (GitHub; nothing in the terminal). */
export interface ReviewFeedback {
  read(pr: PullRequestRef): Promise<FeedbackSnapshot>;
  /** Resolves (or marks fixed) the threads of `fixed`. */
  closeFixed(pr: PullRequestRef, fixed: readonly OwnThreadComment[]): Promise<ThreadReport>;
}

export type FeedbackReport = { kind: 'read'; snapshot: FeedbackSnapshot } | { kind: 'not-read' } | { kind: 'failed'; message: string };
