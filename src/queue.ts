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
 *
 * The clock and the sleep are injected, so tests drive time by hand.
 */
import pLimit from 'p-limit';
import { withRetry } from './api/retry';
import type { RetryAttemptInfo, RetryPolicy } from './api/retry';

export interface QueueClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

export interface QueueOptions {
  concurrency: number;
  policy: RetryPolicy;
  clock: QueueClock;
  /** Returns a reason when this error must stop the whole queue. */
  stopReason(error: unknown): string | undefined;
  onRetry?(info: RetryAttemptInfo, label: string): void;
  onPause?(ms: number, label: string): void;
}

export type TaskOutcome<T> =
  | { state: 'fulfilled'; value: T }
  | { state: 'rejected'; error: unknown }
  | { state: 'cancelled'; reason: string };

/** One task: `attempt` is called once per try. */
export interface QueueTask<T> {
  label: string;
  /** Work done once before the first attempt (reading the file); not retried, not paused. */
  prepare?(): Promise<void>;
  attempt(): Promise<T>;
}

export function runQueue<T>(tasks: readonly QueueTask<T>[], options: QueueOptions): Promise<TaskOutcome<T>[]> {
  const { clock, policy } = options;
  const limit = pLimit(options.concurrency);
  let stoppedBecause: string | undefined;
  let pausedUntil = 0;

  const waitForPause = async (): Promise<void> => {
    // Loop: another worker may extend the pause while this one sleeps.
    for (let now = clock.now(); now < pausedUntil; now = clock.now()) {
      await clock.sleep(pausedUntil - now);
    }
  };

  const wait = async (ms: number, info: RetryAttemptInfo, label: string): Promise<void> => {
    if (info.fromRetryAfter) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
      options.onPause?.(ms, label);
      await waitForPause();
    } else {
      await clock.sleep(ms);
    }
  };

  const runOne = async (task: QueueTask<T>): Promise<TaskOutcome<T>> => {
    if (stoppedBecause !== undefined) return { state: 'cancelled', reason: stoppedBecause };
    try {
      await task.prepare?.();
      const value = await withRetry(
        async () => {
          if (stoppedBecause !== undefined) throw new QueueStoppedError(stoppedBecause);
          return task.attempt();
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
      const reason = options.stopReason(error);
      if (reason !== undefined && stoppedBecause === undefined) {
        stoppedBecause = reason;
      }
      return { state: 'rejected', error };
    }
  };

  return Promise.all(tasks.map((task) => limit(() => runOne(task))));
}

/** Thrown into a task whose next attempt would start after the queue stopped. */
export class QueueStoppedError extends Error {
  override readonly name = 'QueueStoppedError' as const;
}
