/**
 * The run as GitLab's Code Quality report (`review-gate --format codeclimate`, or
 * `--codeclimate-file PATH` beside another format), which a merge request's widget reads from the
 * `artifacts:reports:codequality` of a job: a JSON array of the subset of the Code Climate issue
 * GitLab documents. One entry for each finding, a flag an issue stands for included (it is also
 * named in that issue's entry, as the issue's inline comment carries it):
 *
 * - `description`: the service's message on one line, then in brackets what else to know (a
 *   security flag and its CWE, a line that could not be placed, a severity not known, why the
 *   gate does not count it, why it does not fail the check);
 * - `check_name`: the SARIF rule id of its kind (`review-gate/eval-runs-arbitrary-code-1a2b3c4d`);
 * - `fingerprint`: the inline comments' fingerprint, stable across runs and pushes that move the
 *   line. GitLab shows one issue per fingerprint, so a second finding with the same one (the same
 *   words on an identical line of the file) gets the first 32 hex digits of
 *   SHA-256(`<fingerprint>:<n>`), n = 2, 3, … in the report's order;
 * - `severity`: `critical` for an error, `major` for a warning, `info` for an info;
 * - `location.path` (repository-relative) and `location.lines.begin` (line 1 for a line the file
 *   does not have).
 *
 * Most severe first, as in SARIF. The service's text has control, bidi and zero-width characters
 * removed; the caller redacts secrets before writing it.
 */
import { createHash } from 'node:crypto';
import type { LabelledFinding } from '../domain/findings';
import type { Severity } from '../domain/vocabulary';
import { describeFlag } from '../locate/label';
import { whyNotFailing } from '../domain/finding-effect';
import { stripTerminalControls } from '../safety/terminal';
import { carriedFlags, compareForScanning, ruleIdOf, ruleKindOf, scanningLine } from './sarif';
import { INJECTED_FINDING, INJECTION_MARK } from './markdown/injection';
import { INJECTION_RULE_ID, scoreSwayedFiles } from './injection-results';
import type { FileOutcome } from '../domain/outcomes';

export type CodeQualitySeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

export interface CodeQualityIssue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: CodeQualitySeverity;
  location: { path: string; lines: { begin: number } };
}

export const CODE_QUALITY_SEVERITY: Readonly<Record<Severity, CodeQualitySeverity>> = { error: 'critical', warning: 'major', info: 'info' };
const MAX_MESSAGE = 1_000;

function oneLine(text: string, max: number): string {
  const flat = stripTerminalControls(text).replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

function description(f: LabelledFinding, carried: readonly LabelledFinding[]): string {
  const flag = describeFlag(f);
  const why = whyNotFailing(f);
  const notes = [
    flag,
    ...carried.map((c) => `also a ${describeFlag(c)}`),
    scanningLine(f).unplaced ?? '',
    f.reportedSeverity === undefined ? '' : `reported as ${oneLine(f.reportedSeverity, 40)}`,
    f.uncounted === undefined ? '' : `not counted: ${oneLine(f.uncounted, 200)}`,
    f.possibleInjection === true ? `${INJECTION_MARK}: ${INJECTED_FINDING}` : '',
    why === undefined || f.uncounted !== undefined ? '' : `does not fail the check: ${oneLine(why, 300)}`,
  ].filter((n) => n !== '');
  const message = f.message.trim() === '' ? '(no message)' : oneLine(f.message, MAX_MESSAGE);
  return [message, ...notes.map((n) => `[${n}]`)].join(' ');
}

export function buildCodeQuality(findings: readonly LabelledFinding[], outcomes: readonly FileOutcome[] = []): CodeQualityIssue[] {
  const carried = carriedFlags(findings);
  const seen = new Map<string, number>();
  // A file whose blanked score counts (injection-check) fails without a finding: an issue of its own.
  const swayed = scoreSwayedFiles(outcomes).map((file): CodeQualityIssue => ({
    description: oneLine(file.text, MAX_MESSAGE),
    check_name: INJECTION_RULE_ID,
    fingerprint: file.fingerprint,
    severity: 'critical',
    location: { path: file.path, lines: { begin: 1 } },
  }));
  return [...swayed, ...[...findings].sort(compareForScanning).map((f) => {
    const n = (seen.get(f.fingerprint) ?? 0) + 1;
    seen.set(f.fingerprint, n);
    const fingerprint = n === 1 ? f.fingerprint : createHash('sha256').update(`${f.fingerprint}:${n}`, 'utf8').digest('hex').slice(0, 32);
    return {
      description: description(f, carried(f)),
      check_name: ruleIdOf(ruleKindOf(f)),
      fingerprint,
      severity: CODE_QUALITY_SEVERITY[f.severity],
      location: { path: f.path, lines: { begin: scanningLine(f).line } },
    };
  })];
}

/** The report's text: the array, indented, ending with a newline. */
export function renderCodeQuality(findings: readonly LabelledFinding[], outcomes: readonly FileOutcome[] = []): string {
  return `${JSON.stringify(buildCodeQuality(findings, outcomes), null, 2)}\n`;
}
