/**
 * The suppressions the change adds, listed apart so a reviewer sees each before approving: those
 * waiting for an approval at the head (`suppressions-need-approval`: counted until then, with the
 * marker's reason and what the approval read found), and those that suppress. Whatever the
 * setting, every marker the change adds that takes a finding out of the gate is here; a marker
 * of the base is not (it is in the list of everything set aside).
 */
import type { LabelledFinding } from '../../domain/findings';
import type { FileOutcome } from '../../domain/outcomes';
import { inlineCode, inlineText } from '../markdown/sanitize';
import type { Room } from './summary-sections';
import { cappedList, details, findingItem, oncePerFiles } from './summary-sections';
import type { LineWriter } from './summary-writer';

const MAX_REASON = 300;
const MARKER = inlineCode('review-gate-ignore', 30);

const findingsOf = (files: readonly FileOutcome[]): LabelledFinding[] => files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.sameAs === undefined) : []));

/** Findings a marker the change adds would suppress, waiting for approval. */
export const waitingForApproval = oncePerFiles((files: readonly FileOutcome[]) => findingsOf(files).filter((f) => f.awaitingApproval !== undefined));

/** Findings a marker the change adds suppresses. */
export const addedSuppressions = oncePerFiles((files: readonly FileOutcome[]) =>
  findingsOf(files).filter((f) => f.disposition?.kind === 'suppressed' && f.disposition.addedHere === true),
);

function waitingItem(f: LabelledFinding): string {
  const w = f.awaitingApproval;
  if (w === undefined) return findingItem(f);
  return `${findingItem(f)} — **counted until approved:** ${MARKER} on line ${w.line}: ${inlineText(w.reason, MAX_REASON)} (${inlineText(w.why, MAX_REASON)})`;
}

function addedItem(f: LabelledFinding): string {
  const d = f.disposition;
  return d?.kind === 'suppressed' ? `${findingItem(f)} — suppressed by ${MARKER} on line ${d.line}: ${inlineText(d.reason, MAX_REASON)}` : findingItem(f);
}

export function suppressionsSection(out: LineWriter, files: readonly FileOutcome[], room: Room, who: string): void {
  const waiting = waitingForApproval(files);
  const added = addedSuppressions(files);
  if (waiting.length === 0 && added.length === 0) return;
  out.line(`### Suppressions ${who.toLowerCase()} adds (${waiting.length + added.length})`);
  if (waiting.length > 0) {
    out.line('');
    details(out, `Suppressions waiting for approval (${waiting.length})`, (body) => cappedList(body, waiting, room, 'findings', waitingItem));
  }
  if (added.length > 0) {
    out.line('');
    details(out, `Suppressing, not counted by the gate (${added.length})`, (body) => cappedList(body, added, room, 'findings', addedItem));
  }
}
