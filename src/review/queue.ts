/**
 * The review queue: at most `concurrency` attempts in flight, and the flow control that keeps the
 * service's limits. Files are read one step ahead of the attempts (p-limit at twice the
 * concurrency), so a slot seldom waits for a read.
 *
 * - When the service answers with `retry_after` (429 rate_limit_exceeded, 503 overloaded), the
 *   whole queue pauses (`PauseGate`): no attempt of any worker starts until that time has passed.
 *   One worker hitting the rate limit means every worker would.
 * - A 429 rate_limit_exceeded also lowers the attempts in flight (`AdaptiveLimit`), raised again
 *   step by step as requests succeed, and teaches the pace of the service's window
 *   (`RateWindow`), so the next windows are not each ended by a burst of 429s.
 * - First attempts start in the tasks' order (`Turns`), so a short budget (a daily limit, a
 *   deadline) reaches the same files on every run; a file slow to read holds back those after it.
 * - Other transient failures back off per task (exponential, with jitter) and retry up to the
 *   policy's bound; they do not hold up the other workers.
 * - A stopping error (daily limit, rejected key), or `watchAttempt` finding the service
 *   unreachable, stops the queue at once (`QueueStop`): waits end, tasks not yet started end as
 *   `cancelled` with the reason, and tasks in flight finish their current attempt only.
 * - At the deadline (max-duration) the queue stops too, and it does not wait for a service that
 *   may never answer: the signal every task got is aborted, so requests in flight, waits and
 *   pauses end at once, and every task not done ends as `cancelled` with the deadline's reason.
 *
 * The clock and the sleep are injected, so tests drive time by hand.
 */
import pLimit from 'p-limit';
import { AdaptiveLimit } from './adaptive-limit';
import type { AttemptEnd } from './adaptive-limit';
import type { QueueClock } from './clock';
import { PauseGate } from './queue-pause';
import type { PauseListeners } from './queue-pause';
import { QueueStop, QueueStoppedError } from './queue-stop';
import { RateWindow } from './rate-window';
import { createTurns } from './turns';
import type { Turns } from './turns';
import { isServiceError } from '../service/errors';
import { retryDelayMs, withRetry } from '../service/retry';
import type { RetryAttemptInfo, RetryPolicy } from '../service/retry';

export interface QueueOptions<T = unknown> extends PauseListeners {
  concurrency: number;
  policy: RetryPolicy;
  clock: QueueClock;
  /** Returns a reason when this error must stop the whole queue. */
  stopReason(error: unknown): string | undefined;
  /** Sees how every attempt ended (undefined: it succeeded); a reason stops the queue at once. */
  watchAttempt?(error: unknown): string | undefined;
  onRetry?(info: RetryAttemptInfo, label: string): void;
  /**
   * The service's rate window as learned so far (default: a new one). One for every queue of a
   * run, so a later queue (the base versions' reviews) starts at the pace the first one learned
   * instead of drawing another burst of 429s to learn it again.
   */
  pace?: RateWindow;
  /** A task ended (`index` into the tasks, `elapsedMs` from its start), as it happens. */
  onSettled?(index: number, outcome: TaskOutcome<T>, elapsedMs: number): void;
  /** When the queue must end, on `clock.now()`'s scale, and what each task it cut short says. */
  deadline?: { at: number; reason: string };
  /**
   * Stops the queue from outside, as the deadline does (requests in flight aborted); every task
   * not done ends `cancelled` with the signal's reason (a string) or 'stopped'.
   */
  stop?: AbortSignal;
}

/** Tasks that keep coming, in order (files reviewed while the list is still read); indexes run on across batches. */
export type TaskFeed<T> = AsyncIterable<readonly QueueTask<T>[]>;

export type TaskOutcome<T> =
  | { state: 'fulfilled'; value: T }
  | { state: 'rejected'; error: unknown }
  /**
   * `cause`: the error that stopped the queue (a rejected key, an unreachable service), if one did.
   * `own`: the error this task's last attempt was answered with, when that answer found the stop
   * or came in after it (its request id is this task's, not the stop's).
   */
  | { state: 'cancelled'; reason: string; cause?: unknown; own?: unknown };

/** One task: `attempt` is called once per try. `signal` aborts at the queue's deadline. */
export interface QueueTask<T> {
  label: string;
  /**
   * Work done once before the first attempt (reading the file); not retried, not paused. It may
   * answer the task itself (a cached result): then no attempt is made.
   */
  prepare?(signal: AbortSignal): Promise<{ answer: T } | void>;
  attempt(signal: AbortSignal): Promise<T>;
}

export async function runQueue<T>(tasks: readonly QueueTask<T>[] | TaskFeed<T>, options: QueueOptions<T>): Promise<TaskOutcome<T>[]> {
  // Twice as many tasks as attempts in flight: while a slot's request is out, the next file is
  // already read, so a slot seldom waits on GitHub (or the disk) between two requests.
  const workers = pLimit(options.concurrency * 2);
  const stop = new QueueStop();
  const run = new QueueRun(options, stop);
  if (options.deadline !== undefined) stop.endAt(options.deadline, options.clock);
  if (options.stop !== undefined) stop.follow(options.stop);
  try {
    const running: Array<Promise<TaskOutcome<T>>> = [];
    const start = (batch: readonly QueueTask<T>[]): void => {
      for (const task of batch) {
        const index = running.length;
        running.push(workers(() => run.task(task, index)));
      }
    };
    if (isFeed(tasks)) for await (const batch of tasks) start(batch);
    else start(tasks);
    return await Promise.all(running);
  } finally {
    stop.dispose();
  }
}

/** One run of the queue: each task from its turn to its outcome, through the shared flow control. */
class QueueRun<T> {
  private readonly inFlight: AdaptiveLimit;
  private readonly pace: RateWindow;
  private readonly gate: PauseGate;
  /** Task i's first attempt waits until task i - 1 took a slot, or ended without one. */
  private readonly turns: Turns;

  constructor(
    private readonly options: QueueOptions<T>,
    private readonly stop: QueueStop,
  ) {
    this.inFlight = new AdaptiveLimit(options.concurrency);
    this.pace = options.pace ?? new RateWindow();
    this.gate = new PauseGate(options.clock, this.pace, stop, options);
    this.turns = createTurns(stop.halted);
  }

  async task(task: QueueTask<T>, index: number): Promise<TaskOutcome<T>> {
    const { clock } = this.options;
    // A file's time runs from its first attempt (waiting for a slot is not its time), or from
    // its start when it never made one.
    const timing: Timing = {};
    const began = clock.now();
    const outcome = await this.settle(task, index, timing);
    this.turns.pass(index);
    this.options.onSettled?.(index, outcome, clock.now() - (timing.startedAt ?? began));
    return outcome;
  }

  private async settle(task: QueueTask<T>, index: number, timing: Timing): Promise<TaskOutcome<T>> {
    const { options, stop } = this;
    if (stop.reason !== undefined) return this.cancelled(stop.reason);
    const signal = stop.work;
    try {
      const prepared = await task.prepare?.(signal);
      if (prepared !== undefined) return { state: 'fulfilled', value: prepared.answer };
      const value = await withRetry(() => this.attempt(task, index, timing), options.policy, {
        wait: (ms, info) => this.gate.beforeRetry(ms, info, task.label),
        random: () => options.clock.random(),
        // A stopped queue makes no more attempts: announcing one would mislead.
        onRetry: (info) => {
          if (stop.reason === undefined) options.onRetry?.(info, task.label);
        },
      });
      return { state: 'fulfilled', value };
    } catch (error) {
      // The deadline first: the abort surfaces as whatever the task's I/O throws for it.
      if (signal.aborted && signal.reason instanceof QueueStoppedError) return { state: 'cancelled', reason: signal.reason.message };
      if (error instanceof QueueStoppedError) return this.cancelled(error.message, error.cause);
      const reason = options.stopReason(error);
      if (reason !== undefined) stop.stop(reason, error);
      return { state: 'rejected', error };
    }
  }

  /** One attempt: its turn (the first only), a slot, the pause gate, then the request. */
  private async attempt(task: QueueTask<T>, index: number, timing: Timing): Promise<T> {
    const { stop } = this;
    stop.throwIfStopped();
    const first = timing.startedAt === undefined;
    if (first) await this.turns.waitFor(index);
    const slot = await this.inFlight.acquire(stop.halted, !first);
    if (slot === undefined) throw new QueueStoppedError(stop.reason ?? 'stopped');
    timing.startedAt ??= this.options.clock.now();
    this.turns.pass(index);
    let end: AttemptEnd = 'other';
    try {
      const ticket = await this.gate.enter();
      try {
        const value = await task.attempt(stop.work);
        end = 'answered';
        this.options.watchAttempt?.(undefined);
        return value;
      } catch (error) {
        if (isServiceError(error, 'rate_limit_exceeded')) {
          end = 'rate-limited';
          const delay = retryDelayMs(error, 1, this.options.policy, () => 0);
          if (delay.fromRetryAfter) this.pace.refused(ticket, delay.ms);
        }
        throw this.stopOn(error);
      }
    } finally {
      this.inFlight.release(slot, end);
    }
  }

  /**
   * What a failed attempt throws on: a stop when `watchAttempt` or `stopReason` calls for one,
   * made before the slot is given back, so no waiting task takes it for a new attempt.
   */
  private stopOn(error: unknown): unknown {
    const watched = this.options.watchAttempt?.(error);
    if (watched !== undefined) {
      this.stop.stop(watched, error);
      return new QueueStoppedError(watched, { cause: error });
    }
    const stopping = this.options.stopReason(error);
    if (stopping !== undefined) this.stop.stop(stopping, error);
    return error;
  }

  /** A task the stop ended: it carries the stop's reason, the error behind it, and its own attempt's error if it had one. */
  private cancelled(reason: string, own?: unknown): TaskOutcome<T> {
    const { cause } = this.stop;
    return { state: 'cancelled', reason, ...(cause === undefined ? {} : { cause }), ...(own === undefined ? {} : { own }) };
  }
}

function isFeed<T>(tasks: readonly QueueTask<T>[] | TaskFeed<T>): tasks is TaskFeed<T> {
  return !Array.isArray(tasks);
}

interface Timing {
  /** When the task's first attempt got its slot. */
  startedAt?: number;
}
