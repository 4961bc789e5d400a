/**
 * Progress on stderr while a review runs: what is compared, how many files, each file as it ends
 * (`[3/10] ✓ src/app.py: score 80, 1 error, …`, then `(from the cache)` when the result cache
 * answered it), pauses and retries; paths in their visible form (`visiblePath`). stdout keeps the
 * result, so `--format json > out.json` stays clean. The pipeline's own log lines are not
 * printed: they speak of the action (groups, pull requests), and their facts come here as data.
 */
import { plural } from '../domain/words';
import type { Logger } from '../domain/logger';
import type { PipelineProgress } from '../domain/progress';
import type { FileOutcome } from '../domain/outcomes';
import { answerCounts, failureText } from '../domain/describe-outcome';
import { visiblePath } from '../safety/terminal';
import { styled } from './terminal';
import type { Terminal } from './terminal';

export function progressPrinter(terminal: Terminal, quiet: boolean): { progress: PipelineProgress; log: Logger } {
  const say = quiet ? () => undefined : terminal.err;
  const progress: PipelineProgress = {
    collected: ({ listed, toReview, skipped, notReviewed }) => {
      const parts = [`${skipped} skipped by language or filters`];
      if (notReviewed > 0) parts.push(`${notReviewed} not reviewed (past max-files)`);
      say(`${plural(listed, 'changed file')}: ${toReview} to read and review, ${parts.join(', ')}`);
    },
    fileDone: (outcome, done, total) => say(styled('dim', `[${done}/${total}] `), ...describeFile(outcome)),
    retry: (path, reason, retryNumber, delayMs) => say(`  ↻ ${visiblePath(path)}: ${reason}; retry ${retryNumber} in ${seconds(delayMs)}`),
    pause: (path, delayMs) => say(`  ⏸ ${visiblePath(path)}: the service asked to wait; every request pauses for ${seconds(delayMs)}`),
  };
  const log: Logger = {
    info: () => undefined,
    // Warnings matter whatever the verbosity: a patch that could not be parsed, say.
    warning: (message) => terminal.err(styled('yellow', 'warning:'), ` ${message}`),
    group: (_name, run) => run(),
  };
  return { progress, log };
}

function describeFile(outcome: FileOutcome): Parameters<Terminal['err']> {
  const path = visiblePath(outcome.path);
  switch (outcome.kind) {
    case 'reviewed':
      return [styled('green', '✓'), ` ${path}: score ${outcome.score}, ${answerCounts(outcome.findings)}`, ...(outcome.fromCache === true ? [styled('dim', ' (from the cache)')] : [])];
    case 'skipped':
      return [styled('dim', '–'), ` ${path}: skipped, ${outcome.reason}`];
    case 'failed':
      return [styled('red', '✗'), ` ${path}: ${failureText(outcome)}`];
  }
}

function seconds(ms: number): string {
  return `${Math.ceil(ms / 1000)}s`;
}
