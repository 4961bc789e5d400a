/**
 * The review stage: one service review per candidate file under the queue (adaptive concurrency,
 * one shared pause for `retry_after`, a stop on fatal errors, on an unreachable service and at the
 * run's deadline), each file ending as reviewed (its findings located against the diff), skipped,
 * or not reviewed. A file the result cache can answer never reaches the queue's service calls.
 * With injection-check, each file has a second task right after its first: the same file with its
 * comments and strings blanked (second-review.ts); the file's outcome waits for both.
 */
import type { CandidateBatch } from '../collect/collect-files';
import { isNotReviewableError, isSkippedFileError } from '../collect/errors';
import type { Settings } from '../config/settings';
import { describeError } from '../domain/errors';
import type { FileOutcome } from '../domain/outcomes';
import type { Logger } from '../domain/logger';
import type { ChangedFile, CommitRef, PullRequestSource, ReviewCandidate } from '../domain/pull-request';
import type { ReviewLanguage } from '../domain/vocabulary';
import type { LabelledFinding } from '../domain/findings';
import type { PromptInjectionMark } from '../domain/injection';
import type { FocusArea } from '../domain/vocabulary';
import type { CachedReview, ReviewOnce } from './cached-review';
import { startProgress } from './progress';
import type { PipelineProgress } from '../domain/progress';
import { runQueue } from './queue';
import type { RateWindow } from './rate-window';
import type { PaceStore } from './pace-store';
import type { QueueClock } from './clock';
import type { QueueTask, TaskFeed, TaskOutcome } from './queue';
import { isSent, reviewTask } from './review-task';
import type { FileTask, SharedAnswers, TaskAnswer } from './review-task';
import { secondNotReviewed, secondReviewTask } from './second-review';
import type { DefangFile } from './second-review';
import { isApiError } from '../service/errors';
import type { RetryPolicy } from '../service/retry';
import type { ReviewResult } from '../service/types';
import { watchService } from './service-watch';
import { deadlineReason, isFatalCode, stopReason } from './stop';

export interface ReviewDeps {
  source: PullRequestSource;
  /**
   * One review attempt, no retry: the queue owns retries. `signal` aborts it at max-duration;
   * `path` names the file in messages (the cache's warnings), it is never sent.
   */
  reviewOnce: ReviewOnce;
  /** The result cache, when the run has one: asked before a file is queued. */
  cache?: Pick<CachedReview, 'lookup' | 'dir' | 'reportIgnored'>;
  clock: QueueClock;
  log: Logger;
  retryPolicy: RetryPolicy;
  /** Told as files are listed, end, retry and pause (the terminal's progress); optional. */
  progress?: PipelineProgress;
  /** The service's rate window, shared by the run's queues (queue.ts); each queue makes its own without it. */
  pace?: RateWindow;
  /** Where the pace learned from the service is kept between runs (with the result cache), if anywhere. */
  paceStore?: PaceStore;
}

/**
 * The locate stage for one answered file, passed in by the pipeline: the review stage hands each
 * answer over as it arrives (so the file's content can be dropped once it is located), with the
 * language the file was reviewed as and the answer of its second review when one was sent, and
 * never imports the later stage.
 */
export type LocateAnswer = (file: ChangedFile, answer: ReviewResult, content: string, language: ReviewLanguage, second?: ReviewResult) => Located;

/** One file's answers located: its findings, and the mark of a file whose own text changed its review. */
export interface Located {
  findings: LabelledFinding[];
  injection?: PromptInjectionMark;
}

export interface Reviewed {
  /** One per candidate, in the order they were given (batch after batch). */
  outcomes: FileOutcome[];
  /** The candidates, in the same order as `outcomes`. */
  candidates: ReviewCandidate[];
  /** Tokens of the answers the service gave in this run (cached answers cost none). */
  tokensUsed: number;
  /** Why the whole run is void (a rejected key), whatever on-incomplete says. */
  fatal?: string;
}

type NotReviewed = Extract<FileOutcome, { kind: 'failed' }>;

export async function reviewFiles(
  /** The files to review: all at once, or in batches as the list is read (collect-files.ts). */
  given: readonly ReviewCandidate[] | AsyncIterable<CandidateBatch>,
  settings: Settings,
  pr: CommitRef,
  deps: ReviewDeps,
  /** When max-duration ends, on `deps.clock`: counted from the start of the run, not of this stage. */
  deadlineAt: number,
  locate: LocateAnswer,
  /** The focus areas each file's request carries (the policy's rules may give a path its own). */
  focusAreasOf: (file: ChangedFile) => readonly FocusArea[] = () => settings.focusAreas,
  /** Stops the review from outside (the list failed): every file not done ends cancelled. */
  stop?: AbortSignal,
  /** injection-check: each file's text for its second review; absent, no file gets one (the base versions' scores). */
  defang?: DefangFile,
): Promise<Reviewed> {
  const { log } = deps;
  const streamed = !Array.isArray(given);
  const title = streamed ? 'Review the changed files' : `Review ${(given as readonly ReviewCandidate[]).length} files`;
  return log.group(title, async () => {
    const candidates: ReviewCandidate[] = [];
    /** Each candidate's tasks (its first review, and its second with injection-check), and how each ended. */
    const files: FileTasks[] = [];
    /** Queue tasks per file: a file's second review is the task right after its first. */
    const width = defang === undefined ? 1 : 2;
    const progress = startProgress(0, log, deps.clock);
    /** Each batch's tasks, its files planned for reading in the order the queue takes them. */
    const shared: SharedAnswers = new Map();
    const taskBatch = (batch: CandidateBatch): FileTask[] => {
      const added = batch.candidates.map((candidate): FileTasks => {
        const focusAreas = focusAreasOf(candidate.file);
        const first = reviewTask(candidate, pr, deps, { maxBytes: settings.maxFileSize, focusAreas, tied: batch.tied, shared });
        const second = defang === undefined ? undefined : secondReviewTask(first, candidate.file, deps, focusAreas, defang, shared);
        return { tasks: second === undefined ? [first] : [first, second], ended: [], elapsedMs: 0 };
      });
      candidates.push(...batch.candidates);
      files.push(...added);
      progress.more(added.length);
      deps.source.willRead?.(pr, batch.candidates.map((c) => c.file), { maxBytes: settings.maxFileSize });
      return added.flatMap((file) => file.tasks);
    };
    const feed: readonly QueueTask<TaskAnswer>[] | TaskFeed<TaskAnswer> = streamed
      ? (async function* () {
          for await (const batch of given as AsyncIterable<CandidateBatch>) yield taskBatch(batch);
        })()
      : taskBatch({ candidates: [...(given as readonly ReviewCandidate[])], tied: Promise.resolve() });
    // An unreachable service, or a wrong api-url, is named in the log in one line, however many files.
    const service = watchService(settings.apiUrl, log);
    const outcomes: FileOutcome[] = [];
    let tokensUsed = 0;
    let fromCache = 0;
    try {
      await runQueue(feed, {
        ...(stop === undefined ? {} : { stop }),
        ...(deps.pace === undefined ? {} : { pace: deps.pace }),
        concurrency: settings.concurrency,
        policy: deps.retryPolicy,
        clock: deps.clock,
        stopReason,
        watchAttempt: (error) => service.attempt(error),
        deadline: { at: deadlineAt, reason: deadlineReason(settings.maxDurationMs) },
        onRetry: (info, label) => {
          log.info(`↻ ${label}: ${describeError(info.error)}; retry ${info.retryNumber} in ${Math.ceil(info.delayMs / 1000)}s`);
          deps.progress?.retry?.(label, describeError(info.error), info.retryNumber, info.delayMs);
        },
        onPause: (ms, label) => {
          progress.paused(ms, label);
          deps.progress?.pause?.(label, ms);
        },
        onPace: (ms, rate) => progress.paced(ms, rate),
        onResume: () => progress.resumed(),
        onSettled: (index, result, elapsedMs) => {
          const at = Math.floor(index / width);
          const file = files[at] as FileTasks;
          file.ended[index % width] = result;
          file.elapsedMs = Math.max(file.elapsedMs, elapsedMs);
          service.ended(at, endedWith(result));
          // A file ends when all of its tasks have.
          if (file.ended.filter((ended) => ended !== undefined).length < file.tasks.length) return;
          const outcome = settle(file, candidates[at] as ReviewCandidate, locate);
          const cached = outcome.kind === 'reviewed' && file.tasks.every((task, i) => task.fromCache() || !answered(file.ended[i]));
          if (outcome.kind === 'reviewed' && cached) {
            outcome.fromCache = true;
            outcome.tokens = 0;
            fromCache += 1;
          } else if (outcome.kind === 'reviewed') tokensUsed += outcome.tokens;
          outcomes[at] = outcome;
          // Located: the file's text is needed no more.
          for (const task of file.tasks) task.drop();
          progress.fileDone(outcome, file.elapsedMs, cached);
          deps.progress?.fileDone?.(outcome, outcomes.filter((o) => o !== undefined).length, files.length);
        },
      });
    } finally {
      progress.finish();
    }
    service.conclude(outcomes);
    if (deps.cache !== undefined && candidates.length > 0) {
      log.info(`Result cache (${deps.cache.dir}): ${fromCache} of ${candidates.length} files answered from the cache.`);
      deps.cache.reportIgnored();
    }
    const fatal = outcomes.find((o): o is NotReviewed => o.kind === 'failed' && isFatalCode(o.code));
    return fatal === undefined ? { outcomes, candidates, tokensUsed } : { outcomes, candidates, tokensUsed, fatal: fatal.reason };
  });
}

/** One candidate's tasks (its first review, then its second with injection-check) and how each ended. */
interface FileTasks {
  tasks: FileTask[];
  ended: Array<TaskOutcome<TaskAnswer> | undefined>;
  elapsedMs: number;
}

/** Whether a task ended with the service's answer (not a second review left unsent). */
function answered(ended: TaskOutcome<TaskAnswer> | undefined): ended is { state: 'fulfilled'; value: ReviewResult } {
  return ended?.state === 'fulfilled' && isSent(ended.value);
}

/** The error a task ended with: its own attempt's, else the one that stopped the queue. */
function endedWith(result: TaskOutcome<TaskAnswer>): unknown {
  if (result.state === 'rejected') return result.error;
  return result.state === 'cancelled' ? (result.own ?? result.cause) : undefined;
}

function settle(file: FileTasks, candidate: ReviewCandidate, locate: LocateAnswer): FileOutcome {
  const path = candidate.file.path;
  const [first, second] = file.ended;
  const [task, secondTask] = file.tasks;
  if (first === undefined || task === undefined) throw new Error(`${path} ended before its review did`);
  if (!answered(first)) return notAnswered(first, path);
  if (second !== undefined && second.state !== 'fulfilled') {
    const failed = notAnswered(second, path);
    return failed.kind === 'failed' ? secondNotReviewed(failed) : failed;
  }
  const answer = first.value;
  const again = answered(second) ? second.value : undefined;
  // An answer comes only after the file was read, which decides the language.
  const language = task.language();
  if (language === undefined) throw new Error(`${path} was answered before it was read`);
  // Reviewed in place of the blob its diff shows, the file's lines are not the diff's: none is placed on it.
  const located = locate(task.insteadOf() === undefined ? candidate.file : withoutDiff(candidate.file), answer, task.content() ?? '', language, again);
  const costs = (result: ReviewResult | undefined, from: FileTask | undefined): number => (result === undefined || from?.fromCache() === true || from?.shared() === true ? 0 : result.usage.total_tokens);
  return {
    kind: 'reviewed',
    path,
    // A copy keeps its source too: only a rename is the same file under a new name.
    ...(candidate.file.status === 'renamed' && candidate.file.previousPath !== undefined ? { previousPath: candidate.file.previousPath } : {}),
    language,
    score: answer.quality_score,
    summary: answer.summary,
    suggestions: answer.suggestions,
    tokens: costs(answer, task) + costs(again, secondTask),
    findings: located.findings,
    ...(located.injection === undefined ? {} : { injection: located.injection }),
  };
}

/** The file with no diff known: its findings are "diff unknown" (they count, and none is posted inline). */
function withoutDiff(file: ChangedFile): ChangedFile {
  const { patch: _patch, sameBlobAsBase: _same, ...rest } = file;
  return rest;
}

/** A task that ended without an answer: the file skipped, or not reviewed and why. */
function notAnswered(result: TaskOutcome<TaskAnswer>, path: string): FileOutcome {
  switch (result.state) {
    case 'fulfilled':
      throw new Error(`${path}: a first review cannot end unsent`);
    case 'cancelled': {
      // The service's code of the error that stopped the run (an unreachable service, a rejected
      // key) tells the terminal's exit status why this file was never sent, or not reviewed.
      const code = isApiError(result.cause) ? result.cause.code : undefined;
      // A file whose own request was answered as the run stopped keeps that request's id.
      const requestId = isApiError(result.own) ? result.own.requestId : undefined;
      return {
        kind: 'failed',
        path,
        reason: result.reason,
        ...(code === undefined ? {} : { code }),
        ...(requestId === undefined ? {} : { requestId }),
      };
    }
    case 'rejected': {
      const error = result.error;
      if (isSkippedFileError(error)) return { kind: 'skipped', path, reason: error.reason };
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
