/**
 * The sections of the summary, each written with at most `room.cap` items per list or table and
 * a line counting the rest, so `summary.ts` can shrink them all until the whole fits. A section
 * writes its lines to a `LineWriter` (summary-writer.ts), which measures them while the cap is
 * searched for and keeps them only for the summary that fits. Every section ends with its block
 * closed: shrinking never cuts through markdown.
 */
import type { Severity } from '../../domain/vocabulary';
import { describeLine } from '../../locate/label';
import type { BaseScore, FileOutcome } from '../../domain/outcomes';
import type { BelowFailOnSeverity, FindingLocation, LabelledFinding } from '../../domain/findings';
import { keptFromFailingByRule } from '../../domain/finding-effect';
import { requestIdToShow } from '../../domain/describe-outcome';
import { inlineCode, inlineText } from '../markdown/sanitize';
import { SEVERITY_LABEL, reportedAs } from '../markdown/severity';
import { BlockWriter } from './summary-writer';
import type { LineWriter } from './summary-writer';
import { INJECTION_MARK } from '../markdown/injection';

const MAX_PATH = 200;
const MAX_MESSAGE = 300;
const MAX_REASON = 300;

/**
 * The line that counts what a list left out for room: "… and 3 more findings", or, when the
 * caller knows where the full list is, "3 more findings are listed in the job summary of this
 * run." (`what` is a regular plural: reasons, notices, findings, files).
 */
export function more(rest: number, what: string, restListedIn?: string): string {
  if (restListedIn === undefined) return `… and ${rest} more ${what}`;
  const noun = rest === 1 ? what.slice(0, -1) : what;
  return `${rest.toLocaleString('en-US')} more ${noun} ${rest === 1 ? 'is' : 'are'} listed in ${restListedIn}.`;
}

function place(f: LabelledFinding): string {
  const lineOk = f.line !== null && Number.isInteger(f.line) && f.line > 0;
  if (lineOk) return inlineCode(`${f.path}:${String(f.line)}`, MAX_PATH + 12);
  return `${inlineCode(f.path, MAX_PATH)} (${inlineText(describeLine(f), 60)})`;
}

export function findingItem(f: LabelledFinding): string {
  let line = findingLines.get(f);
  if (line === undefined) {
    const { icon } = SEVERITY_LABEL[f.severity];
    line = `- ${icon} ${place(f)}${reportedAs(f)} — ${inlineText(f.message, MAX_MESSAGE)}${f.possibleInjection === true ? ` — ⚠️ ${INJECTION_MARK}` : ''}`;
    findingLines.set(f, line);
  }
  return line;
}

/** `does not fail the check: fail-on-severity never for this file, by policy rule 1 (`legacy/**`)`, in markdown. */
export function keptByRuleMarkdown(f: LabelledFinding): string {
  const below: BelowFailOnSeverity | undefined = f.belowFailOnSeverity;
  if (keptFromFailingByRule(f) === undefined || below?.rule === undefined) return '';
  const globs = below.rule.paths.map((p) => inlineCode(p, 100)).join(', ');
  return ` — does not fail the check: fail-on-severity ${below.failOnSeverity} for this file, by policy rule ${below.rule.number} (${globs})`;
}

/**
 * Each finding's line, rendered once for the run (a finding never changes): a summary fitted to
 * its size limit renders its lists once per step of a bisection, and three summaries are fitted
 * (the comment, the job summary, the check run). Rendering every line again at every step made
 * gigabytes of garbage on a run of 30,000 findings, and a peak RSS over its target.
 */
const findingLines = new WeakMap<LabelledFinding, string>();

/**
 * `derive`, computed once per list of files: a summary fitted to its size limit is rendered once
 * per step of a bisection, from the same files each time, so what every render derives from them
 * (the findings set aside, the flags, the files with notes) is derived once.
 */
export function oncePerFiles<F extends object, R>(derive: (files: F) => R): (files: F) => R {
  const derived = new WeakMap<F, R>();
  return (files) => {
    if (derived.has(files)) return derived.get(files) as R;
    const result = derive(files);
    derived.set(files, result);
    return result;
  };
}

/** How many items each list may show, and where the rest are listed (see `more`). */
export interface Room {
  cap: number;
  restListedIn?: string;
}

/** How many of `count` items a list shows in `room`. */
export function shownOf(count: number, room: Room): number {
  return Math.min(count, Math.max(0, room.cap));
}

/** Writes a bulleted list of at most `room.cap` items, the rest counted; only the shown ones are rendered. */
export function cappedList<T>(out: LineWriter, items: readonly T[], room: Room, what: string, item: (t: T) => string): void {
  const shown = shownOf(items.length, room);
  for (let i = 0; i < shown; i++) out.line(item(items[i] as T));
  const rest = items.length - shown;
  if (rest > 0) out.line(`- ${more(rest, what, room.restListedIn)}`);
}

/** Writes a collapsed block: the summary line always shows, the body only when opened. */
export function details(out: LineWriter, title: string, body: (out: LineWriter) => void): void {
  out.line('<details>');
  out.line(`<summary>${title}</summary>`);
  out.line('');
  body(out);
  out.line('');
  out.line('</details>');
}

export const LOCATION_TITLE: Readonly<Record<FindingLocation, string>> = {
  'added-line': 'On added lines',
  'diff-context': 'On unchanged lines shown in the diff',
  'outside-diff': 'Outside the diff',
  'diff-unknown': 'Where the diff does not say which lines are added',
  'impossible-line': 'At a line that does not exist in the file',
};

export interface FindingGroup {
  title: string;
  findings: readonly LabelledFinding[];
}

export function findingsSection(out: LineWriter, groups: readonly FindingGroup[], room: Room, title = 'Findings not posted inline'): void {
  const nonEmpty = groups.filter((g) => g.findings.length > 0);
  if (nonEmpty.length === 0) return;
  const total = nonEmpty.reduce((n, g) => n + g.findings.length, 0);
  // A finding a policy rule keeps from failing the check says so here too: the group's title cannot.
  const item = (f: LabelledFinding): string => `${findingItem(f)}${keptByRuleMarkdown(f)}`;
  const blocks = new BlockWriter(out);
  blocks.text(`### ${title} (${total})`);
  for (const g of nonEmpty) {
    details(blocks.next(), `${g.title} (${g.findings.length})`, (body) => cappedList(body, g.findings, room, 'findings', item));
  }
}

/** A file's findings by severity; a flag an issue stands for is that issue, counted once. */
function counts(findings: readonly LabelledFinding[]): Record<Severity, number> {
  const c: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) if (f.sameAs === undefined) c[f.severity]++;
  return c;
}

/** What fails a file, in its Status cell: `❌ fails (errors, score)`. */
const FAILS_BY: Readonly<Record<Severity | 'score', string>> = { error: 'errors', warning: 'warnings', info: 'infos', score: 'score' };

/**
 * A file's row, rendered once for its status and score cells (`cells`; empty for a file not
 * reviewed): a summary fitted to its limit renders its table once per step of the search.
 */
function fileRow(f: FileOutcome, cells: string): string {
  const known = fileRows.get(f);
  if (known?.cells === cells) return known.row;
  const path = inlineCode(f.path, MAX_PATH, 'table');
  let row: string;
  // Not "failed": that word would blur with a reviewed file that fails the check.
  if (f.kind !== 'reviewed') row = `| ${path} | ❌ not reviewed | — | — | — | — |`;
  else {
    const named = f.previousPath === undefined ? path : `${inlineCode(f.previousPath, MAX_PATH, 'table')} → ${path}`;
    const c = counts(f.findings);
    row = `| ${named} | ${cells} | ${c.error} | ${c.warning} | ${c.info} |`;
  }
  fileRows.set(f, { cells, row });
  return row;
}

const fileRows = new WeakMap<FileOutcome, { cells: string; row: string }>();

/** The table's files: those not reviewed first, then the reviewed ones, lowest score first. */
const tableOrder = oncePerFiles((files: readonly FileOutcome[]): FileOutcome[] => [
  ...files.filter((f) => f.kind === 'failed'),
  ...files.filter((f) => f.kind === 'reviewed').sort((a, b) => a.score - b.score),
]);

/**
 * The per-file table. A reviewed file that fails the check by itself (`failing`, from the
 * verdict: its counted findings at a failing severity, or its score) says so and why; a renamed
 * file shows its old name first, `old → new`; `baselines`: files judged against their base
 * version show its score first, `40 → 45`.
 */
export function filesTable(
  out: LineWriter,
  files: readonly FileOutcome[],
  room: Room,
  failing: ReadonlyMap<string, ReadonlyArray<Severity | 'score'>> = new Map(),
  baselines?: ReadonlyMap<string, BaseScore>,
): void {
  const all = tableOrder(files);
  if (all.length === 0) return;
  const row = (f: FileOutcome): string => {
    if (f.kind !== 'reviewed') return fileRow(f, '');
    const base = baselines?.get(f.path);
    const score = base?.kind === 'scored' ? `${base.score} → ${f.score}` : String(f.score);
    const fails = failing.get(f.path);
    const status = fails === undefined ? '✅ reviewed' : `❌ fails (${fails.map((what) => FAILS_BY[what]).join(', ')})`;
    return fileRow(f, `${status} | ${score}`);
  };
  const { error, warning, info } = SEVERITY_LABEL;
  out.line('### Files');
  out.line('');
  out.line(`| File | Status | Score | ${error.icon} Errors | ${warning.icon} Warnings | ${info.icon} Infos |`);
  out.line('| --- | --- | ---: | ---: | ---: | ---: |');
  const shown = shownOf(all.length, room);
  for (let i = 0; i < shown; i++) out.line(row(all[i] as FileOutcome));
  const rest = all.length - shown;
  if (rest === 0) return;
  // A line right under a table would be read as one more row: the count gets a blank line first.
  out.line('');
  out.line(more(rest, 'files', room.restListedIn));
}

export function skippedSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const skipped = files.filter((f) => f.kind === 'skipped');
  if (skipped.length === 0) return;
  const item = (f: (typeof skipped)[number]): string =>
    `- ${inlineCode(f.path, MAX_PATH)} — ${inlineText(f.reason, MAX_REASON)}`;
  details(out, `Skipped files (${skipped.length})`, (body) => cappedList(body, skipped, room, 'files', item));
}

export function failedSection(out: LineWriter, files: readonly FileOutcome[], room: Room): void {
  const failed = files.filter((f) => f.kind === 'failed');
  if (failed.length === 0) return;
  const item = (f: (typeof failed)[number]): string => {
    // Named once: in the reason when the service's text quotes it (and it is not cut off), else here.
    const reason = inlineText(f.reason, MAX_REASON);
    const requestId = requestIdToShow({ reason, ...(f.requestId === undefined ? {} : { requestId: f.requestId }) });
    const extra = [
      f.code === undefined ? '' : `code ${inlineCode(f.code, 60)}`,
      requestId === undefined ? '' : `request id ${inlineCode(requestId, 100)}`,
    ].filter((s) => s !== '');
    const suffix = extra.length === 0 ? '' : ` (${extra.join(', ')})`;
    return `- ${inlineCode(f.path, MAX_PATH)} — ${reason}${suffix}`;
  };
  out.line(`### Files that could not be reviewed (${failed.length})`);
  out.line('');
  cappedList(out, failed, room, 'files', item);
}
