/**
 * The run as the gate decided it, and as it was then published: what every surface of the
 * verdict is rendered from. It is the pipeline's product, so it is vocabulary every later stage
 * reads, defined here at the bottom.
 */
import type { LabelledFinding } from './findings';
import type { PolicyReport } from './policy';
import type { BaseScore, FileOutcome } from './outcomes';
import type { ReviewTarget } from './pull-request';
import type { GateVerdict } from './verdict';
import type { CheckRunReport, PlannedComment, PostingReport, SummaryReport } from './writes';

/** Which findings become inline comments (write/inline-plan.ts), and where the others are listed. */
export interface InlinePlan {
  /** At most `maxComments`, most severe first, then by path and line. */
  comments: PlannedComment[];
  /** Findings on added lines past `maxComments`, in the same order (listed in the summary). */
  overflow: LabelledFinding[];
  /**
   * Findings not on an added line, in input order; their `location` says where they are. A
   * security flag an issue stands for (`sameAs`) is in no list: that comment carries it.
   */
  notCommentable: LabelledFinding[];
  /**
   * Findings on added lines below `comment-severity`, in the comments' order: listed in the
   * summary, never posted (and never taking a comment's place under `max-comments`).
   */
  belowCommentSeverity: LabelledFinding[];
  /**
   * Findings on added lines folded into a posted comment with the same fingerprint (the same
   * message on lines with the same text); that comment names their lines.
   */
  duplicates: LabelledFinding[];
}

/** What closing the fixed findings' threads did, for the summary. */
export interface ThreadReport {
  /** Findings review-gate commented on that are gone at this head, their threads still open before this run. */
  fixed: number;
  resolved: number;
  /** Comments edited to say the finding was fixed (resolving was not permitted). */
  markedFixed: number;
  /** Threads left open, with why. */
  left: Array<{ path: string; why: string }>;
}

/** The walkthrough atop the summary (run/walkthrough.ts), or the one line saying why there is none. */
/** Characters of walkthrough shown at most; the rest is cut with an ellipsis. */
export const MAX_WALKTHROUGH_LENGTH = 4_000;

export type WalkthroughOutcome = { kind: 'written'; text: string } | { kind: 'failed'; message: string };

/** The run as the gate decided it. */
export interface RunReport {
  /** What was reviewed: the pull request, or the merge group (isMergeGroup), at its head commit. */
  pr: ReviewTarget;
  outcomes: FileOutcome[];
  findings: LabelledFinding[];
  plan: InlinePlan;
  verdict: GateVerdict;
  /** Base-version scores of files judged against them (score-baseline: base). */
  baselines: ReadonlyMap<string, BaseScore>;
  tokensUsed: number;
  listTruncated: boolean;
  posting: PostingReport;
  /** Why the replies to review-gate's comments could not be read: then no dismissal was applied. */
  feedbackProblem?: string;
  /** Threads of findings fixed since the last run; undefined when none were looked for (nothing posted). */
  threads?: ThreadReport;
  /** The policy file the run applied, or that the change edits one; absent when neither. */
  policy?: PolicyReport;
}

/** The run once its verdict is published: the fates of the writes that later surfaces report on. */
export interface PublishedRun extends RunReport {
  /** Set when a walkthrough was asked for. */
  walkthrough?: WalkthroughOutcome;
  summary: SummaryReport;
  checkRun: CheckRunReport;
}
