/**
 * `--format text`: the first line counts what happened to every changed file; then the findings
 * grouped per file, `path:line  severity  message` with the suggestion beneath; then the files
 * not reviewed and skipped; the verdict last. A finding the gate does not count says why: a
 * suppression or a dismissal is listed with its reason beneath, and so is a policy rule that keeps
 * a counted one from failing the check; findings on lines the change does not touch are counted
 * per file rather than listed (`--format json` lists them). Every path is
 * printed in its visible form (`visiblePath`), so a name with control characters names no other file.
 */
import { normalizeMessage } from '../locate/fingerprint';
import { describeFlag, describeLine } from '../locate/label';
import { SUPPRESSION_MARKER } from '../locate/suppressions';
import type { RunReport } from '../domain/run-report';
import { compareFindings } from '../render/markdown/severity';
import { failureText } from '../domain/describe-outcome';
import { INJECTED_FINDING, markedFileText } from '../render/markdown/injection';
import type { LabelledFinding } from '../domain/findings';
import { plural } from '../domain/words';
import { keptFromFailingByRule } from '../domain/finding-effect';
import { visiblePath } from '../safety/terminal';
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

/**
 * Each file's counted findings, and the security flags the gate does not count for a stated
 * reason (`security-flags: report`), saying so; then what a suppression or a dismissal set aside,
 * with its reason; then how many more are on lines the change does not touch. A flag an issue
 * stands for is printed under that issue.
 */
export function printFindings(terminal: Terminal, report: Report): void {
  for (const outcome of report.outcomes) {
    if (outcome.kind !== 'reviewed' || (outcome.findings.length === 0 && outcome.injection === undefined)) continue;
    const own = outcome.findings.filter((f) => f.sameAs === undefined);
    const shown = own.filter((f) => f.counts || (f.uncounted !== undefined && f.disposition === undefined)).sort(compareFindings);
    const setAside = own.filter((f) => f.disposition !== undefined).sort(compareFindings);
    // Neither shown nor set aside: the gate scope leaves it out, as it is on a line the change does not touch.
    const untouched = own.length - shown.length - setAside.length;
    terminal.out('');
    terminal.out(styled('bold', visiblePath(outcome.path)), styled('dim', ` (score ${outcome.score})`));
    if (outcome.injection !== undefined) terminal.out(styled('yellow', `    ${oneLine(markedFileText(outcome.injection, outcome.score))}`));
    for (const finding of shown) printFinding(terminal, finding, outcome.findings.filter((f) => f.sameAs === finding.fingerprint));
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
  const flag = describeFlag(f);
  if (flag !== '') parts.push(styled('dim', ` [${oneLine(flag)}]`));
  return parts;
}

/** A finding the gate counts (or a flag it does not, saying why), with the flags it stands for. */
function printFinding(terminal: Terminal, f: LabelledFinding, flags: readonly LabelledFinding[]): void {
  // At the start of the line, so terminals and editors can open `path:line`.
  terminal.out(`${findingPlace(f)}  `, ...severityParts(f, SEVERITY_STYLE[f.severity] ?? 'red'), `  ${oneLine(f.message)}`);
  printSuggestion(terminal, f.suggestion);
  if (f.uncounted !== undefined) terminal.out(styled('dim', `    not counted: ${oneLine(f.uncounted)}`));
  if (f.possibleInjection === true) terminal.out(styled('yellow', `    ${INJECTED_FINDING}`));
  // A rule of the policy gave its file another bar: the run's own is said once, before the verdict.
  const byRule = keptFromFailingByRule(f);
  if (byRule !== undefined) terminal.out(styled('dim', `    does not fail the check: ${oneLine(byRule)}`));
  for (const carried of flags) {
    const same = normalizeMessage(carried.message) === normalizeMessage(f.message);
    terminal.out(styled('dim', `    also a ${oneLine(describeFlag(carried))}${same ? '' : ': '}`), same ? '' : oneLine(carried.message));
  }
  // A suppression or dismissal aimed at it that does not count, with why: it still counts.
  for (const why of f.refusedDispositions ?? []) terminal.out(styled('yellow', `    ${oneLine(why)}`));
}

function printSuggestion(terminal: Terminal, text: string): void {
  const suggestion = text.replace(/\s+$/, '');
  if (suggestion.trim() === '') return;
  const lines = suggestion.split(/\r?\n/);
  for (const [i, line] of lines.slice(0, SUGGESTION_LINES).entries()) {
    terminal.out(styled('dim', i === 0 ? '    ↳ ' : '      '), line);
  }
  if (lines.length > SUGGESTION_LINES) terminal.out(styled('dim', `      … ${lines.length - SUGGESTION_LINES} more lines`));
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
