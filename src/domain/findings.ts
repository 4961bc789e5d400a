/**
 * A finding of the service as the locate stage labels it: where it sits relative to the diff,
 * and whether a suppression or a dismissal takes it out of the gate. Nothing is ever dropped.
 */
import type { FailOnSeverity, Severity } from './vocabulary';

/** Where a finding sits relative to the pull request's diff. */
export type FindingLocation =
  /** On a line the pull request adds: can carry an inline comment. */
  | 'added-line'
  /** On a context line shown in the diff, not added by the pull request. */
  | 'diff-context'
  /** A real line of the file that the diff does not show. */
  | 'outside-diff'
  /**
   * GitHub sent no patch for this file, or the file holds a line break git does not count before
   * the line (see `uncountedBreak`), so where the line sits is not known.
   */
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
  /**
   * A `review-gate-ignore: <reason>` comment on `line`: the finding's own line or the one above it.
   * `addedHere`: the pull request adds the marker (or its diff is unknown, so it may).
   */
  | { kind: 'suppressed'; reason: string; line: number; addedHere?: true }
  /** A `/review-gate dismiss <reason>` reply by someone with write access (`by`, a login) to the finding's inline comment. */
  | { kind: 'dismissed'; by: string; reason: string };

/**
 * Where a finding came from: the service's answer (its `issues`, or its `security_flags`), or the
 * file itself (`hidden-text`: characters that hide code from people, found locally; locate/hidden-text.ts).
 */
export type FindingSource = 'issue' | 'security-flag' | 'hidden-text';

/**
 * A finding of the service, labelled by the locate stage. Nothing is ever dropped there, and
 * what is decided once for a finding is a field every surface reads, never recomputes: where
 * it sits (`location`), its identity across runs (`fingerprint`) and whether the gate counts it
 * (`counts`).
 */
export interface LabelledFinding {
  source: FindingSource;
  path: string;
  /** The line as the service sent it: a number even when it names no real line (see `location`). */
  line: number | null;
  /** A line of another type than a number, as sent (`"12"`, `true`), to show it. */
  reportedLine?: string;
  severity: Severity;
  /** The severity as the service sent it, when it was unknown and counted as `error`. */
  reportedSeverity?: string;
  message: string;
  suggestion: string;
  /** A security flag's kind, as it named it (its `type`, `rule`, `id` or `category`). */
  kind?: string;
  /** A security flag's CWE number (sent as `"CWE-89"` or `89`); for an issue, that of a flag it stands for. */
  cwe?: number;
  /**
   * About security: a security flag, an issue that stands for one, or an issue of a review asked
   * only for security (`focus-areas: security`). Code scanning ranks these by security severity.
   */
  security?: true;
  location: FindingLocation;
  /** The text of the line at the head commit, when the line exists and is known to be the one meant. */
  lineText?: string;
  /**
   * Why a `diff-unknown` finding is, when the diff is there: the file holds a line break git does
   * not count on this line or above it, so the service's line numbers may not be git's from there
   * on (locate/line-breaks.ts). What it is and where: `a lone carriage return (CR) on line 2`.
   */
  uncountedBreak?: string;
  /** Set when a suppression or a dismissal takes it out of the gate. */
  disposition?: Disposition;
  /**
   * Why the gate does not count it although nothing set it aside and its place would count:
   * `security-flags: report`, or a flag the issue on its line stands for (see `sameAs`).
   */
  uncounted?: string;
  /**
   * A security flag on the line of an issue that the gate counts at the flag's severity or above:
   * that fingerprint. The inline comment carries the flag; the flag is not
   * counted apart from it (locate/same-line-flags.ts).
   */
  sameAs?: string;
  /**
   * Set when the gate counts it but its severity does not fail the check: it is below its file's
   * `fail-on-severity` — the run's, or the one a policy rule gives the file (`rule`). Set by the
   * locate stage from the file's settings (locate/thresholds.ts); the gate compares the same way.
   */
  belowFailOnSeverity?: BelowFailOnSeverity;
  /** Suppressions and dismissals aimed at it that do not count, each saying why (no reason, no write access, a marker the pull request did not add). */
  refusedDispositions?: string[];
  /**
   * A marker the pull request adds that would suppress it, waiting for an approval at the head by
   * someone with write access (`suppressions-need-approval`): until then it counts. `why`: what
   * the approval read found instead.
   */
  awaitingApproval?: { reason: string; line: number; why: string };
  /** The hidden marker of its inline comment: the same finding has it again on the next push (locate/fingerprint.ts). */
  fingerprint: string;
  /** Whether the gate counts it: no disposition, nothing `uncounted`, and a location the gate scope counts (locate/counts.ts). */
  counts: boolean;
  /**
   * Reported only by injection-check's second review, of the file with its comments and strings
   * blanked: the file's own text kept the first review from reporting it (possible prompt injection).
   */
  possibleInjection?: true;
}

/** Which `fail-on-severity` a counted finding is below, and the policy rule that set it for its file, if one did. */
export interface BelowFailOnSeverity {
  failOnSeverity: FailOnSeverity;
  rule?: { number: number; paths: string[] };
}
