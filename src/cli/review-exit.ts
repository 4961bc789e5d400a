/**
 * Which exit status a finished review gets, and, for 3, the one explanation printed instead of
 * the gate's verdict. The verdict itself stays the gate's (the action's check would fail the
 * same way); the status only tells a hook *why* it failed.
 */
import { decide } from '../gate/decide';
import type { Settings } from '../config/settings';
import type { RunReport } from '../pipeline';
import type { FileOutcome } from '../domain/outcomes';
import { MISCONFIGURED_CODE } from '../domain/outcomes';
import { COULD_NOT_RUN_CODES } from '../domain/outcomes';
import { EXIT } from '../publish/exit-status';
import type { ExitStatus } from '../publish/exit-status';
import { remedyFor } from './errors';

type Failed = Extract<FileOutcome, { kind: 'failed' }>;

/** The files that failed for a reason that says nothing about the code. */
export function blockedFiles(report: Pick<RunReport, 'outcomes'>): Failed[] {
  return report.outcomes.filter((o): o is Failed => o.kind === 'failed' && o.code !== undefined && COULD_NOT_RUN_CODES.has(o.code));
}

export function reviewExitStatus(report: Pick<RunReport, 'outcomes' | 'verdict'>, settings: Settings): ExitStatus {
  if (report.verdict.result === 'passed') return EXIT.passed;
  const blocked = blockedFiles(report).length > 0;
  // Neutral (on-incomplete: neutral) does not block, as in the action — unless the run itself
  // could not run (a rejected key, the daily limit), which status 3 says.
  if (report.verdict.result === 'neutral' && !blocked) return EXIT.passed;
  if (!blocked) return EXIT.failed;
  // What was reviewed may fail the gate on its own: then the code failed, whatever else happened.
  const reviewedOnly = decide({ outcomes: report.outcomes.filter((o) => o.kind !== 'failed') }, settings);
  return reviewedOnly.result === 'failed' ? EXIT.failed : EXIT.couldNotRun;
}

/** "the review service rejected the key …: <remedy> (request …); 3 of 3 files not reviewed". */
export function couldNotRunExplanation(report: Pick<RunReport, 'outcomes'>, key: string, apiUrl: string): string {
  // A file whose own request failed names the request; files the stop cancelled have none.
  const blocked = blockedFiles(report);
  const first = blocked.find((o) => o.requestId !== undefined) ?? blocked[0];
  const notReviewed = report.outcomes.filter((o) => o.kind === 'failed').length;
  const candidates = report.outcomes.filter((o) => o.kind !== 'skipped').length;
  const tally = `${notReviewed} of ${candidates} files not reviewed`;
  if (first === undefined) return tally;
  const code = first.code ?? '';
  const request = first.requestId === undefined ? '' : `, request ${first.requestId}`;
  const what: Record<string, string> = {
    authentication_failed: 'the review service rejected the key',
    insufficient_scope: 'the key may not use the review endpoint',
    daily_limit_exceeded: "the key's daily request limit is used up",
    network_error: `the review service at ${apiUrl} could not be reached`,
    timeout: `the review service at ${apiUrl} did not answer in time`,
  };
  // A wrong api-url's reason already names the URL and the status the service gave.
  const happened = what[code] ?? (code === MISCONFIGURED_CODE ? first.reason.replace(/^not reviewed: /, '') : 'the review service kept failing after the retries');
  const remedy = remedyFor(code, key) ?? 'Try again later.';
  return `${happened} (${code}${request}); ${tally}. ${remedy}`;
}
