/**
 * `--format text`: the first line counts what happened to every changed file; then the findings
 * grouped per file, `path:line  severity  message` with the suggestion beneath; then the files
 * not reviewed and skipped; the verdict last. A finding the gate does not count says why: a
 * suppression or a dismissal is listed with its reason beneath; findings on lines the change does
 * not touch are counted per file rather than listed (`--format json` lists them). Every path is
 * printed in its visible form (`visiblePath`), so a name with control characters names no other file.
 */
import { describeLine } from '../../locate/label';
import { SUPPRESSION_MARKER } from '../../locate/suppressions';
import type { RunReport } from '../../domain/run-report';
import { compareFindings } from '../../report/markdown/severity';
import { failureText } from '../../domain/describe-outcome';
import type { LabelledFinding } from '../../domain/findings';
import { plural } from '../../domain/words';
import { visiblePath } from '../../safety/terminal';
import { styled } from './terminal';
import type { Part, Style, Terminal } from './terminal';

const SEVERITY_STYLE: Readonly<Record<string, Style>> = { error: 'red', warning: 'yellow', info: 'cyan' };
/** Lines of a suggestion shown at most; the rest is in `--format json`. */
const SUGGESTION_LINES = 12;

type Report = Pick<RunReport, 'outcomes' | 'findings' | 'verdict'>;

/** "5 changed files: 3 reviewed, 1 skipped, 1 not reviewed": counted from how each file ended. */
export function countsLine(report: Pick<RunReport, 'outcomes'>): string {
  const count = (kind: string) => report.outcomes.filter((o) => o.kind === kind).length;
  const cached = report.outcomes.filter((o) => o.kind === 'reviewed' && o.fromCache === true).length;
  const parts = [`${count('reviewed')} reviewed${cached > 0 ? ` (${cached} from the result cache)` : ''}`, `${count('skipped')} skipped`];
  if (count('failed') > 0) parts.push(`${count('failed')} not reviewed`);
  return `${plural(report.outcomes.length, 'changed file')}: ${parts.join(', ')}`;
}

export function printFindings(terminal: Terminal, report: Report): void {
  for (const outcome of report.outcomes) {
    if (outcome.kind !== 'reviewed' || outcome.findings.length === 0) continue;
    const counted = outcome.findings.filter((f) => f.counts).sort(compareFindings);
    const setAside = outcome.findings.filter((f) => f.disposition !== undefined).sort(compareFindings);
    // Neither counted nor set aside: the gate scope leaves it out, as it is on a line the change does not touch.
    const untouched = outcome.findings.length - counted.length - setAside.length;
    terminal.out('');
    terminal.out(styled('bold', visiblePath(outcome.path)), styled('dim', ` (score ${outcome.score})`));
    for (const finding of counted) printFinding(terminal, finding);
    for (const finding of setAside) printSetAside(terminal, finding);
    if (untouched > 0) {
      terminal.out(styled('dim', `    ${plural(untouched, 'more finding')} on lines this change does not touch (not counted; --format json lists them)`));
    }
  }
}

/** `path:line` where the line can be placed, else the path and the line as sent. */
function findingPlace(f: LabelledFinding): string {
  const placed = f.line !== null && Number.isInteger(f.line) && f.line > 0 && f.location !== 'impossible-line';
  const path = visiblePath(f.path);
  return placed ? `${path}:${String(f.line)}` : `${path} (${describeLine(f)})`;
}

function severityParts(f: LabelledFinding, style: Style): Part[] {
  const parts: Part[] = [styled(style, f.severity)];
  if (f.reportedSeverity !== undefined) parts.push(styled('dim', ` (reported as ${oneLine(f.reportedSeverity).slice(0, 40)})`));
  return parts;
}

function printFinding(terminal: Terminal, f: LabelledFinding): void {
  // At the start of the line, so terminals and editors can open `path:line`.
  terminal.out(`${findingPlace(f)}  `, ...severityParts(f, SEVERITY_STYLE[f.severity] ?? 'red'), `  ${oneLine(f.message)}`);
  const suggestion = f.suggestion.replace(/\s+$/, '');
  if (suggestion.trim() !== '') {
    const lines = suggestion.split(/\r?\n/);
    for (const [i, line] of lines.slice(0, SUGGESTION_LINES).entries()) {
      terminal.out(styled('dim', i === 0 ? '    ↳ ' : '      '), line);
    }
    if (lines.length > SUGGESTION_LINES) terminal.out(styled('dim', `      … ${lines.length - SUGGESTION_LINES} more lines`));
  }
  // A suppression or dismissal aimed at it that does not count, with why: it still counts.
  for (const why of f.refusedDispositions ?? []) terminal.out(styled('yellow', `    ${oneLine(why)}`));
}

/** A finding a suppression or a dismissal took out of the gate, and who or what did, and why. */
function printSetAside(terminal: Terminal, f: LabelledFinding): void {
  const d = f.disposition;
  if (d === undefined) return;
  terminal.out(`${findingPlace(f)}  `, ...severityParts(f, 'dim'), `  ${oneLine(f.message)}`);
  const why =
    d.kind === 'suppressed'
      ? `suppressed: ${oneLine(d.reason)} (${SUPPRESSION_MARKER} on line ${d.line})`
      : `dismissed by @${oneLine(d.by)}: ${oneLine(d.reason)}`;
  terminal.out(styled('dim', `    ${why}`));
}

/** Files not reviewed (with why, unless one cause stopped them all) and skipped files. */
export function printFileLists(terminal: Terminal, report: Pick<RunReport, 'outcomes'>, compact: boolean): void {
  const failed = report.outcomes.filter((o) => o.kind === 'failed');
  const skipped = report.outcomes.filter((o) => o.kind === 'skipped');
  if (failed.length > 0) {
    terminal.out('');
    if (compact) {
      terminal.out(styled('bold', `Not reviewed (${failed.length}):`), ` ${summarize(failed.map((o) => visiblePath(o.path)))}`);
    } else {
      terminal.out(styled('bold', `Not reviewed (${failed.length}):`));
      for (const o of failed) terminal.out(`  ${visiblePath(o.path)}: ${oneLine(failureText(o))}`);
    }
  }
  if (skipped.length > 0) {
    terminal.out('');
    terminal.out(styled('dim', `Skipped (${skipped.length}):`));
    for (const o of skipped) terminal.out(styled('dim', `  ${visiblePath(o.path)}: ${oneLine(o.reason)}`));
  }
}

function summarize(paths: string[]): string {
  const shown = paths.slice(0, 5).join(', ');
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

export function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 400 ? `${flat.slice(0, 399)}…` : flat;
}
