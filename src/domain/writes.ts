/**
 * What the run writes to the pull request and the commit, and how each write ended. The
 * review's comments are planned before the gate decides; every outcome here is data the
 * surfaces show, never a change to the verdict.
 */
import type { LabelledFinding } from './findings';
import type { PullRequestRef } from './pull-request';


/** An inline comment ready to post: validated against the patch, body rendered. */
export interface PlannedComment {
  path: string;
  /** A line the pull request adds, on the RIGHT side. */
  line: number;
  body: string;
  /** Hidden marker value; stable across pushes that only move the line. */
  fingerprint: string;
  finding: LabelledFinding;
  /** Security flags this comment carries: the finding stands for them (locate/same-line-flags.ts). */
  flags?: LabelledFinding[];
  /**
   * Ids of review-gate's comments with this fingerprint whose dismissal covers other findings
   * (see applyDismissals): they are not this finding's comment, so it is posted all the same.
   */
  dismissedElsewhere?: number[];
}



/**
 * The pull request's head is no longer the commit the run reviewed (a push during the run):
 * nothing stale was written, and the run on the new head reports instead.
 */
export interface Superseded {
  kind: 'superseded';
  /** The pull request's head when the run looked. */
  headSha: string;
}

export type PostReviewResult =
  | {
      kind: 'posted';
      /** Comments sent and accepted. */
      posted: PlannedComment[];
      /** Comments skipped because a comment with the same fingerprint is already there. */
      alreadyPresent: PlannedComment[];
      /** Comments GitHub would not take (422), isolated and left out; the review still landed. */
      rejected: PlannedComment[];
      reviewUrl?: string;
      /**
       * Fingerprint → where its inline comment is on GitHub, when known: the comment's own link,
       * else that of the review that carried it. The job summary links each inline finding to it.
       */
      links?: ReadonlyMap<string, string>;
    }
  /** The token cannot write (fork pull requests): nothing was posted. */
  | { kind: 'read-only'; message: string }
  | Superseded;

export type UpsertSummaryResult =
  | { kind: 'created' | 'updated'; url?: string }
  | { kind: 'read-only'; message: string }
  | Superseded;

/** Writes to the pull request. */
export interface ReviewPublisher {
  postReview(pr: PullRequestRef, comments: PlannedComment[], body: string): Promise<PostReviewResult>;
  upsertSummary(pr: PullRequestRef, body: string): Promise<UpsertSummaryResult>;
}

/** How posting the review ended; `failed` fails the check, the rest are notices. */
export type PostingReport = PostReviewResult | { kind: 'dry-run' } | { kind: 'failed'; message: string };

/**
 * How writing the summary comment ended. It is written after the verdict, with it, so its
 * outcome never changes the verdict: a failure is reported on every other surface instead.
 */
export type SummaryReport = UpsertSummaryResult | { kind: 'dry-run' } | { kind: 'failed'; message: string };

/** A check run written on GitHub. */
export interface WrittenCheckRun {
  kind: 'written';
  created: boolean;
  id: number;
  url?: string;
  annotations: number;
}

/**
 * How writing the check run ended. Like the summary comment it is written after the verdict,
 * from it, and its outcome never changes it. `off`: check-run is false, or a dry run.
 */
export type CheckRunReport =
  | (WrittenCheckRun & {
      /**
       * Other open pull requests whose head is the same commit and whose verdict there is stricter
       * than this run's: a check run belongs to the commit, so it concludes with theirs.
       */
      heldBy?: Array<{ pr: number; conclusion: 'failure' | 'neutral'; title: string }>;
    })
  | { kind: 'read-only'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'off' };
