/**
 * Whether the gate counts a finding: decided once, when the finding is labelled (and again when a
 * dismissal labels it), and read as `finding.counts` by the gate and by every surface.
 *
 * With `gate-scope: added`, findings on lines the change adds count, and so do findings the
 * action cannot place against the diff: in files whose diff is unknown, and at lines the file
 * does not have (0, negative, fractional, not a number, missing, past the end). Such a line may
 * well be added, and a required check must not pass on what it could not see. A finding
 * suppressed in code or dismissed (its `disposition`) never counts, nor one `uncounted` for a
 * stated reason (a security flag with `security-flags: report`, or one an issue stands for).
 */
import type { FindingLocation, LabelledFinding } from '../domain/findings';
import type { GateScope } from '../domain/vocabulary';

const COUNTED_IN_ADDED_SCOPE: ReadonlySet<FindingLocation> = new Set(['added-line', 'diff-unknown', 'impossible-line']);

export function countsTowardGate(finding: Pick<LabelledFinding, 'disposition' | 'location' | 'uncounted'>, scope: GateScope): boolean {
  if (finding.disposition !== undefined || finding.uncounted !== undefined) return false;
  return scope === 'file' || COUNTED_IN_ADDED_SCOPE.has(finding.location);
}
