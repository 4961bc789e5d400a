/**
 * The review queue: at most `concurrency` attempts in flight, and the flow control that keeps the
 * service's limits. Files are read one step ahead of the attempts (p-limit at twice the
 * concurrency), so a slot seldom waits for a read.
 *
 * - When the service answers with `retry_after` (429 rate_limit_exceeded, 503 overloaded), the
 *   whole queue pauses: no attempt of any worker starts until that time has passed. One worker
 *   hitting the rate limit means every worker would.
 * - A 429 rate_limit_exceeded also lowers the attempts in flight (`AdaptiveLimit`), raised again
 *   step by step as requests succeed, and teaches the pace of the service's window
 *   (`RateWindow`), so the next windows are not each ended by a burst of 429s.
 * - First attempts start in the tasks' order (`Turns`), so a short budget (a daily limit, a
 *   deadline) reaches the same files on every run; a file slow to read holds back those after it.
 * - Other transient failures back off per task (exponential, with jitter) and retry up to the
 *   policy's bound; they do not hold up the other workers.
 * - A stopping error (daily limit, rejected key), or `watchAttempt` finding the service
 *   unreachable, stops the queue at once: waits end, tasks not yet started end as `cancelled`
 *   with the reason, and tasks in flight finish their current attempt only.
 * - At the deadline (max-duration) the queue stops too, and it does not wait for a service that
 *   may never answer: the signal every task got is aborted, so requests in flight, waits and
 *   pauses end at once, and every task not done ends as `cancelled` with the deadline's reason.
 *
 * The clock and the sleep are injected, so tests drive time by hand.
 */
import { setMaxListeners } from 'node:events';
import pLimit from 'p-limit';
import { AdaptiveLimit } from './adaptive-limit';
import type { AttemptEnd } from './adaptive-limit';
import { RateWindow } from './rate-window';
import { createTurns } from './turns';
import type { LearnedRate, WindowTicket } from './rate-window';
import { isServiceError } from './service/errors';
import { retryDelayMs, withRetry } from './service/retry';
import type { RetryAttemptInfo, RetryPolicy } from './service/retry';

export interface QueueClock {
  now(): number;
  /** Resolves after `ms`, or at once (never rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export interface QueueOptions<T = unknown> {
  concurrency: number;
  policy: RetryPolicy;
  clock: QueueClock;
  /** Returns a reason when this error must stop the whole queue. */
  stopReason(error: unknown): string | undefined;
  /** Sees how every attempt ended (undefined: it succeeded); a reason stops the queue at once. */
  watchAttempt?(error: unknown): string | undefined;
  onRetry?(info: RetryAttemptInfo, label: string): void;
  onPause?(ms: number, label: string): void;
  /** The queue waits for the next window of the service's rate limit, as learned from its 429s. */
  onPace?(ms: number, rate: LearnedRate): void;
  /**
   * The service's rate window as learned so far (default: a new one). One for every queue of a
   * run, so a later queue (the base versions' reviews) starts at the pace the first one learned
   * instead of drawing another burst of 429s to learn it again.
   */
  pace?: RateWindow;
  /** Attempts may start again after a pause or a wait for the next window. */
  onResume?(): void;
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
  const { clock, policy } = options;
  // Twice as many tasks as attempts in flight: while a slot's request is out, the next file is
  // already read, so a slot seldom waits on GitHub (or the disk) between two requests.
  const workers = pLimit(options.concurrency * 2);
  const inFlight = new AdaptiveLimit(options.concurrency);
  const pace = options.pace ?? new RateWindow();
  let stoppedBecause: string | undefined;
  let stoppedBy: unknown;
  let pausedUntil = 0;
  let pauseAnnounced = false;
  // `deadline` aborts the tasks' own work; `halt` ends every wait (on any stop, and at the deadline).
  const deadline = new AbortController();
  const halt = new AbortController();
  // Every task waiting for a slot, a pause or a turn listens to these: more than Node's default of
  // 10 is the normal case, not a leak, and the warning would reach the user's log.
  setMaxListeners(0, deadline.signal, halt.signal);
  const { signal } = deadline;
  // Task i's first attempt waits until task i - 1 took a slot, or ended without one.
  const turns = createTurns(halt.signal);

  const stop = (reason: string, cause?: unknown): void => {
    if (stoppedBecause === undefined) {
      stoppedBecause = reason;
      stoppedBy = cause;
    }
    halt.abort();
  };
  /** A task the stop ended: it carries the stop's reason, the error behind it, and its own attempt's error if it had one. */
  const cancelled = (reason: string, own?: unknown): TaskOutcome<T> => ({
    state: 'cancelled',
    reason,
    ...(stoppedBy === undefined ? {} : { cause: stoppedBy }),
    ...(own === undefined ? {} : { own }),
  });

  /**
   * Waits out pauses and the learned pace, then records the start in the same step (no other
   * worker can take the window's last place in between); throws once the queue is stopped.
   */
  const waitForTurn = async (): Promise<WindowTicket> => {
    for (;;) {
      // Loop: another worker may extend the pause while this one sleeps.
      for (let now = clock.now(); now < pausedUntil && !halt.signal.aborted; now = clock.now()) {
        await clock.sleep(pausedUntil - now, halt.signal);
      }
      if (stoppedBecause !== undefined) throw new QueueStoppedError(stoppedBecause);
      const wait = pace.delay(clock.now());
      if (wait <= 0) {
        if (pauseAnnounced) {
          pauseAnnounced = false;
          options.onResume?.();
        }
        return pace.start(clock.now());
      }
      pausedUntil = Math.max(pausedUntil, clock.now() + wait);
      // The window's last places free up one by one: only a wait worth telling is told.
      if (!pauseAnnounced && wait >= 500) {
        pauseAnnounced = true;
        const rate = pace.rate;
        if (rate !== undefined) options.onPace?.(wait, rate);
      }
    }
  };

  const attemptOnce = async (task: QueueTask<T>, index: number, timing: Timing): Promise<T> => {
    if (stoppedBecause !== undefined) throw new QueueStoppedError(stoppedBecause);
    const first = timing.startedAt === undefined;
    if (first) await turns.waitFor(index);
    const slot = await inFlight.acquire(halt.signal, !first);
    if (slot === undefined) throw new QueueStoppedError(stoppedBecause ?? 'stopped');
    timing.startedAt ??= clock.now();
    turns.pass(index);
    let end: AttemptEnd = 'other';
    try {
      const ticket = await waitForTurn();
      try {
        const value = await task.attempt(signal);
        end = 'answered';
        options.watchAttempt?.(undefined);
        return value;
      } catch (error) {
        if (isServiceError(error, 'rate_limit_exceeded')) {
          end = 'rate-limited';
          const delay = retryDelayMs(error, 1, policy, () => 0);
          if (delay.fromRetryAfter) pace.refused(ticket, delay.ms);
        }
        const reason = options.watchAttempt?.(error);
        if (reason !== undefined) {
          stop(reason, error);
          throw new QueueStoppedError(reason, { cause: error });
        }
        // Stopped before the slot is given back, so no waiting task takes it for a new attempt.
        const stopping = options.stopReason(error);
        if (stopping !== undefined) stop(stopping, error);
        throw error;
      }
    } finally {
      inFlight.release(slot, end);
    }
  };

  const wait = async (ms: number, info: RetryAttemptInfo, label: string): Promise<void> => {
    if (info.fromRetryAfter) {
      // The next attempt (of every worker) waits for the pause in `waitForTurn`. The refusals of
      // one burst all ask for about the same wait: one line, unless the pause grows by a second.
      const until = clock.now() + ms;
      if (!pauseAnnounced || until >= pausedUntil + 1000) options.onPause?.(ms, label);
      pausedUntil = Math.max(pausedUntil, until);
      pauseAnnounced = true;
    } else {
      await clock.sleep(ms, halt.signal);
    }
  };

  const settle = async (task: QueueTask<T>, index: number, timing: Timing): Promise<TaskOutcome<T>> => {
    if (stoppedBecause !== undefined) return cancelled(stoppedBecause);
    try {
      const prepared = await task.prepare?.(signal);
      if (prepared !== undefined) return { state: 'fulfilled', value: prepared.answer };
      const value = await withRetry(() => attemptOnce(task, index, timing), policy, {
        wait: (ms, info) => wait(ms, info, task.label),
        random: () => clock.random(),
        // A stopped queue makes no more attempts: announcing one would mislead.
        onRetry: (info) => {
          if (stoppedBecause === undefined) options.onRetry?.(info, task.label);
        },
      });
      return { state: 'fulfilled', value };
    } catch (error) {
      // The deadline first: the abort surfaces as whatever the task's I/O throws for it.
      if (signal.aborted && signal.reason instanceof QueueStoppedError) return { state: 'cancelled', reason: signal.reason.message };
      if (error instanceof QueueStoppedError) return cancelled(error.message, error.cause);
      const reason = options.stopReason(error);
      if (reason !== undefined) stop(reason, error);
      return { state: 'rejected', error };
    }
  };

  const runOne = async (task: QueueTask<T>, index: number): Promise<TaskOutcome<T>> => {
    // A file's time runs from its first attempt (waiting for a slot is not its time), or from
    // its start when it never made one.
    const timing: Timing = {};
    const began = clock.now();
    const outcome = await settle(task, index, timing);
    turns.pass(index);
    options.onSettled?.(index, outcome, clock.now() - (timing.startedAt ?? began));
    return outcome;
  };

  const timer = new AbortController();
  if (options.deadline !== undefined) {
    const { at, reason } = options.deadline;
    void clock.sleep(Math.max(0, at - clock.now()), timer.signal).then(() => {
      if (timer.signal.aborted) return;
      stop(reason);
      deadline.abort(new QueueStoppedError(reason));
    });
  }
  const outside = options.stop;
  const stopFromOutside = (): void => {
    const reason = typeof outside?.reason === 'string' ? outside.reason : 'stopped';
    stop(reason);
    deadline.abort(new QueueStoppedError(reason));
  };
  if (outside?.aborted === true) stopFromOutside();
  else outside?.addEventListener('abort', stopFromOutside, { once: true });
  try {
    const running: Array<Promise<TaskOutcome<T>>> = [];
    const start = (batch: readonly QueueTask<T>[]): void => {
      for (const task of batch) {
        const index = running.length;
        running.push(workers(() => runOne(task, index)));
      }
    };
    if (isFeed(tasks)) for await (const batch of tasks) start(batch);
    else start(tasks);
    return await Promise.all(running);
  } finally {
    // The deadline's timer must not keep the process alive once the queue is done.
    timer.abort();
    outside?.removeEventListener('abort', stopFromOutside);
  }
}

function isFeed<T>(tasks: readonly QueueTask<T>[] | TaskFeed<T>): tasks is TaskFeed<T> {
  return !Array.isArray(tasks);
}

interface Timing {
  /** When the task's first attempt got its slot. */
  startedAt?: number;
}

/** Thrown into a task whose next attempt would start after the queue stopped. */
export class QueueStoppedError extends Error {
  override readonly name = 'QueueStoppedError' as const;
}
