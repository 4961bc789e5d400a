/**
 * The review stage: one service review per candidate file under the queue (bounded concurrency,
 * one shared pause for `retry_after`, a stop on fatal errors and at the run's deadline), each
 * file ending as reviewed (its findings located against the diff), skipped, or not reviewed.
 */
import { isBinaryFileError, isNotReviewableError } from '../collect/errors';
import { readReviewableText } from '../collect/read-text';
import type { Settings } from '../config/settings';
import { describeError } from '../errors';
import { locateFindings } from '../locate/locate-findings';
import { describeOutcome } from '../report/outcome-line';
import type { FileOutcome, Logger, PullRequestRef, PullRequestSource, ReviewCandidate } from '../types';
import { runQueue } from './queue';
import type { QueueClock, QueueTask, TaskOutcome } from './queue';
import type { PipelineProgress } from './progress';
import { isApiError } from './service/errors';
import type { RetryPolicy } from './service/retry';
import type { ReviewRequest, ReviewResult } from './service/types';
import { deadlineReason, isFatalCode, stopReason } from './stop';

export interface ReviewDeps {
  source: PullRequestSource;
  /** One review attempt, no retry: the queue owns retries. `signal` aborts it at max-duration. */
  reviewOnce(request: ReviewRequest, options: { signal: AbortSignal }): Promise<ReviewResult>;
  clock: QueueClock;
  log: Logger;
  retryPolicy: RetryPolicy;
  /** Told as files are listed, end, retry and pause (the terminal's progress); optional. */
  progress?: PipelineProgress;
}

export interface Reviewed {
  /** One per candidate, in the candidates' order. */
  outcomes: FileOutcome[];
  tokensUsed: number;
  /** Why the whole run is void (a rejected key), whatever on-incomplete says. */
  fatal?: string;
}

/** A file found not worth reviewing while reading it (empty): it ends as skipped. */
export class SkipFile extends Error {
  override readonly name = 'SkipFile' as const;
}

type NotReviewed = Extract<FileOutcome, { kind: 'failed' }>;

interface ReviewTask extends QueueTask<ReviewResult> {
  content(): string | undefined;
}

export async function reviewFiles(
  candidates: readonly ReviewCandidate[],
  settings: Settings,
  pr: PullRequestRef,
  deps: ReviewDeps,
  /** When max-duration ends, on `deps.clock`: counted from the start of the run, not of this stage. */
  deadlineAt: number,
): Promise<Reviewed> {
  const { log } = deps;
  return log.group(`Review ${candidates.length} files`, async () => {
    const tasks = candidates.map((candidate) => reviewTask(candidate, settings, pr, deps));
    // Settled as each file ends, so the log and a watcher see done/total as it happens.
    const outcomes: FileOutcome[] = [];
    let done = 0;
    await runQueue(tasks, {
      concurrency: settings.concurrency,
      policy: deps.retryPolicy,
      clock: deps.clock,
      stopReason,
      deadline: { at: deadlineAt, reason: deadlineReason(settings.maxDurationMs) },
      onRetry: (info, label) => {
        log.info(`↻ ${label}: ${describeError(info.error)}; retry ${info.retryNumber} in ${Math.ceil(info.delayMs / 1000)}s`);
        deps.progress?.retry?.(label, describeError(info.error), info.retryNumber, info.delayMs);
      },
      onPause: (ms, label) => {
        log.info(`⏸ ${label}: the service asked to wait; pausing every worker for ${Math.ceil(ms / 1000)}s`);
        deps.progress?.pause?.(label, ms);
      },
      onSettled: (i, result) => {
        const outcome = settle(result, candidates[i] as ReviewCandidate, tasks[i]?.content() ?? '', log);
        outcomes[i] = outcome;
        done += 1;
        log.info(describeOutcome(outcome));
        deps.progress?.fileDone?.(outcome, done, tasks.length);
      },
    });
    const tokensUsed = outcomes.reduce((sum, o) => sum + (o.kind === 'reviewed' ? o.result.usage.total_tokens : 0), 0);
    const fatal = outcomes.find((o): o is NotReviewed => o.kind === 'failed' && isFatalCode(o.code));
    return fatal === undefined ? { outcomes, tokensUsed } : { outcomes, tokensUsed, fatal: fatal.reason };
  });
}

function reviewTask(candidate: ReviewCandidate, settings: Settings, pr: PullRequestRef, deps: ReviewDeps): ReviewTask {
  let code: string | undefined;
  return {
    label: candidate.file.path,
    content: () => code,
    prepare: async (signal) => {
      const text = await readReviewableText(deps.source, pr, candidate, { maxBytes: settings.maxFileSize, signal });
      if (text.trim() === '') throw new SkipFile('empty at the head commit');
      code = text;
    },
    attempt: (signal) =>
      deps.reviewOnce(
        {
          code: code ?? '',
          language: candidate.language,
          ...(settings.focusAreas.length > 0 ? { focus_areas: settings.focusAreas } : {}),
        },
        { signal },
      ),
  };
}

function settle(result: TaskOutcome<ReviewResult>, candidate: ReviewCandidate, content: string, log: Logger): FileOutcome {
  const path = candidate.file.path;
  switch (result.state) {
    case 'fulfilled': {
      const findings = locateFindings(candidate.file, result.value.issues, content, log);
      return { kind: 'reviewed', path, language: candidate.language, result: result.value, findings };
    }
    case 'cancelled':
      return { kind: 'failed', path, reason: result.reason };
    case 'rejected': {
      const error = result.error;
      if (error instanceof SkipFile) return { kind: 'skipped', path, reason: error.message };
      if (isBinaryFileError(error)) return { kind: 'skipped', path, reason: error.reason };
      if (isNotReviewableError(error)) return { kind: 'failed', path, reason: error.reason };
      const outcome: FileOutcome = { kind: 'failed', path, reason: stopReason(error) ?? describeError(error) };
      if (isApiError(error)) {
        outcome.code = error.code;
        if (error.requestId !== undefined) outcome.requestId = error.requestId;
      }
      return outcome;
    }
  }
}
