/**
 * The terminal command: `review-gate [review]` reviews the local changes with the action's
 * pipeline and gate; `review-gate complete` prints a completion. Every text leaves through the
 * print sanitizer and the redactor of the key (see terminal.ts), and the exit status is the
 * contract of cli/exit-status.ts: 0 passed, 1 failed, 2 usage or settings, 3 could not run.
 *
 *   export REVIEW_GATE_API_KEY=svc_live_…  REVIEW_GATE_API_URL=https://…
 *   review-gate                      # what this branch changes, as its pull request would show it
 *   review-gate --format sarif > review.sarif
 *   review-gate complete --stream 'def add(a, b):'
 */
import { createRedactor } from '../safety/redact';
import { VERSION } from '../domain/version';
import { describeBuild } from '../domain/build';
import type { BuildIdentity } from '../domain/build';
import { identifyOwnBuild } from './build-identity';
import { runComplete } from './complete';
import { EXIT } from './exit-status';
import type { ExitStatus } from './exit-status';
import { describeError } from '../domain/errors';
import { runReview } from './review';
import { KEY_VARIABLE } from './settings';
import { createTerminal } from './terminal';
import type { CliIo } from './terminal';
import { MAIN_USAGE } from './usage';

export { EXIT } from './exit-status';
export type { CliIo } from './terminal';

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitStatus> {
  // File names and the service's text are printed: no escape sequence, invisible character,
  // secret or workflow command (the command may run in a CI job) gets through to the terminal.
  const key = (io.env[KEY_VARIABLE] ?? '').trim();
  const terminal = createTerminal(io, createRedactor(key === '' ? [] : [key]));
  const [first, ...rest] = argv;
  try {
    if (first === '--version' || first === '-V') {
      terminal.out(`review-gate ${describeBuild(identifyOwnBuild(io.packageRoot, VERSION, io.env))}`);
      return EXIT.passed;
    }
    if (first === '--help' || first === '-h' || first === 'help') {
      terminal.out(MAIN_USAGE);
      return EXIT.passed;
    }
    if (first === 'complete') return await runComplete(rest, terminal);
    const build = (): BuildIdentity => identifyOwnBuild(io.packageRoot, VERSION, io.env);
    if (first === 'review') return await runReview(rest, terminal, build);
    return await runReview(argv, terminal, build);
  } catch (error) {
    // A bug of ours: said plainly, without a stack trace, and not mistaken for a verdict.
    terminal.err(`review-gate could not run: ${describeError(error)}`);
    return EXIT.couldNotRun;
  }
}
