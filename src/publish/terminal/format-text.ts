/**
 * `--format text`: the first line counts what happened to every changed file; then the findings
 * grouped per file, `path:line  severity  message` with the suggestion beneath; then the files
 * not reviewed and skipped; the verdict last. Findings on lines the change does not touch, which
 * the gate does not count, are counted per file rather than listed (`--format json` lists them).
 */
import { normalizeMessage } from '../../locate/fingerprint';
import { describeFlag, describeLine } from '../../locate/label';
import type { RunReport } from '../../domain/run-report';
import { compareFindings } from '../../report/markdown/severity';
import { failureText } from '../../domain/describe-outcome';
import type { LabelledFinding } from '../../domain/findings';
import { plural } from '../../domain/words';
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
 * The counted findings of each file, and the security flags the gate does not count for a stated
 * reason (`security-flags: report`): shown, saying so. A flag an issue stands for is printed under
 * that issue; the rest (on lines the change does not touch, or set aside) are counted, not listed.
 */
export function printFindings(terminal: Terminal, report: Report): void {
  for (const outcome of report.outcomes) {
    if (outcome.kind !== 'reviewed') continue;
    const own = outcome.findings.filter((f) => f.sameAs === undefined);
    const shown = own.filter((f) => f.counts || (f.uncounted !== undefined && f.disposition === undefined)).sort(compareFindings);
    const hidden = own.length - shown.length;
    if (shown.length === 0 && hidden === 0) continue;
    terminal.out('');
    terminal.out(styled('bold', `${outcome.path}`), styled('dim', ` (score ${outcome.score})`));
    for (const finding of shown) printFinding(terminal, finding, outcome.findings.filter((f) => f.sameAs === finding.fingerprint));
    if (hidden > 0) {
      terminal.out(styled('dim', `    ${plural(hidden, 'more finding')} on lines this change does not touch (not counted; --format json lists them)`));
    }
  }
}

function printFinding(terminal: Terminal, f: LabelledFinding, flags: readonly LabelledFinding[]): void {
  const placed = f.line !== null && Number.isInteger(f.line) && f.line > 0 && f.location !== 'impossible-line';
  const where = placed ? `${f.path}:${String(f.line)}` : `${f.path} (${describeLine(f)})`;
  const severity: Part[] = [styled(SEVERITY_STYLE[f.severity] ?? 'red', f.severity)];
  if (f.reportedSeverity !== undefined) severity.push(styled('dim', ` (reported as ${oneLine(f.reportedSeverity).slice(0, 40)})`));
  const flag = describeFlag(f);
  if (flag !== '') severity.push(styled('dim', ` [${oneLine(flag)}]`));
  // At the start of the line, so terminals and editors can open `path:line`.
  terminal.out(`${where}  `, ...severity, `  ${oneLine(f.message)}`);
  printSuggestion(terminal, f.suggestion);
  if (f.uncounted !== undefined) terminal.out(styled('dim', `    not counted: ${oneLine(f.uncounted)}`));
  for (const carried of flags) {
    const same = normalizeMessage(carried.message) === normalizeMessage(f.message);
    terminal.out(styled('dim', `    also a ${oneLine(describeFlag(carried))}${same ? '' : ': '}`), same ? '' : oneLine(carried.message));
  }
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

/** Files not reviewed (with why, unless one cause stopped them all) and skipped files. */
export function printFileLists(terminal: Terminal, report: Pick<RunReport, 'outcomes'>, compact: boolean): void {
  const failed = report.outcomes.filter((o) => o.kind === 'failed');
  const skipped = report.outcomes.filter((o) => o.kind === 'skipped');
  if (failed.length > 0) {
    terminal.out('');
    if (compact) {
      terminal.out(styled('bold', `Not reviewed (${failed.length}):`), ` ${summarize(failed.map((o) => o.path))}`);
    } else {
      terminal.out(styled('bold', `Not reviewed (${failed.length}):`));
      for (const o of failed) terminal.out(`  ${o.path}: ${oneLine(failureText(o))}`);
    }
  }
  if (skipped.length > 0) {
    terminal.out('');
    terminal.out(styled('dim', `Skipped (${skipped.length}):`));
    for (const o of skipped) terminal.out(styled('dim', `  ${o.path}: ${oneLine(o.reason)}`));
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
