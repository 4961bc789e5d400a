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
import { compareFindings } from '../report/markdown/severity';
import type { Disposition, FindingLocation } from '../domain/findings';
import { VERSION } from '../version';
import { stripTerminalControls as clean } from '../safety/terminal';

export const JSON_REPORT_VERSION = 1;

export interface JsonReportV1 {
  version: 1;
  tool: { name: 'review-gate'; version: string };
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
}

export type JsonFile =
  | {
      path: string;
      status: 'reviewed';
      language: string;
      score: number;
      summary: string;
      findings: number;
      /** Answered from the result cache: no request to the service in this run. */
      fromCache: boolean;
    }
  | { path: string; status: 'skipped'; reason: string }
  | { path: string; status: 'failed'; reason: string; code: string | null; requestId: string | null };

/** A suppression in code (`review-gate-ignore: <reason>` on `line`) or a dismissal by `by`, a login. */
export type JsonDisposition = { kind: 'suppressed'; reason: string; line: number } | { kind: 'dismissed'; by: string; reason: string };

export interface JsonFinding {
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
  /** The same line-independent fingerprint as the inline comments' marker and SARIF's partialFingerprints. */
  fingerprint: string;
}

export type JsonReportSource = Pick<PublishedRun, 'outcomes' | 'findings' | 'verdict' | 'tokensUsed' | 'walkthrough'>;

export function buildJsonReport(report: JsonReportSource, source?: JsonReportV1['source']): JsonReportV1 {
  const { verdict } = report;
  return {
    version: JSON_REPORT_VERSION,
    tool: { name: 'review-gate', version: VERSION },
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
            findings: outcome.findings.length,
            fromCache: outcome.fromCache === true,
          };
        case 'skipped':
          return { path: outcome.path, status: 'skipped', reason: clean(outcome.reason) };
        case 'failed':
          return { path: outcome.path, status: 'failed', reason: clean(outcome.reason), code: outcome.code ?? null, requestId: outcome.requestId ?? null };
      }
    }),
    findings: [...report.findings].sort(compareFindings).map((f) => ({
      path: f.path,
      line: f.line,
      severity: f.severity,
      reportedSeverity: f.reportedSeverity === undefined ? null : clean(f.reportedSeverity),
      message: clean(f.message),
      suggestion: clean(f.suggestion),
      location: f.location,
      countsTowardGate: f.counts,
      disposition: jsonDisposition(f.disposition),
      fingerprint: f.fingerprint,
    })),
    tokensUsed: report.tokensUsed,
    walkthrough: report.walkthrough?.kind === 'written' ? clean(report.walkthrough.text) : null,
  };
}

function jsonDisposition(d: Disposition | undefined): JsonDisposition | null {
  if (d === undefined) return null;
  return d.kind === 'suppressed' ? { kind: 'suppressed', reason: clean(d.reason), line: d.line } : { kind: 'dismissed', by: clean(d.by), reason: clean(d.reason) };
}
