/**
 * The gate every attempt of the review queue passes before its request goes out. It is closed
 * for the whole queue, not per task: while the service's `retry_after` runs (one worker hitting
 * the rate limit means every worker would), and while the rate window learned from the service's
 * 429s (`RateWindow`) is full. It also decides what the user is told: one line for a burst of
 * refusals (they all ask for about the same wait), and one when attempts start again.
 */
import type { QueueClock } from './clock';
import type { QueueStop } from './queue-stop';
import type { LearnedRate, RateWindow, WindowTicket } from './rate-window';
import type { RetryAttemptInfo } from '../service/retry';

export interface PauseListeners {
  onPause?(ms: number, label: string): void;
  /** The queue waits for the next window of the service's rate limit, as learned from its 429s. */
  onPace?(ms: number, rate: LearnedRate): void;
  /** Attempts may start again after a pause or a wait for the next window. */
  onResume?(): void;
}

/** Waits for the window shorter than this are not told: its last places free up one by one. */
const TOLD_WAIT_MS = 500;
/** A pause that grows by less than this is the same burst of refusals, told once. */
const TOLD_GROWTH_MS = 1000;

export class PauseGate {
  /** No attempt starts before this time, on `clock.now()`'s scale. */
  private pausedUntil = 0;
  /** A pause (or a wait for the window) was told and its end not yet. */
  private announced = false;

  constructor(
    private readonly clock: QueueClock,
    private readonly pace: RateWindow,
    private readonly stop: QueueStop,
    private readonly listeners: PauseListeners,
  ) {}

  /**
   * Waits out pauses and the learned pace, then records the start in the same step (no other
   * worker can take the window's last place in between); throws once the queue is stopped.
   */
  async enter(): Promise<WindowTicket> {
    const { clock, pace } = this;
    for (;;) {
      // Loop: another worker may extend the pause while this one sleeps.
      for (let now = clock.now(); now < this.pausedUntil && !this.stop.halted.aborted; now = clock.now()) {
        await clock.sleep(this.pausedUntil - now, this.stop.halted);
      }
      this.stop.throwIfStopped();
      const wait = pace.delay(clock.now());
      if (wait <= 0) {
        if (this.announced) {
          this.announced = false;
          this.listeners.onResume?.();
        }
        return pace.start(clock.now());
      }
      this.pausedUntil = Math.max(this.pausedUntil, clock.now() + wait);
      if (!this.announced && wait >= TOLD_WAIT_MS) {
        this.announced = true;
        const rate = pace.rate;
        if (rate !== undefined) this.listeners.onPace?.(wait, rate);
      }
    }
  }

  /**
   * The wait before a task's retry. A `retry_after` pauses every worker: the next attempt of each
   * waits for it in `enter`. Any other backoff is this task's own and holds up no one else.
   */
  async beforeRetry(ms: number, info: RetryAttemptInfo, label: string): Promise<void> {
    if (!info.fromRetryAfter) return this.clock.sleep(ms, this.stop.halted);
    const until = this.clock.now() + ms;
    if (!this.announced || until >= this.pausedUntil + TOLD_GROWTH_MS) this.listeners.onPause?.(ms, label);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.announced = true;
  }
}
