/**
 * What the service says of each reviewed file, in its own words: its `summary` of the file and
 * its general `suggestions`. One collapsed block per file, after the findings, so the verdict and
 * the findings stay on top; each block's line names the file and gives the summary (its start,
 * when it is long: then the block holds it whole). Like the
 * other lists it holds at most `room.cap` files and `room.cap` suggestions a file, the rest counted.
 *
 * The `<summary>` line is raw HTML (GitHub renders no markdown inside a `<details>` line), so the
 * service's text goes through `inlineText`, which turns `<` into `&lt;` and defuses mentions.
 */
import type { FileOutcome } from '../../domain/outcomes';
import { blockText, inlineText } from '../markdown/sanitize';
import type { Room } from './summary-sections';
import { cappedList, more, oncePerFiles, shownOf } from './summary-sections';
import { BlockWriter, linesOf } from './summary-writer';
import type { LineWriter } from './summary-writer';

const MAX_PATH = 200;
/** Characters of the summary shown on the block's line, and in the block. */
const MAX_PREVIEW = 120;
const MAX_SUMMARY = 2_000;
const MAX_SUGGESTION = 500;

type Reviewed = Extract<FileOutcome, { kind: 'reviewed' }>;

/** The reviewed files the service said something of, in the run's order. */
export const filesWithNotes = oncePerFiles((files: readonly FileOutcome[]): Reviewed[] =>
  files.filter((f): f is Reviewed => f.kind === 'reviewed' && (f.summary.trim() !== '' || f.suggestions.some((s) => s.trim() !== ''))),
);

/** Each file's block when its suggestions all fit, which then does not depend on the room: rendered once. */
const wholeNotes = new WeakMap<Reviewed, string>();

function fileNotes(file: Reviewed, room: Room): string {
  const suggestions = file.suggestions.filter((s) => s.trim() !== '');
  const fits = suggestions.length <= room.cap;
  const known = fits ? wholeNotes.get(file) : undefined;
  if (known !== undefined) return known;
  const block = renderNotes(file, suggestions, room);
  if (fits) wholeNotes.set(file, block);
  return block;
}

function renderNotes(file: Reviewed, suggestions: readonly string[], room: Room): string {
  const preview = inlineText(file.summary, MAX_PREVIEW);
  const line = `<summary><code>${inlineText(file.path, MAX_PATH)}</code>${preview === '' ? '' : `: ${preview}`}</summary>`;
  // The whole summary in the block only when its line had to cut it.
  const whole = preview === inlineText(file.summary, MAX_SUMMARY) ? '' : blockText(file.summary, MAX_SUMMARY);
  const list = suggestions.length === 0 ? '' : linesOf((out) => cappedList(out, suggestions, room, 'suggestions', (s) => `- ${inlineText(s, MAX_SUGGESTION)}`));
  const body = [whole, list].filter((part) => part !== '');
  return ['<details>', line, '', body.join('\n\n'), '', '</details>'].join('\n');
}

export function notesSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const noted = filesWithNotes(files);
  if (noted.length === 0) return;
  const blocks = new BlockWriter(out);
  blocks.text(`### What the service says of each file (${noted.length})`);
  const shown = shownOf(noted.length, room);
  for (let i = 0; i < shown; i++) blocks.text(fileNotes(noted[i] as Reviewed, room));
  const rest = noted.length - shown;
  if (rest > 0) blocks.text(`- ${more(rest, 'files', room.restListedIn)}`);
}
