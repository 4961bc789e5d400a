/**
 * How the review queue stops, and why. Two signals, because stops end different things:
 *
 * - `halted` ends every wait (for a slot, a turn, a pause, a backoff) on any stop, so tasks not
 *   yet started end at once. After a stopping error (a rejected key, the daily limit) that is
 *   all: the attempts in flight finish, and their answers are kept.
 * - `work` aborts the tasks' own requests too. Only the deadline and a stop from outside cut the
 *   queue short like this: they do not wait for a service that may never answer.
 *
 * The first reason given stays, with the error behind it: it is what every cancelled task says.
 */
import { setMaxListeners } from 'node:events';
import type { QueueClock } from './clock';

/** Thrown into a task whose next attempt would start after the queue stopped. */
export class QueueStoppedError extends Error {
  override readonly name = 'QueueStoppedError' as const;
}

export class QueueStop {
  private because: string | undefined;
  private by: unknown;
  private readonly halt = new AbortController();
  private readonly cut = new AbortController();
  /** Undoes the deadline's timer and the outside listener once the queue is done. */
  private readonly cleanUps: Array<() => void> = [];

  constructor() {
    // Every task waiting for a slot, a pause or a turn listens to these: more than Node's default
    // of 10 is the normal case, not a leak, and the warning would reach the user's log.
    setMaxListeners(0, this.halt.signal, this.cut.signal);
  }

  /** Aborts on any stop: every wait ends. */
  get halted(): AbortSignal {
    return this.halt.signal;
  }

  /** The signal every task's work gets: aborts when the queue is cut short. */
  get work(): AbortSignal {
    return this.cut.signal;
  }

  /** Why the queue stopped, or undefined while it runs. */
  get reason(): string | undefined {
    return this.because;
  }

  /** The error that stopped the queue (a rejected key, an unreachable service), if one did. */
  get cause(): unknown {
    return this.by;
  }

  stop(reason: string, cause?: unknown): void {
    if (this.because === undefined) {
      this.because = reason;
      this.by = cause;
    }
    this.halt.abort();
  }

  /** Stops the queue and aborts the requests in flight as well. */
  cutShort(reason: string): void {
    this.stop(reason);
    this.cut.abort(new QueueStoppedError(reason));
  }

  /** Throws the stop's reason into a task about to start an attempt. */
  throwIfStopped(): void {
    if (this.because !== undefined) throw new QueueStoppedError(this.because);
  }

  /** Cuts the queue short at `at`, on `clock.now()`'s scale. */
  endAt({ at, reason }: { at: number; reason: string }, clock: Pick<QueueClock, 'now' | 'sleep'>): void {
    const timer = new AbortController();
    void clock.sleep(Math.max(0, at - clock.now()), timer.signal).then(() => {
      if (timer.signal.aborted) return;
      this.cutShort(reason);
    });
    this.cleanUps.push(() => timer.abort());
  }

  /** Cuts the queue short when `outside` aborts, with its reason when that is a string. */
  follow(outside: AbortSignal): void {
    const stopFromOutside = (): void => this.cutShort(typeof outside.reason === 'string' ? outside.reason : 'stopped');
    if (outside.aborted) return stopFromOutside();
    outside.addEventListener('abort', stopFromOutside, { once: true });
    this.cleanUps.push(() => outside.removeEventListener('abort', stopFromOutside));
  }

  /** The deadline's timer must not keep the process alive once the queue is done. */
  dispose(): void {
    for (const cleanUp of this.cleanUps.splice(0)) cleanUp();
  }
}
