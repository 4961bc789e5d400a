/**
 * The terminal command's exit statuses: a contract, pinned by test/cli/exit-status.contract.test.ts
 * and documented in the README and in `--help`. A pre-push hook may treat 3 differently from 1
 * (the service was down, not the code bad), so nothing may move between them.
 */
import { MISCONFIGURED_CODE } from '../domain/outcomes';

export const EXIT = { passed: 0, failed: 1, usage: 2, couldNotRun: 3 } as const;

export type ExitStatus = (typeof EXIT)[keyof typeof EXIT];

/** Each status and what it means, in order: `--help` and the README print this table. */
export const EXIT_MEANINGS: ReadonlyArray<readonly [ExitStatus, string]> = [
  [EXIT.passed, 'the gate passed'],
  [EXIT.failed, 'the gate failed'],
  [EXIT.usage, 'usage or settings error, with the bad value quoted'],
  [EXIT.couldNotRun, 'could not run: git, authentication, service unreachable or not at api-url, daily limit'],
];

/** The exit-status lines of `--help`. */
export function exitStatusHelp(): string {
  return ['Exit status:', ...EXIT_MEANINGS.map(([status, meaning]) => `  ${status}  ${meaning}`)].join('\n');
}

/**
 * Failures that say nothing about the code: the run could not judge it. A file that failed for
 * one of these (or was never sent because of one) makes the run exit 3, unless the files that
 * were reviewed already fail the gate on their own.
 */
export const COULD_NOT_RUN_CODES: ReadonlySet<string> = new Set([
  'authentication_failed',
  'insufficient_scope',
  'daily_limit_exceeded',
  'rate_limit_exceeded',
  'overloaded',
  'inference_error',
  'network_error',
  'timeout',
  MISCONFIGURED_CODE,
]);
