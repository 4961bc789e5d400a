/**
 * The review queue: at most `concurrency` tasks in flight (p-limit), one shared pause for the
 * whole queue, and a stop switch.
 *
 * - When the service answers with `retry_after` (429 rate_limit_exceeded, 503 overloaded), the
 *   whole queue pauses: no attempt of any worker starts until that time has passed. One worker
 *   hitting the rate limit means every worker would.
 * - Other transient failures back off per task (exponential, with jitter) and retry up to the
 *   policy's bound; they do not hold up the other workers.
 * - A stopping error (daily limit, rejected key) stops the queue at once: tasks not yet started
 *   end as `cancelled` with the reason; tasks in flight finish their current attempt only.
 * - At the deadline (max-duration) the queue stops too, and it does not wait for a service that
 *   may never answer: the signal every task got is aborted, so requests in flight, waits and
 *   pauses end at once, and every task not done ends as `cancelled` with the deadline's reason.
 *
 * The clock and the sleep are injected, so tests drive time by hand.
 */
import pLimit from 'p-limit';
import { withRetry } from './service/retry';
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
  onRetry?(info: RetryAttemptInfo, label: string): void;
  onPause?(ms: number, label: string): void;
  /** Called as each task ends, in the order they end, with its index in `tasks`. */
  onSettled?(index: number, outcome: TaskOutcome<T>): void;
  /** When the queue must end, on `clock.now()`'s scale, and what each task it cut short says. */
  deadline?: { at: number; reason: string };
}

export type TaskOutcome<T> =
  | { state: 'fulfilled'; value: T }
  | { state: 'rejected'; error: unknown }
  | { state: 'cancelled'; reason: string };

/** One task: `attempt` is called once per try. `signal` aborts at the queue's deadline. */
export interface QueueTask<T> {
  label: string;
  /** Work done once before the first attempt (reading the file); not retried, not paused. */
  prepare?(signal: AbortSignal): Promise<void>;
  attempt(signal: AbortSignal): Promise<T>;
}

export async function runQueue<T>(tasks: readonly QueueTask<T>[], options: QueueOptions<T>): Promise<TaskOutcome<T>[]> {
  const { clock, policy } = options;
  const limit = pLimit(options.concurrency);
  let stoppedBecause: string | undefined;
  let pausedUntil = 0;
  const deadline = new AbortController();
  const { signal } = deadline;

  const waitForPause = async (): Promise<void> => {
    // Loop: another worker may extend the pause while this one sleeps.
    for (let now = clock.now(); now < pausedUntil && !signal.aborted; now = clock.now()) {
      await clock.sleep(pausedUntil - now, signal);
    }
  };

  const wait = async (ms: number, info: RetryAttemptInfo, label: string): Promise<void> => {
    if (info.fromRetryAfter) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
      options.onPause?.(ms, label);
      await waitForPause();
    } else {
      await clock.sleep(ms, signal);
    }
  };

  const runOne = async (task: QueueTask<T>): Promise<TaskOutcome<T>> => {
    if (stoppedBecause !== undefined) return { state: 'cancelled', reason: stoppedBecause };
    try {
      await task.prepare?.(signal);
      const value = await withRetry(
        async () => {
          if (stoppedBecause !== undefined) throw new QueueStoppedError(stoppedBecause);
          return task.attempt(signal);
        },
        policy,
        {
          beforeAttempt: waitForPause,
          wait: (ms, info) => wait(ms, info, task.label),
          random: () => clock.random(),
          onRetry: (info) => options.onRetry?.(info, task.label),
        },
      );
      return { state: 'fulfilled', value };
    } catch (error) {
      if (error instanceof QueueStoppedError) return { state: 'cancelled', reason: error.message };
      // The abort surfaces as whatever the task's I/O throws for it (octokit's AbortError…).
      if (signal.aborted && options.deadline !== undefined) return { state: 'cancelled', reason: options.deadline.reason };
      const reason = options.stopReason(error);
      if (reason !== undefined && stoppedBecause === undefined) {
        stoppedBecause = reason;
      }
      return { state: 'rejected', error };
    }
  };

  const timer = new AbortController();
  if (options.deadline !== undefined) {
    const { at, reason } = options.deadline;
    void clock.sleep(Math.max(0, at - clock.now()), timer.signal).then(() => {
      if (timer.signal.aborted) return;
      stoppedBecause ??= reason;
      deadline.abort(new QueueStoppedError(reason));
    });
  }
  try {
    return await Promise.all(
      tasks.map((task, index) =>
        limit(async () => {
          const outcome = await runOne(task);
          options.onSettled?.(index, outcome);
          return outcome;
        }),
      ),
    );
  } finally {
    // The deadline's timer must not keep the process alive once the queue is done.
    timer.abort();
  }
}

/** Thrown into a task whose next attempt would start after the queue stopped. */
export class QueueStoppedError extends Error {
  override readonly name = 'QueueStoppedError' as const;
}
