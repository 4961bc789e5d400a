/**
 * The run as JSON (`review-gate --format json`): a stable, documented shape for scripts. Fields
 * are only ever added within a `version`; renaming or removing one, or changing its meaning,
 * bumps `version`. A golden file (test/golden/json-report.v1.json) pins the shape.
 *
 * Everything in it is data as received or decided. The service's text, and the reasons people
 * gave for a suppression or a dismissal, are not escaped for markdown (the consumer decides how to
 * show it), but controls, bidi overrides and zero-width characters are removed from them, so a
 * script that prints a message cannot be made to drive its terminal. Paths are kept exactly, as
 * names of files: written out with `printableJson`, their invisible characters are JSON escapes.
 * The run's secrets are redacted by the caller before it is written.
 */
import { reasonTexts } from '../domain/verdict';
import type { PublishedRun } from '../domain/run-report';
import type { Severity } from '../domain/vocabulary';
import { compareFindings } from './markdown/severity';
import type { Disposition, FindingLocation, FindingSource } from '../domain/findings';
import type { FileSettings } from '../domain/policy';
import { VERSION } from '../domain/version';
import type { PromptInjectionMark } from '../domain/injection';
import { markedFileText } from './markdown/injection';
import { describeBuild } from '../domain/build';
import type { BuildIdentity } from '../domain/build';
import { cweName } from '../locate/label';
import { failsTheCheck, whyNotFailing } from '../domain/finding-effect';
import { stripTerminalControls as clean } from '../safety/terminal';

export const JSON_REPORT_VERSION = 1;

export interface JsonReportV1 {
  version: 1;
  /**
   * `version`: package.json's. `build`: what `review-gate --version` says after the name — the
   * version, and for a build that is not a release the commit it was built from
   * (`0.1.0 (untagged commit 1d925954f88c)`). `commit`: that commit's SHA, or null when unknown.
   */
  tool: { name: 'review-gate'; version: string; build: string; commit: string | null };
  /** What was compared, for a local run; omitted by callers without one. */
  source?: { base: string; baseDescription: string; head: string | null; side: 'working-tree' | 'index' | 'commit' };
  result: 'passed' | 'failed' | 'neutral';
  /** Why the gate failed, one sentence each; empty when it passed. */
  reasons: string[];
  notices: string[];
  /** Findings the gate counted, by severity (see gate-scope). */
  counted: Record<Severity, number>;
  scores: { lowest: number | null; average: number | null };
  files: JsonFile[];
  /** Every finding, most severe first, then by path and line. */
  findings: JsonFinding[];
  tokensUsed: number;
  /** The walkthrough's text; null when none was asked for or it could not be written. */
  walkthrough: string | null;
  /** The policy file applied, read at the base commit; null when there was none (the inputs alone). */
  policy: { path: string; commit: string; rules: number } | null;
}

/** What a file was reviewed and judged with: the run's settings, then the policy's rules matching it. */
export interface JsonFileSettings {
  focusAreas: string[];
  failOnSeverity: string;
  minScore: number;
  gateScope: string;
  commentSeverity: string;
  /** The policy's rules that matched it, by number (1-based), in order; empty when none did. */
  rules: number[];
}

export type JsonFile =
  | {
      path: string;
      status: 'reviewed';
      language: string;
      score: number;
      summary: string;
      suggestions: string[];
      findings: number;
      /** Answered from the result cache: no request to the service in this run. */
      fromCache: boolean;
      /** The file's own settings under the policy file's rules; absent without a policy. */
      settings?: JsonFileSettings;
      /** Present only when the file's own text changed its review (injection-check). */
      promptInjection?: JsonPromptInjection;
    }
  | { path: string; status: 'skipped'; reason: string }
  | { path: string; status: 'failed'; reason: string; code: string | null; requestId: string | null; settings?: JsonFileSettings };

/**
 * The mark of a file whose own text changed its review: its score with its comments and strings
 * blanked, the min-score that blanked score counts as below (null when it does not), how many
 * errors only that review reported (each marked `possiblePromptInjection`), and the sentence
 * every surface shows.
 */
export interface JsonPromptInjection {
  blankedScore: number;
  scoreBelowMinScore: number | null;
  findings: number;
  note: string;
}

/** A suppression in code (`review-gate-ignore: <reason>` on `line`) or a dismissal by `by`, a login. */
export type JsonDisposition = { kind: 'suppressed'; reason: string; line: number } | { kind: 'dismissed'; by: string; reason: string };

export interface JsonFinding {
  /** `issue` (the answer's `issues`), `security-flag` (its `security_flags`), or `hidden-text` (found in the file itself). */
  source: FindingSource;
  path: string;
  /** The line as the service sent it; null when it sent none or not a number. */
  line: number | null;
  severity: Severity;
  /** The severity as sent, when it was unknown and counted as error; else null. */
  reportedSeverity: string | null;
  message: string;
  suggestion: string;
  /** Where the line sits relative to the change. */
  location: FindingLocation;
  countsTowardGate: boolean;
  /** What took it out of the gate, a suppression in code or a dismissal; null when nothing did. */
  disposition: JsonDisposition | null;
  /**
   * Why the gate does not count it when neither its place nor a dismissal or suppression says so
   * (`security-flags: report`, or a flag an issue stands for); else null.
   */
  notCountedBecause: string | null;
  /** The same line-independent fingerprint as the inline comments' marker and SARIF's partialFingerprints. */
  fingerprint: string;
  /** A security flag's kind (its `type`, `rule`, `id` or `category`); else null. */
  kind: string | null;
  /** A security flag's CWE, as `CWE-89`; else null. */
  cwe: string | null;
  /** A security flag that an issue on its line stands for: that issue's fingerprint (its comment carries the flag); else null. */
  sameAs: string | null;
  /** Present (true) only for an error only injection-check's second review reported: the file's own text changed the review. */
  possiblePromptInjection?: true;
  /** Whether it fails the check by itself: counted, and at or above its file's fail-on-severity. */
  failsTheCheck: boolean;
  /**
   * Why it does not fail the check, whatever the reason: a suppression, a dismissal, a reason the
   * gate does not count it, its place (`outside the diff …`), or the fail-on-severity it is below
   * (`fail-on-severity never for this file, by policy rule 1 (legacy/**)`); null when it fails it.
   */
  whyNotFailing: string | null;
}

export type JsonReportSource = Pick<PublishedRun, 'outcomes' | 'findings' | 'verdict' | 'tokensUsed' | 'walkthrough' | 'policy'>;

export function buildJsonReport(report: JsonReportSource, source?: JsonReportV1['source'], build: BuildIdentity = { version: VERSION }): JsonReportV1 {
  const { verdict } = report;
  return {
    version: JSON_REPORT_VERSION,
    tool: { name: 'review-gate', version: VERSION, build: describeBuild(build), commit: build.commit ?? null },
    ...(source === undefined ? {} : { source }),
    result: verdict.result,
    reasons: reasonTexts(verdict).map(clean),
    notices: verdict.notices.map(clean),
    counted: { ...verdict.counted },
    scores: { lowest: verdict.lowestScore ?? null, average: verdict.averageScore ?? null },
    files: report.outcomes.map((outcome): JsonFile => {
      switch (outcome.kind) {
        case 'reviewed':
          return {
            path: outcome.path,
            status: 'reviewed',
            language: outcome.language,
            score: outcome.score,
            summary: clean(outcome.summary),
            suggestions: outcome.suggestions.map(clean),
            findings: outcome.findings.length,
            fromCache: outcome.fromCache === true,
            ...settingsOf(outcome.settings),
            ...(outcome.injection === undefined ? {} : { promptInjection: jsonInjection(outcome.injection, outcome.score) }),
          };
        case 'skipped':
          return { path: outcome.path, status: 'skipped', reason: clean(outcome.reason) };
        case 'failed':
          return {
            path: outcome.path,
            status: 'failed',
            reason: clean(outcome.reason),
            code: outcome.code ?? null,
            requestId: outcome.requestId ?? null,
            ...settingsOf(outcome.settings),
          };
      }
    }),
    findings: [...report.findings].sort(compareFindings).map((f) => ({
      source: f.source,
      path: f.path,
      line: f.line,
      severity: f.severity,
      reportedSeverity: f.reportedSeverity === undefined ? null : clean(f.reportedSeverity),
      message: clean(f.message),
      suggestion: clean(f.suggestion),
      location: f.location,
      countsTowardGate: f.counts,
      disposition: jsonDisposition(f.disposition),
      notCountedBecause: f.uncounted === undefined ? null : clean(f.uncounted),
      fingerprint: f.fingerprint,
      kind: f.kind === undefined ? null : clean(f.kind),
      cwe: f.cwe === undefined ? null : cweName(f.cwe),
      sameAs: f.sameAs ?? null,
      ...(f.possibleInjection === true ? { possiblePromptInjection: true as const } : {}),
      failsTheCheck: failsTheCheck(f),
      whyNotFailing: nullable(whyNotFailing(f)),
    })),
    tokensUsed: report.tokensUsed,
    walkthrough: report.walkthrough?.kind === 'written' ? clean(report.walkthrough.text) : null,
    policy: report.policy?.applied === undefined ? null : { path: report.policy.path, commit: report.policy.applied.commit, rules: report.policy.applied.rules.length },
  };
}

function jsonInjection(mark: PromptInjectionMark, score: number): JsonPromptInjection {
  return { blankedScore: mark.blankedScore, scoreBelowMinScore: mark.scoreBelow ?? null, findings: mark.findings, note: markedFileText(mark, score) };
}

function nullable(text: string | undefined): string | null {
  return text === undefined ? null : clean(text);
}

function jsonDisposition(d: Disposition | undefined): JsonDisposition | null {
  if (d === undefined) return null;
  return d.kind === 'suppressed' ? { kind: 'suppressed', reason: clean(d.reason), line: d.line } : { kind: 'dismissed', by: clean(d.by), reason: clean(d.reason) };
}

function settingsOf(settings: FileSettings | undefined): { settings?: JsonFileSettings } {
  if (settings === undefined) return {};
  const { focusAreas, failOnSeverity, minScore, gateScope, commentSeverity, rules } = settings;
  return { settings: { focusAreas: [...focusAreas], failOnSeverity, minScore, gateScope, commentSeverity, rules: [...rules] } };
}
