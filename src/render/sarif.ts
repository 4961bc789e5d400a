/**
 * The run as SARIF 2.1.0, for GitHub code scanning (action input `sarif-file`, CLI
 * `--format sarif`). One run, one rule per kind of finding, one result per finding.
 *
 * - A kind of finding is the service's message with every number written as N (the same
 *   normalization as the fingerprint, then digits): "Line is 130 characters long" and "… 141 …"
 *   are one rule. Its id is readable and stable: `review-gate/<first words>-<hash>`.
 * - `level` comes from the severity (info → note). `partialFingerprints` carry the same
 *   line-independent fingerprint as the inline comments' marker, so code scanning tracks a
 *   finding across pushes that move it.
 * - Code scanning needs a location with `region.startLine` on every result. A finding at a line
 *   the file does not have (0, negative, past the end) is placed on line 1 and says where the
 *   service put it, rather than be left out.
 * - GitHub's limits for one upload (docs: "SARIF results exceed limits", "SARIF file is too
 *   large") are kept: at most 25,000 results and rules per run, and at most 10 MB once gzipped.
 *   Past them the least severe results are left out, and the run's invocation says how many.
 *   Code scanning stores and shows only the top 5,000 of a run, so results go most severe first,
 *   and within a level security ones first.
 * - Security flags, and issues about security (`security` on the finding), carry what code
 *   scanning ranks and groups security alerts by: `properties["security-severity"]` ("8.0" for an
 *   error, "5.0" a warning, "2.0" an info: high, medium and low) and the tags `security` and
 *   `external/cwe/cwe-<N>`, on the result and on its rule (code scanning reads the rule's).
 *   A flag's kind of finding is its own kind (`type`, `rule`, …) when it names one. A flag an issue
 *   stands for (`sameAs`) is a result of its own, with its own severity and CWE, and the issue's
 *   result names it too, as its inline comment does: a machine reading the file loses no finding.
 * - Each result says whether it fails the check (`properties.failsTheCheck`) and, when not, why
 *   (`properties.whyNotFailing`, and a line of its message).
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Severity } from '../domain/vocabulary';
import { cweName, describeFlag, describeLine } from '../locate/label';
import { failsTheCheck, whyNotFailing } from '../domain/finding-effect';
import type { FileOutcome } from '../domain/outcomes';
import type { LabelledFinding } from '../domain/findings';
import { VERSION } from '../domain/version';
import { normalizeMessage } from '../locate/fingerprint';
import { HIDDEN_TEXT_HELP, hiddenTextKind } from '../locate/hidden-text';
import { compareFindings, severityRank } from './markdown/severity';
import { stripTerminalControls } from '../safety/terminal';
import { INJECTED_FINDING } from './markdown/injection';
import { INJECTION_RULE_ID, injectionRule, scoreSwayedFiles } from './injection-results';
import type { ScoreSwayedFile } from './injection-results';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The key of `partialFingerprints`; `/v1` follows `review-gate/fp/1` in fingerprint.ts. */
export const SARIF_FINGERPRINT_KEY = 'reviewGateFingerprint/v1';
/** GitHub code scanning's documented limits for one upload. */
export const SARIF_LIMITS = { resultsPerRun: 25_000, rulesPerRun: 25_000, gzipBytes: 10 * 1024 * 1024 } as const;
/** Characters of a message or suggestion carried in a result; longer ones are cut with an ellipsis. */
const MAX_TEXT = 4_000;

const LEVEL: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };
/** `security-severity` by severity, in code scanning's bands: high (7.0–8.9), medium (4.0–6.9), low (0.1–3.9). */
export const SECURITY_SEVERITY: Readonly<Record<Severity, string>> = { error: '8.0', warning: '5.0', info: '2.0' };
/** Code scanning keeps 10 tags of a rule: the CWE tags past that are left out. */
const MAX_CWE_TAGS = 8;

export interface SarifSource {
  findings: readonly LabelledFinding[];
  outcomes: readonly FileOutcome[];
}

export interface SarifOptions {
  /** The byte limit once gzipped; GitHub's 10 MB unless a test sets a smaller one. */
  gzipBytes?: number;
  /** The result limit; GitHub's 25,000 unless a test sets a smaller one. */
  maxResults?: number;
}

/** A SARIF log as plain JSON (typed loosely: the schema test is what checks its shape). */
export type SarifLog = Record<string, unknown> & { version: '2.1.0'; runs: Array<Record<string, unknown>> };

export interface SarifRendering {
  /** The file's text (UTF-8, no byte-order mark). */
  text: string;
  results: number;
  /** Findings left out to stay within GitHub's limits. */
  leftOut: number;
}

/** Most severe first; within a severity, security findings first; then by path and line. */
export function compareForScanning(a: LabelledFinding, b: LabelledFinding): number {
  return severityRank(a.severity) - severityRank(b.severity) || Number(a.security !== true) - Number(b.security !== true) || compareFindings(a, b);
}

/** The flags an issue stands for: those on its line naming it (`sameAs`). */
export type CarriedFlags = (issue: LabelledFinding) => readonly LabelledFinding[];

/** For each issue, the flags it stands for, which its result names besides their own results. */
export function carriedFlags(findings: readonly LabelledFinding[]): CarriedFlags {
  const key = (fingerprint: string, f: LabelledFinding): string => JSON.stringify([fingerprint, f.path, f.line]);
  const byIssue = new Map<string, LabelledFinding[]>();
  for (const f of findings) if (f.sameAs !== undefined) byIssue.set(key(f.sameAs, f), [...(byIssue.get(key(f.sameAs, f)) ?? []), f]);
  return (issue) => byIssue.get(key(issue.fingerprint, issue)) ?? [];
}

/** The SARIF file for a run, within GitHub's limits. */
export function renderSarif(source: SarifSource, options: SarifOptions): SarifRendering {
  const carried = carriedFlags(source.findings);
  const sorted = [...source.findings].sort(compareForScanning);
  const maxResults = options.maxResults ?? SARIF_LIMITS.resultsPerRun;
  const gzipLimit = options.gzipBytes ?? SARIF_LIMITS.gzipBytes;
  let keep = Math.min(sorted.length, maxResults);
  for (;;) {
    const text = `${JSON.stringify(buildSarif(sorted.slice(0, keep), sorted.length - keep, source.outcomes, carried))}\n`;
    const size = gzipSync(text).length;
    if (size <= gzipLimit || keep === 0) return { text, results: keep, leftOut: sorted.length - keep };
    // Results are alike in size: scale the count by the overshoot, with a margin, and check again.
    keep = Math.min(keep - 1, Math.floor((keep * gzipLimit * 0.95) / size));
    keep = Math.max(0, keep);
  }
}

export function buildSarif(
  findings: readonly LabelledFinding[],
  leftOut: number,
  outcomes: readonly FileOutcome[],
  /** The security flags an issue stands for, named in its result. */
  carried: CarriedFlags = () => [],
): SarifLog {
  const rules: Array<Record<string, unknown>> = [];
  const ruleIndex = new Map<string, number>();
  const ruleFindings: LabelledFinding[][] = [];
  const results = findings.map((finding) => {
    const kind = ruleKindOf(finding);
    let index = ruleIndex.get(kind);
    if (index === undefined) {
      index = rules.length;
      ruleIndex.set(kind, index);
      rules.push(ruleFor(kind, finding));
      ruleFindings.push([]);
    }
    ruleFindings[index]?.push(finding);
    return resultFor(finding, rules[index]?.id as string, index, carried(finding));
  });
  rules.forEach((rule, index) => {
    const security = securityProperties(ruleFindings[index] ?? [], carried);
    if (security !== undefined) rule.properties = { tags: ['review-gate', ...security.tags], 'security-severity': security.severity };
  });
  const swayed = scoreSwayedFiles(outcomes);
  if (swayed.length > 0) {
    rules.push(injectionRule());
    results.push(...swayed.map((file) => swayedResult(file, rules.length - 1)));
  }
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'review-gate', version: VERSION, semanticVersion: VERSION, rules } },
        invocations: [invocation(leftOut, outcomes)],
        results,
      },
    ],
  };
}

/** The kind of a finding: its normalized message with every number as N. */
export function kindOf(message: string): string {
  return normalizeMessage(message).replace(/\d+(?:\.\d+)?/g, 'N');
}

/**
 * The kind a finding's rule stands for: the kind of its message, or for a security flag, the kind
 * it names (`Security flag: sql-injection`), else that of its message: never an issue's rule.
 */
export function ruleKindOf(finding: Pick<LabelledFinding, 'source' | 'kind' | 'message' | 'severity'>): string {
  if (finding.source === 'hidden-text') return hiddenTextKind(finding.severity);
  if (finding.source !== 'security-flag') return kindOf(finding.message);
  return `Security flag: ${finding.kind === undefined ? kindOf(finding.message) : normalizeMessage(finding.kind)}`;
}

/**
 * The security severity and tags of these findings (of one result, or of one rule's results),
 * or undefined when none is about security: the highest severity, and every CWE named.
 */
function securityProperties(findings: readonly LabelledFinding[], carried: CarriedFlags): { severity: string; tags: string[] } | undefined {
  const security = findings.filter((f) => f.security === true);
  const [top] = [...security].sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
  if (top === undefined) return undefined;
  const cwes = security.flatMap((f) => [f.cwe, ...carried(f).map((c) => c.cwe)]).filter((n): n is number => n !== undefined);
  const tags = [...new Set(cwes)].slice(0, MAX_CWE_TAGS).map((n) => `external/cwe/${cweName(n).toLowerCase()}`);
  return { severity: SECURITY_SEVERITY[top.severity], tags: ['security', ...tags] };
}

/** `review-gate/eval-runs-arbitrary-code-1a2b3c4d`: the first words for people, a hash for uniqueness. */
export function ruleIdOf(kind: string): string {
  const words = kind.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 5).join('-') ?? '';
  const hash = createHash('sha256').update(kind, 'utf8').digest('hex').slice(0, 8);
  return `review-gate/${words === '' ? 'finding' : words}-${hash}`;
}

function ruleFor(kind: string, first: LabelledFinding): Record<string, unknown> {
  const text = cut(kind === '' ? 'A finding of the review service without a message' : kind);
  return {
    id: ruleIdOf(kind),
    shortDescription: { text },
    fullDescription: { text },
    help: { text: first.source === 'hidden-text' ? HIDDEN_TEXT_HELP : 'Reported by the Code Assistance API review; each result carries its suggested fix.' },
    defaultConfiguration: { level: LEVEL[first.severity] },
    properties: { tags: ['review-gate'] },
  };
}

function resultFor(f: LabelledFinding, ruleId: string, ruleIndex: number, flags: readonly LabelledFinding[]): Record<string, unknown> {
  const { line, unplaced } = scanningLine(f);
  const flag = describeFlag(f);
  const why = whyNotFailing(f);
  const notes = [
    flag === '' ? '' : `Reported as a ${flag}.`,
    unplaced === undefined ? '' : `${unplaced.charAt(0).toUpperCase()}${unplaced.slice(1)}.`,
    f.reportedSeverity === undefined ? '' : `Reported with severity ${JSON.stringify(f.reportedSeverity).slice(0, 60)}, counted as error.`,
    f.uncounted === undefined ? '' : `Not counted by the gate: ${cut(f.uncounted)}.`,
    f.possibleInjection === true ? INJECTED_FINDING : '',
    why === undefined || f.uncounted !== undefined ? '' : `Does not fail the check: ${cut(why)}.`,
    f.suggestion.trim() === '' ? '' : `Suggestion: ${cut(f.suggestion)}`,
    ...flags.map((c) => `Also a ${describeFlag(c)}: ${cut(c.message)}`),
  ].filter((n) => n !== '');
  const security = securityProperties([f], () => flags);
  return {
    ruleId,
    ruleIndex,
    level: LEVEL[f.severity],
    message: { text: [cut(f.message.trim() === '' ? '(no message)' : f.message), ...notes].join('\n\n') },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: uriOf(f.path), uriBaseId: '%SRCROOT%' },
          region: { startLine: line },
        },
      },
    ],
    partialFingerprints: { [SARIF_FINGERPRINT_KEY]: f.fingerprint },
    properties: {
      location: f.location,
      countsTowardGate: f.counts,
      source: f.source,
      failsTheCheck: failsTheCheck(f),
      ...(why === undefined ? {} : { whyNotFailing: cut(why) }),
      ...(security === undefined ? {} : { 'security-severity': security.severity, tags: security.tags }),
      ...(f.possibleInjection === true ? { possiblePromptInjection: true } : {}),
    },
  };
}

/** A file whose blanked score counts (injection-check), as a result of its own at line 1. */
function swayedResult(file: ScoreSwayedFile, ruleIndex: number): Record<string, unknown> {
  return {
    ruleId: INJECTION_RULE_ID,
    ruleIndex,
    level: 'error',
    message: { text: cut(file.text) },
    locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(file.path), uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } } }],
    partialFingerprints: { [SARIF_FINGERPRINT_KEY]: file.fingerprint },
    properties: { countsTowardGate: true, possiblePromptInjection: true },
  };
}

/**
 * The line a code scanning tool shows a finding on: its own, or line 1 for a line the file does
 * not have, with words saying where the service put it (SARIF and the Code Quality report).
 */
export function scanningLine(f: Pick<LabelledFinding, 'location' | 'line' | 'reportedLine'>): { line: number; unplaced?: string } {
  if (f.location !== 'impossible-line' && f.line !== null && Number.isInteger(f.line) && f.line > 0) return { line: f.line };
  const named = f.line === null && f.reportedLine === undefined ? 'the service named no line' : `the service named ${describeLine(f)}, which the file does not have`;
  return { line: 1, unplaced: `${named}; shown at line 1` };
}

/** What the run could not do, so code scanning's tool status shows it. */
function invocation(leftOut: number, outcomes: readonly FileOutcome[]): Record<string, unknown> {
  const failed = outcomes.filter((o) => o.kind === 'failed');
  const notifications: Array<Record<string, unknown>> = [];
  if (leftOut > 0) {
    notifications.push({
      level: 'warning',
      message: { text: `${leftOut} less severe findings were left out to stay within GitHub's limits for one upload (25,000 results, 10 MB gzipped).` },
    });
  }
  for (const outcome of failed.slice(0, 100)) {
    notifications.push({ level: 'warning', message: { text: cut(`${outcome.path}: ${outcome.reason}`) } });
  }
  if (failed.length > 100) notifications.push({ level: 'warning', message: { text: `${failed.length - 100} more files could not be reviewed.` } });
  return { executionSuccessful: failed.length === 0, toolExecutionNotifications: notifications };
}

/** A repository-relative path as a URI reference: each segment percent-encoded, `/` kept. */
export function uriOf(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The service's text, at most MAX_TEXT characters. Code scanning shows it as plain text, so
 * only what could hide or reorder it (controls, bidi overrides, zero-width characters) goes.
 */
function cut(text: string): string {
  const clean = stripTerminalControls(text);
  return clean.length <= MAX_TEXT ? clean : `${clean.slice(0, MAX_TEXT - 1)}…`;
}
