/**
 * The verdict: a pure function of the file outcomes and the thresholds. It runs last, after the
 * report has landed, and never passes silently on work that was not done.
 */
import { SEVERITIES } from './api/types';
import type { Severity } from './api/types';
import type { GateScope, OnIncomplete } from './settings';
import type { FailOnSeverity, FileOutcome, FindingLocation, GateVerdict, LabelledFinding } from './types';

export interface GateThresholds {
  failOnSeverity: FailOnSeverity;
  gateScope: GateScope;
  minScore: number;
  onIncomplete: OnIncomplete;
}

export interface GateInput {
  outcomes: readonly FileOutcome[];
  /** Set when GitHub's file list was cut (3,000 files): files past it were never seen. */
  listTruncated?: boolean;
  /** A failure that voids the whole run (rejected key): fails the check whatever on-incomplete says. */
  fatal?: string;
}

/**
 * With `gate-scope: added`, findings on lines the pull request adds count, and so do findings in
 * files whose diff GitHub did not send: the line may well be added, and a required check must
 * not pass on what it could not see.
 */
const COUNTED_IN_ADDED_SCOPE: ReadonlySet<FindingLocation> = new Set(['added-line', 'diff-unknown']);

export function countsTowardGate(finding: LabelledFinding, scope: GateScope): boolean {
  return scope === 'file' || COUNTED_IN_ADDED_SCOPE.has(finding.location);
}

export function decide(input: GateInput, thresholds: GateThresholds): GateVerdict {
  const reasons: string[] = [];
  const notices: string[] = [];
  const counted: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const reviewed = input.outcomes.filter((o) => o.kind === 'reviewed');
  const failed = input.outcomes.filter((o) => o.kind === 'failed');

  for (const outcome of reviewed) {
    for (const finding of outcome.findings) {
      if (countsTowardGate(finding, thresholds.gateScope)) counted[finding.severity] += 1;
    }
  }

  if (input.fatal !== undefined) reasons.push(input.fatal);

  const where = thresholds.gateScope === 'added' ? 'on added lines' : 'in reviewed files';
  if (thresholds.failOnSeverity !== 'never') {
    const failing = SEVERITIES.slice(0, SEVERITIES.indexOf(thresholds.failOnSeverity) + 1);
    for (const severity of failing) {
      const n = counted[severity];
      if (n > 0) {
        reasons.push(`${plural(n, `${severity} finding`)} ${where} (fail-on-severity: ${thresholds.failOnSeverity})`);
      }
    }
  }

  const scores = reviewed.map((o) => ({ path: o.path, score: o.result.quality_score }));
  for (const { path, score } of scores) {
    if (score < thresholds.minScore) {
      reasons.push(`quality score ${score} of ${path} is below min-score ${thresholds.minScore}`);
    }
  }

  const incomplete: string[] = (input.fatal === undefined ? failed : []).map((o) => `${o.path} (${o.reason})`);
  if (input.listTruncated === true) incomplete.push('files past GitHub’s 3,000-file list limit (never listed)');
  if (incomplete.length > 0) {
    const what = `${plural(incomplete.length, 'file')} could not be reviewed: ${summarizeList(incomplete)}`;
    if (thresholds.onIncomplete === 'fail') reasons.push(`${what} (on-incomplete: fail)`);
    else notices.push(`${what}; passing because on-incomplete is pass`);
  }

  if (reviewed.length === 0 && incomplete.length === 0) {
    notices.push('Nothing to review: no changed file in a supported language passed the filters');
  }

  const verdict: GateVerdict = { result: reasons.length > 0 ? 'failed' : 'passed', reasons, notices, counted };
  if (scores.length > 0) {
    verdict.lowestScore = Math.min(...scores.map((s) => s.score));
    verdict.averageScore = Math.round((scores.reduce((sum, s) => sum + s.score, 0) / scores.length) * 10) / 10;
  }
  return verdict;
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function summarizeList(items: string[], max = 5): string {
  const shown = items.slice(0, max).join('; ');
  return items.length > max ? `${shown}; and ${items.length - max} more` : shown;
}
