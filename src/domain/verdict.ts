/** The gate's one verdict: what every surface shows, and what the exit status follows. */
import type { FailOnSeverity, Severity } from './vocabulary';

/**
 * What a reason is about, so the exit status follows from the verdict alone:
 * - `findings`: counted findings at or above `fail-on-severity`;
 * - `score`: a quality score below `min-score`;
 * - `incomplete`: files the action could not review for a reason of their own (too large, not
 *   decodable, past `max-files`, past GitHub's list);
 * - `could-not-run`: the service could not judge the code (a rejected key, the daily limit, an
 *   unreachable or misconfigured service), or the run stopped before the gate could decide;
 * - `posting`: the review could not be posted to the pull request.
 */
export type ReasonCause = 'findings' | 'score' | 'incomplete' | 'could-not-run' | 'posting';

/** One reason of the verdict: a sentence a user can act on, and what it is about. */
export interface GateReason {
  text: string;
  cause: ReasonCause;
  /** For a `findings` or `score` reason: the reviewed files that fail the check by it. */
  paths?: string[];
  /** For a `findings` reason: the severity of the findings it counts. */
  severity?: Severity;
}

/**
 * The one verdict. `neutral` (only with `on-incomplete: neutral`): nothing failed, but some file
 * could not be reviewed: visible, not blocking.
 */
export interface GateVerdict {
  result: 'passed' | 'failed' | 'neutral';
  /** Why the check failed, or why it is neutral: one entry per reason. */
  reasons: GateReason[];
  /** Notices that do not fail the check (for example: nothing to review). */
  notices: string[];
  /** Findings the gate counted, by severity. */
  counted: Record<Severity, number>;
  /** The lowest severity that fails the check, as the gate applied it; absent for a run stopped before the gate. */
  failOnSeverity?: FailOnSeverity;
  /** Lowest `quality_score` of the reviewed files; undefined when none was reviewed. */
  lowestScore?: number;
  averageScore?: number;
}

/** The reasons' sentences, in order: what the outputs, the title and the log show. */
export function reasonTexts(verdict: Pick<GateVerdict, 'reasons'>): string[] {
  return verdict.reasons.map((reason) => reason.text);
}

/**
 * The reviewed files that fail the check by themselves, each with what fails it: the severities of
 * its counted findings that do (most severe first), and `score` when its quality score does.
 */
export function failingFiles(verdict: Pick<GateVerdict, 'reasons'>): Map<string, Array<Severity | 'score'>> {
  const files = new Map<string, Array<Severity | 'score'>>();
  for (const reason of verdict.reasons) {
    const what = reason.cause === 'score' ? 'score' : reason.cause === 'findings' ? reason.severity : undefined;
    if (what === undefined) continue;
    for (const path of reason.paths ?? []) {
      const seen = files.get(path) ?? [];
      if (!seen.includes(what)) files.set(path, [...seen, what]);
    }
  }
  return files;
}
