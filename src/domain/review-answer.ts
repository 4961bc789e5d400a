/**
 * What the service found in one file, as the stages after the review read it: its issues and its
 * security flags, each with a normalized severity and the line it named. The service's client
 * maps its wire answer into these (service/response.ts validates the issues,
 * service/security-flags.ts reads the flags of any shape); locate/ and gate/ use only these.
 */
import type { Severity } from './vocabulary';

export interface ReviewIssue {
  /** Normalized severity; an unknown or missing one counts as `error` (see `reportedSeverity`). */
  severity: Severity;
  /**
   * The severity as the service sent it, when it was not one of `SEVERITIES`: the string itself,
   * or the JSON of a value of another type (`3`, `null`; `nothing` when it was missing).
   */
  reportedSeverity?: string;
  /**
   * The line the service named. Kept as sent when it is a number (even 0, negative or
   * fractional) so the locate stage can label it impossible; `null` when it was missing or not a
   * number at all.
   */
  line: number | null;
  /** The JSON of a line that was neither a number nor missing (`"12"`, `true`), to show it. */
  reportedLine?: string;
  message: string;
  suggestion: string;
}

/**
 * One element of `security_flags`, read whatever its shape (security-flags.ts): like an issue, a
 * severity (unknown or missing: `error`), a line (missing: `null`), a message and a suggestion,
 * plus what a flag may name besides.
 */
export interface SecurityFlag extends ReviewIssue {
  /** Its `type`, `rule`, `id` or `category`, when it gave one. */
  kind?: string;
  /** Its CWE number, when it gave one that reads as one (`"CWE-89"`, `"89"` or `89`). */
  cwe?: number;
}

/** The findings of one answer, read: what the locate stage labels. */
export interface ReviewFindings {
  issues: readonly ReviewIssue[];
  flags: readonly SecurityFlag[];
}

/** One answer as the stages after the review weigh it: its findings and its quality score. */
export interface ScoredFindings extends ReviewFindings {
  /** As the service sent it (an integer 0–100 by the reference; kept as sent otherwise). */
  score: number;
}
