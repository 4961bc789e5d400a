/**
 * How many review requests may be in flight, adapted to the service's rate limit: halved when a
 * request is refused with 429 `rate_limit_exceeded` (once per burst: refusals of requests that
 * started before the cut say nothing new), and raised by one after a round of successes as long
 * as the limit (so it climbs back in a few rounds, not at once). Never below 1 or above `max`.
 *
 * A slot is held for one attempt only, not for a file's retry waits, so a lowered limit really
 * lowers what the service sees.
 */
export type AttemptEnd = 'answered' | 'rate-limited' | 'other';

export interface Slot {
  /** The limit's generation when the attempt started. */
  readonly generation: number;
}

export class AdaptiveLimit {
  private current: number;
  private active = 0;
  private generation = 0;
  private successes = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new TypeError(`Expected \`max\` to be a whole number from 1 and up, got ${max}`);
    this.current = max;
  }

  /** The number of attempts that may be in flight now. */
  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.active;
  }

  /**
   * Resolves with a slot once one is free, or with undefined when `signal` aborts first. A retry
   * goes ahead of first attempts: its file has waited already, and the order stays fair.
   */
  async acquire(signal: AbortSignal, retry = false): Promise<Slot | undefined> {
    while (this.active >= this.current) {
      if (signal.aborted) return undefined;
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        if (retry) this.waiting.unshift(wake);
        else this.waiting.push(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    }
    if (signal.aborted) return undefined;
    this.active += 1;
    return { generation: this.generation };
  }

  /** Gives the slot back and adapts the limit to how the attempt ended. */
  release(slot: Slot, end: AttemptEnd): void {
    this.active -= 1;
    if (end === 'rate-limited' && slot.generation === this.generation) {
      this.current = Math.max(1, Math.floor(this.current / 2));
      this.generation += 1;
      this.successes = 0;
    } else if (end === 'answered' && this.current < this.max) {
      this.successes += 1;
      if (this.successes >= this.current) {
        this.current += 1;
        this.successes = 0;
      }
    }
    // Wake as many waiters as there are free slots; each re-checks in its loop.
    for (let free = this.current - this.active; free > 0 && this.waiting.length > 0; free--) this.waiting.shift()?.();
  }
}
