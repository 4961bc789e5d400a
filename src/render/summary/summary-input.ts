/** What the summary renderer (summary.ts) takes and gives: the run's facts, the room, the result. */
import type { BaseScore, FileOutcome } from '../../domain/outcomes';
import type { PolicyReport } from '../../domain/policy';
import type { GateVerdict } from '../../domain/verdict';
import type { LabelledFinding } from '../../domain/findings';
import type { PlannedComment } from '../../domain/writes';
import type { ThreadReport } from '../../domain/run-report';
import type { WalkthroughOutcome } from '../../domain/run-report';
import type { InlineFinding } from './inline-section';

export interface SummaryInput {
  verdict: GateVerdict;
  /** Every file of the run: reviewed, skipped or failed. */
  files: FileOutcome[];
  /** Findings on added lines past `max-comments`. */
  overflow: LabelledFinding[];
  /**
   * Findings on added lines whose inline comments were not posted (dry run, read-only token, the
   * review failed): listed here so that none is lost beyond the annotations' per-step caps.
   */
  notPosted?: LabelledFinding[];
  /** Findings not on an added line; grouped by their `location`. */
  notCommentable: LabelledFinding[];
  /** Findings on added lines below `comment-severity`: never posted inline, listed here. */
  belowCommentSeverity?: LabelledFinding[];
  /** Inline comments GitHub would not take (422); the review landed without them. */
  rejected: PlannedComment[];
  /** What the review posted; omitted in a dry run or when nothing could be posted. */
  inline?: { posted: number; alreadyPresent: number };
  /**
   * The findings that are inline comments on the pull request (posted by this run, already there,
   * or folded into one), each with its comment's link when known: listed by the job summary
   * (`listInline`), counted by the other summaries.
   */
  inlineFindings?: InlineFinding[];
  tokensUsed: number;
  /** The head commit reviewed. */
  headSha?: string;
  /** Nothing was posted to the pull request. */
  dryRun?: boolean;
  /**
   * What happened to the summary comment, when it is known (the job summary is written after
   * it): a failure or a newer run taking over, shown as a warning under the verdict.
   */
  summaryComment?: string;
  /** Why the replies to review-gate's comments (dismissals) could not be read, when they could not. */
  feedbackProblem?: string;
  /** Findings fixed since the last run, and their threads. */
  threads?: ThreadReport;
  /** A local run (the terminal command): there is no pull request, so nothing reads as "not posted". */
  local?: boolean;
  /** The policy file the run applied, or that the change edits one. */
  policy?: PolicyReport;
  /** A merge group of the merge queue: named at the top; like a local run, it has no pull request to post to. */
  mergeGroup?: { baseSha: string; headSha: string; headRef: string; pulls: number[] };
  /** The walkthrough, shown first; or the one line saying why there is none. */
  walkthrough?: WalkthroughOutcome;
  /** What happened to the check run, when writing it failed or was refused (shown like `summaryComment`). */
  checkRun?: string;
  /** The check run's own summary: how many findings its annotations left out, and where they are. */
  annotationsLeftOut?: string;
  /** Base-version scores of files judged against them (score-baseline: base): shown as base → head. */
  baselines?: ReadonlyMap<string, BaseScore>;
}

export interface SummaryOptions {
  /** Start with `SUMMARY_MARKER` (the pull-request comment), or not (the job summary). */
  marker: boolean;
  /** At most this much, counted in `unit`: 65,536 characters for a comment, 1 MiB for the job summary. */
  maxLength: number;
  /** How `maxLength` counts: characters (GitHub's comment limit, the default) or UTF-8 bytes (the job summary's). */
  unit?: 'characters' | 'utf8-bytes';
  /**
   * Where the items left out for room are listed in full, e.g. `the job summary of this run`: each
   * cut list then says so, and a note under the facts says the summary is cut. Without it a cut
   * list only counts what it left out.
   */
  restListedIn?: string;
  /**
   * List every finding posted inline (the job summary: the record that stays with the run);
   * otherwise one line counts them, beside the inline comments themselves.
   */
  listInline?: boolean;
}

/** A summary and whether it holds every item of every list. */
export interface RenderedSummary {
  markdown: string;
  complete: boolean;
}
