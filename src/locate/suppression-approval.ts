/**
 * `suppressions-need-approval`: a finding that a `review-gate-ignore` marker the pull request adds
 * would suppress is held, not suppressed, until someone with write access approves the pull
 * request at its head. Held, it counts where the gate counts it and says what it waits for; a
 * marker already in the base suppresses as always. Pure: the approval is read before (report/).
 */
import type { Approval } from '../domain/approval';
import type { LabelledFinding } from '../domain/findings';
import type { FileOutcome } from '../domain/outcomes';
import type { GateScope } from '../domain/vocabulary';
import { countsTowardGate } from './counts';

function hold(finding: LabelledFinding, why: string, scope: GateScope): LabelledFinding {
  const d = finding.disposition;
  if (d?.kind !== 'suppressed' || d.addedHere !== true) return finding;
  const { disposition: _, ...rest } = finding;
  return { ...rest, awaitingApproval: { reason: d.reason, line: d.line, why }, counts: countsTowardGate(rest, scope) };
}

/** The outcomes with each finding an unapproved, added marker suppressed held; unchanged when approved or not asked. */
export function holdUnapproved(outcomes: readonly FileOutcome[], approval: Approval | undefined, gateScopeOf: (path: string) => GateScope): FileOutcome[] {
  if (approval === undefined || approval.kind === 'approved') return [...outcomes];
  return outcomes.map((o) => (o.kind === 'reviewed' ? { ...o, findings: o.findings.map((f) => hold(f, approval.why, gateScopeOf(o.path))) } : o));
}

/** Whether any finding is suppressed by a marker the pull request adds: only then is an approval read. */
export function addsSuppressions(outcomes: readonly FileOutcome[]): boolean {
  return outcomes.some((o) => o.kind === 'reviewed' && o.findings.some((f) => f.disposition?.kind === 'suppressed' && f.disposition.addedHere === true));
}
