/**
 * The summary's list of the files whose own text changed their review (injection-check): each
 * with what its review with comments and strings blanked said that its review as written did not.
 * No such file, no section: a run with nothing swayed reads as before.
 */
import type { FileOutcome } from '../../domain/outcomes';
import { markedFileText } from '../markdown/injection';
import { inlineCode, inlineText } from '../markdown/sanitize';
import type { Room } from './summary-sections';
import { cappedList, oncePerFiles } from './summary-sections';
import type { LineWriter } from './summary-writer';

type Marked = Extract<FileOutcome, { kind: 'reviewed' }> & { injection: NonNullable<Extract<FileOutcome, { kind: 'reviewed' }>['injection']> };

/** The reviewed files carrying the mark, in the list's order. */
export const markedFiles = oncePerFiles((files: readonly FileOutcome[]): Marked[] =>
  files.filter((f): f is Marked => f.kind === 'reviewed' && f.injection !== undefined),
);

export function injectionSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const marked = markedFiles(files);
  if (marked.length === 0) return;
  const item = (f: Marked): string => `- ⚠️ ${inlineCode(f.path, 200)} — ${inlineText(markedFileText(f.injection, f.score), 600)}`;
  out.line(`### ⚠️ Possible prompt injection (${marked.length})`);
  out.line('');
  cappedList(out, marked, room, 'files', item);
}
