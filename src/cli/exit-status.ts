/**
 * The terminal command's exit statuses: a contract, pinned by test/cli/exit-status.contract.test.ts
 * and documented in the README and in `--help`. A pre-push hook may treat 3 differently from 1
 * (the service was down, not the code bad), so nothing may move between them.
 *
 * The status of a finished review is a function of the verdict alone (`exitStatusOf`): each
 * reason carries its cause, so nothing is decided a second time here.
 */
import type { GateVerdict, ReasonCause } from '../domain/verdict';

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

/** Causes that say the code (or the change) failed: any of them makes a failed verdict exit 1. */
const ABOUT_THE_CODE: ReadonlySet<ReasonCause> = new Set(['findings', 'score', 'incomplete', 'posting']);

/**
 * The exit status of a decided run. A failed verdict exits 1 when any reason is about the code,
 * and 3 when every reason says the run could not judge it (a rejected key, the daily limit, an
 * unreachable or misconfigured service). A neutral verdict (on-incomplete: neutral) does not
 * block, as in the action, unless the service could not run, which 3 says.
 */
export function exitStatusOf(verdict: Pick<GateVerdict, 'result' | 'reasons'>): ExitStatus {
  const couldNotRun = verdict.reasons.some((reason) => reason.cause === 'could-not-run');
  switch (verdict.result) {
    case 'passed':
      return EXIT.passed;
    case 'neutral':
      return couldNotRun ? EXIT.couldNotRun : EXIT.passed;
    case 'failed':
      return verdict.reasons.some((reason) => ABOUT_THE_CODE.has(reason.cause)) || !couldNotRun ? EXIT.failed : EXIT.couldNotRun;
  }
}
