/**
 * The verdict: a pure function of the file outcomes, their labelled findings, how posting the
 * review ended, and the thresholds. It runs once, after the review is posted and before the
 * summary is written; every surface (summary comment, job summary, outputs, annotations, exit
 * status) is rendered from it and nothing changes it afterwards. It never passes silently on
 * work that was not done.
 */
import { SEVERITIES } from '../domain/vocabulary';
import { failsAt } from '../domain/finding-effect';
import type { Severity } from '../domain/vocabulary';
import { describeLine } from '../locate/label';
import type { GateScope, OnIncomplete } from '../domain/vocabulary';
import type { BaseScore, FileOutcome } from '../domain/outcomes';
import type { FailOnSeverity } from '../domain/vocabulary';
import type { LabelledFinding } from '../domain/findings';
import type { GateReason, GateVerdict, ReasonCause } from '../domain/verdict';
import { COULD_NOT_RUN_CODES } from '../domain/outcomes';
import { GITHUB_LISTED_FILES_CAP } from '../domain/pull-request';
import type { PostingReport } from '../domain/writes';
import { postingEffect } from './posting';
import { plural } from '../domain/words';
import { scoreEffect } from './score';
import { blankedScoreReasons, swayedFindings } from './injection';
import { visiblePath } from '../safety/terminal';
import { quoteValue } from '../domain/quote-value';

export interface GateThresholds {
  failOnSeverity: FailOnSeverity;
  gateScope: GateScope;
  minScore: number;
  onIncomplete: OnIncomplete;
}

type NotReviewed = Extract<FileOutcome, { kind: 'failed' }>;

/** What a file is judged by: the run's thresholds, or its own under the policy's rules (`FileOutcome.settings`). */
type FileThresholds = Pick<GateThresholds, 'failOnSeverity' | 'gateScope'>;

export interface GateInput {
  outcomes: readonly FileOutcome[];
  /** Set when GitHub's file list was cut (3,000 files): files past it were never seen. */
  listTruncated?: boolean;
  /** A failure that voids the whole run (rejected key): fails the check whatever on-incomplete says. */
  fatal?: string;
  /** How posting the review ended (absent: nothing was to be posted, as in the terminal). */
  posting?: PostingReport;
  /** The commit reviewed, for what posting says about it. */
  reviewedSha?: string;
  /** Head path → the score of its base version, for files judged against it (score-baseline: base). */
  baselines?: ReadonlyMap<string, BaseScore>;
}

export function decide(input: GateInput, thresholds: GateThresholds): GateVerdict {
  const reasons: GateReason[] = [];
  const because = (cause: ReasonCause) => (text: string): void => {
    reasons.push({ text, cause });
  };
  const failedBy = (cause: ReasonCause, severity?: Severity) => (reason: { text: string; paths: string[] }): void => {
    reasons.push({ text: reason.text, cause, paths: reason.paths, ...(severity === undefined ? {} : { severity }) });
  };
  const notices: string[] = [];
  const counted: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const reviewed = input.outcomes.filter((o) => o.kind === 'reviewed');
  const failed = input.outcomes.filter((o): o is NotReviewed => o.kind === 'failed');

  const countedFindings = reviewed.flatMap((o) => o.findings.filter((f) => f.counts));
  for (const finding of countedFindings) counted[finding.severity] += 1;

  if (input.fatal !== undefined) because('could-not-run')(input.fatal);

  // Each file is judged by its own fail-on-severity and gate scope (the policy's rules); files that
  // share them are told together, in one sentence per severity, as for a run without rules.
  const judgedBy = new Map<string, FileThresholds>(reviewed.map((o) => [o.path, o.settings ?? thresholds]));
  const groups = new Map<string, { by: FileThresholds; findings: LabelledFinding[] }>();
  for (const finding of countedFindings) {
    const by = judgedBy.get(finding.path) ?? thresholds;
    if (!failsAt(finding.severity, by.failOnSeverity)) continue;
    const key = `${by.failOnSeverity} ${by.gateScope}`;
    const group = groups.get(key) ?? { by: { failOnSeverity: by.failOnSeverity, gateScope: by.gateScope }, findings: [] };
    group.findings.push(finding);
    groups.set(key, group);
  }
  for (const severity of SEVERITIES) {
    for (const { by, findings } of groups.values()) {
      severityReasons(findings.filter((f) => f.severity === severity), severity, by).forEach(failedBy('findings', severity));
    }
  }

  const scores = reviewed.map((o) => ({ path: o.path, score: o.score, minScore: (o.settings ?? thresholds).minScore }));
  const scored = scoreEffect(scores, input.baselines);
  scored.reasons.forEach(failedBy('score'));
  blankedScoreReasons(reviewed).forEach(failedBy('score'));
  notices.push(...scored.notices);

  // Each file not reviewed is told under its own cause, never the run's worst: a file too large
  // to review fails the gate (exit 1) even when an outage kept others from the service (exit 3
  // alone would let a pre-push hook or a CI job wave it through). A rejected key's fatal reason
  // already covers the files it kept from review.
  const neutralBecause: GateReason[] = [];
  const serviceCouldNotJudge = (o: NotReviewed): boolean => o.code !== undefined && COULD_NOT_RUN_CODES.has(o.code);
  const notReviewed = failed.filter((o) => input.fatal === undefined || !serviceCouldNotJudge(o));
  const described = (files: readonly NotReviewed[]): string[] => files.map((o) => `${visiblePath(o.path)} (${o.reason})`);
  const aboutTheCode = described(notReviewed.filter((o) => !serviceCouldNotJudge(o)));
  if (input.listTruncated === true) {
    aboutTheCode.push(
      `files past GitHub’s ${GITHUB_LISTED_FILES_CAP.toLocaleString('en-US')}-file list limit (never listed; a checkout with both commits, actions/checkout with fetch-depth: 0, lists them all)`,
    );
  }
  const notReviewedByCause: Array<[string[], ReasonCause]> = [
    [aboutTheCode, 'incomplete'],
    // A file the service could not judge (the daily limit, an outage) says nothing about the code.
    [described(notReviewed.filter(serviceCouldNotJudge)), 'could-not-run'],
  ];
  for (const [incomplete, cause] of notReviewedByCause) {
    if (incomplete.length === 0) continue;
    const what = `${plural(incomplete.length, 'file')} could not be reviewed: ${summarizeList(incomplete)}`;
    if (thresholds.onIncomplete === 'fail') because(cause)(`${what} (on-incomplete: fail)`);
    else if (thresholds.onIncomplete === 'pass') notices.push(`${what}; passing because on-incomplete is pass`);
    else neutralBecause.push({ text: `${what} (on-incomplete: neutral)`, cause });
  }

  const posted = postingEffect(input.posting, input.reviewedSha ?? '');
  posted.reasons.forEach(because('posting'));
  notices.push(...posted.notices);

  // Files a rejected key kept from review are told by its reason alone, but there was something to review.
  if (reviewed.length === 0 && input.listTruncated !== true && failed.length === 0 && input.fatal === undefined) {
    notices.push('Nothing to review: no changed file in a supported language passed the filters');
  }

  // Neutral only when nothing else fails: an incomplete run never hides a failure.
  if (reasons.length > 0) notices.push(...neutralBecause.map((reason) => `${reason.text}; the check fails for the reasons above anyway`));
  const result = reasons.length > 0 ? 'failed' : neutralBecause.length > 0 ? 'neutral' : 'passed';
  if (result === 'neutral') reasons.push(...neutralBecause);
  const verdict: GateVerdict = { result, reasons, notices, counted, failOnSeverity: thresholds.failOnSeverity };
  if (scores.length > 0) {
    verdict.lowestScore = Math.min(...scores.map((s) => s.score));
    verdict.averageScore = Math.round((scores.reduce((sum, s) => sum + s.score, 0) / scores.length) * 10) / 10;
  }
  return verdict;
}

/**
 * Why the counted findings of one severity fail the check. In `gate-scope: added`, findings that
 * cannot be placed get their own sentence naming where the service put them, so a reader sees
 * why a finding that is not on an added line counts.
 */
function severityReasons(findings: readonly LabelledFinding[], severity: Severity, thresholds: FileThresholds): Array<{ text: string; paths: string[] }> {
  const threshold = `(fail-on-severity: ${thresholds.failOnSeverity})`;
  const pathsOf = (some: readonly LabelledFinding[]): string[] => [...new Set(some.map((f) => f.path))];
  if (thresholds.gateScope === 'file') {
    return findings.length === 0 ? [] : [{ text: `${plural(findings.length, `${severity} finding`)} in reviewed files ${threshold}${unknownSeverities(findings)}${securityFlags(findings)}${swayedFindings(findings)}`, paths: pathsOf(findings) }];
  }
  const placed = findings.filter((f) => f.location !== 'impossible-line' && f.location !== 'diff-unknown');
  const undiffed = findings.filter((f) => f.location === 'diff-unknown' && f.uncountedBreak === undefined);
  const misnumbered = findings.filter((f) => f.location === 'diff-unknown' && f.uncountedBreak !== undefined);
  const unplaced = findings.filter((f) => f.location === 'impossible-line');
  const reasons: Array<{ text: string; paths: string[] }> = [];
  if (placed.length > 0) {
    reasons.push({ text: `${plural(placed.length, `${severity} finding`)} on added lines ${threshold}${unknownSeverities(placed)}${securityFlags(placed)}${swayedFindings(placed)}`, paths: pathsOf(placed) });
  }
  if (undiffed.length > 0) {
    const where = summarizeList(pathsOf(undiffed).map(visiblePath), 3);
    reasons.push({
      text:
        `${plural(undiffed.length, `${severity} finding`)} in files whose diff GitHub did not send (${where}) ` +
        `${undiffed.length === 1 ? 'counts' : 'count'} toward the gate: the action cannot tell which lines the pull request adds there ` +
        `${threshold}${unknownSeverities(undiffed)}${securityFlags(undiffed)}${swayedFindings(undiffed)}`,
      paths: pathsOf(undiffed),
    });
  }
  if (misnumbered.length > 0) {
    const where = summarizeList([...new Set(misnumbered.map((f) => `${visiblePath(f.path)}: ${f.uncountedBreak ?? ''}`))], 3);
    reasons.push({
      text:
        `${plural(misnumbered.length, `${severity} finding`)} in files holding a line break git does not count (${where}) ` +
        `${misnumbered.length === 1 ? 'counts' : 'count'} toward the gate: from that line on, the service may number lines otherwise than git, ` +
        `so the action cannot tell which lines the pull request adds there ${threshold}${unknownSeverities(misnumbered)}${securityFlags(misnumbered)}${swayedFindings(misnumbered)}`,
      paths: pathsOf(misnumbered),
    });
  }
  if (unplaced.length > 0) {
    const where = summarizeList(unplaced.map((f) => `${visiblePath(f.path)} ${describeLine(f)}`), 3);
    reasons.push({
      text:
        `${plural(unplaced.length, `${severity} finding`)} at a line that cannot be placed (${where}) ` +
        `${unplaced.length === 1 ? 'counts' : 'count'} toward the gate: the action cannot tell whether the pull request adds that line ` +
        `${threshold}${unknownSeverities(unplaced)}${securityFlags(unplaced)}${swayedFindings(unplaced)}`,
      paths: pathsOf(unplaced),
    });
  }
  return reasons;
}

/** Says which findings count as errors only because their severity was unknown, as received. */
function unknownSeverities(findings: readonly LabelledFinding[]): string {
  const unknown = findings.filter((f) => f.reportedSeverity !== undefined);
  if (unknown.length === 0) return '';
  const received = summarizeList([...new Set(unknown.map((f) => quoteValue(f.reportedSeverity, 40)))], 3);
  const counted = unknown.length === 1 ? 'an error' : 'errors';
  return `, ${unknown.length} reported with a severity the action does not know (${received}) and counted as ${counted}`;
}

/** Says how many of the counted findings are security flags, so a flag-only failure reads as one. */
function securityFlags(findings: readonly LabelledFinding[]): string {
  const flags = findings.filter((f) => f.source === 'security-flag').length;
  return flags === 0 ? '' : `, including ${plural(flags, 'security flag')}`;
}

function summarizeList(items: string[], max = 5): string {
  const shown = items.slice(0, max).join('; ');
  return items.length > max ? `${shown}; and ${items.length - max} more` : shown;
}

/**
 * The verdict of a run that stopped before the gate could decide (GitHub refused, the event was
 * unusable): the check fails, saying why. Fail closed: a run that judged nothing passes nothing.
 */
export function stoppedVerdict(message: string): GateVerdict {
  return { result: 'failed', reasons: [{ text: message, cause: 'could-not-run' }], notices: [], counted: { error: 0, warning: 0, info: 0 } };
}
