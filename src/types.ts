/**
 * The domain of the pipeline: what flows from collect to review to map to report to gate.
 * Every stage is a function of these types; the I/O edges are the interfaces at the bottom.
 */
import type { ReviewLanguage, ReviewResult, Severity } from './review/service/types';

/** A pull request, pinned to the head commit the review is about. */
export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  /** The head commit: file contents are read from it and the review is anchored to it. */
  headSha: string;
}

/** GitHub's file statuses in `GET /pulls/{n}/files`. */
export type ChangeStatus =
  | 'added'
  | 'removed'
  | 'modified'
  | 'renamed'
  | 'copied'
  | 'changed'
  | 'unchanged';

/** One entry of the pull request's changed-file list, as GitHub gives it. */
export interface ChangedFile {
  path: string;
  /** For renames: the path in the base commit. */
  previousPath?: string;
  status: ChangeStatus;
  /** Blob SHA at the head commit (GitHub's `sha`); absent for removed files. */
  blobSha?: string;
  additions: number;
  deletions: number;
  /**
   * The unified-diff hunks. Absent when GitHub left it out (binary, very large, or past the
   * per-page patch budget): that means "diff unknown", never "unchanged".
   */
  patch?: string;
  /**
   * Set only by a source that proved the content unchanged: the blob at the head is the blob the
   * diff starts from (the merge base), under `previousPath ?? path`. A pure rename or a mode
   * change; nothing was added, whatever the patch. Without this proof, a file without a patch is
   * "diff unknown" (GitHub and git show a renamed file they call binary as 0 lines, no patch).
   */
  sameBlobAsBase?: true;
}

/** A changed file chosen for review. */
export interface ReviewCandidate {
  file: ChangedFile;
  language: ReviewLanguage;
}

/** Where a finding sits relative to the pull request's diff. */
export type FindingLocation =
  /** On a line the pull request adds: can carry an inline comment. */
  | 'added-line'
  /** On a context line shown in the diff, not added by the pull request. */
  | 'diff-context'
  /** A real line of the file that the diff does not show. */
  | 'outside-diff'
  /** GitHub sent no patch for this file, so where the line sits is not known. */
  | 'diff-unknown'
  /**
   * Line 0, negative, fractional, not a number, missing, or past the end of the file: the
   * finding cannot be placed, so in `gate-scope: added` it counts (fail closed).
   */
  | 'impossible-line';

/**
 * Why a finding does not count toward the gate although it is there: a label like `location`,
 * set by the locate stage. The finding stays listed, with who or what set it aside and why.
 */
export type Disposition =
  /** A `review-gate-ignore: <reason>` comment on `line`: the finding's own line or the one above it. */
  | { kind: 'suppressed'; reason: string; line: number }
  /** A `/review-gate dismiss <reason>` reply by someone with write access (`by`, a login) to the finding's inline comment. */
  | { kind: 'dismissed'; by: string; reason: string };

/** A finding of the service, labelled by the map step. Nothing is ever dropped there. */
export interface LabelledFinding {
  path: string;
  /** The line as the service sent it (see `ReviewIssue.line`). */
  line: number | null;
  /** A line of another type than a number, as sent (see `ReviewIssue.reportedLine`). */
  reportedLine?: string;
  severity: Severity;
  /** The severity as the service sent it, when it was unknown and counted as `error`. */
  reportedSeverity?: string;
  message: string;
  suggestion: string;
  location: FindingLocation;
  /** The text of the line at the head commit, when the line exists. */
  lineText?: string;
  /** Set when a suppression or a dismissal takes it out of the gate. */
  disposition?: Disposition;
  /** Suppressions and dismissals aimed at it that do not count, each saying why (no reason, no write access, a marker the pull request did not add). */
  refusedDispositions?: string[];
}

/** How one file ended. Every candidate and every skipped file ends as exactly one of these. */
export type FileOutcome =
  | {
      kind: 'reviewed';
      path: string;
      language: ReviewLanguage;
      result: ReviewResult;
      findings: LabelledFinding[];
      /** Answered from the result cache: no request to the service in this run. */
      fromCache?: boolean;
    }
  | { kind: 'skipped'; path: string; reason: string }
  | {
      kind: 'failed';
      path: string;
      reason: string;
      /** The service's error code, when there was one. */
      code?: string;
      requestId?: string;
    };

/** The severities that can fail the check, or `never`. */
export type FailOnSeverity = Severity | 'never';

/**
 * The one verdict. `neutral` (only with `on-incomplete: neutral`): nothing failed, but some file
 * could not be reviewed: visible, not blocking.
 */
export interface GateVerdict {
  result: 'passed' | 'failed' | 'neutral';
  /** Why the check failed, or why it is neutral: one entry per reason, each a sentence a user can act on. */
  reasons: string[];
  /** Notices that do not fail the check (for example: nothing to review). */
  notices: string[];
  /** Findings the gate counted, by severity. */
  counted: Record<Severity, number>;
  /** Lowest `quality_score` of the reviewed files; undefined when none was reviewed. */
  lowestScore?: number;
  averageScore?: number;
}

/**
 * The quality score of a modified or renamed file's version at the base commit
 * (`score-baseline: base`), or why there is none: the file is then judged on its own score.
 */
export type BaseScore = { kind: 'scored'; score: number } | { kind: 'unavailable'; reason: string };

/** An inline comment ready to post: validated against the patch, body rendered. */
export interface PlannedComment {
  path: string;
  /** A line the pull request adds, on the RIGHT side. */
  line: number;
  body: string;
  /** Hidden marker value; stable across pushes that only move the line. */
  fingerprint: string;
  finding: LabelledFinding;
  /**
   * Ids of review-gate's comments with this fingerprint whose dismissal covers other findings
   * (see applyDismissals): they are not this finding's comment, so it is posted all the same.
   */
  dismissedElsewhere?: number[];
}

// ---- I/O edges -------------------------------------------------------------------------

/** The changed files, and whether the list was cut short. */
export interface ChangedFileList {
  files: ChangedFile[];
  /** True when the pull request changes more files than GitHub lists (3,000). */
  truncated: boolean;
}

/** How much of a file to read, and until when. */
export interface ReadFileOptions {
  /** The largest file wanted: a source that learns the size first refuses a larger file unread. */
  maxBytes?: number;
  /** Aborts the read (the run's deadline). */
  signal?: AbortSignal;
}

/** Reads the pull request from GitHub (or a local git diff, for the CLI). */
export interface PullRequestSource {
  /** Every changed file, all pages. */
  listChangedFiles(pr: PullRequestRef): Promise<ChangedFileList>;
  /**
   * The file's bytes at the head commit, undecoded (`src/decode.ts` makes them text). Over
   * `maxBytes`, a source that knows the size without reading throws `fileTooLarge` instead.
   */
  readFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
  /**
   * The file's bytes at the pull request's base commit, at `previousPath ?? path` (for
   * `score-baseline: base`). A source without it cannot give a baseline: files are then judged
   * on their own score.
   */
  readBaseFile?(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array>;
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

/** Where every stage logs. */
export interface Logger {
  info(message: string): void;
  warning(message: string): void;
  group<T>(name: string, run: () => Promise<T>): Promise<T>;
}
