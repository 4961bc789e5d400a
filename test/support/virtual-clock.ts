/**
 * A virtual clock for tests: `sleep` never waits for real. Whenever the process has nothing else
 * to do (every promise settled, no I/O ready), time jumps to the earliest pending timer.
 */
export interface VirtualClock {
  now(): number;
  /** Resolves at once, dropping its timer, when `signal` aborts (as the real clock does). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
  /** Every sleep requested, in order, in milliseconds. */
  readonly sleeps: number[];
}

export function createVirtualClock(random = 0.5): VirtualClock {
  let now = 0;
  let sequence = 0;
  let pumping = false;
  const timers: Array<{ at: number; sequence: number; resolve: () => void }> = [];
  const sleeps: number[] = [];

  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      timers.sort((a, b) => a.at - b.at || a.sequence - b.sequence);
      const next = timers.shift();
      if (next === undefined) return;
      now = Math.max(now, next.at);
      next.resolve();
      if (timers.length > 0) pump();
    });
  };

  return {
    now: () => now,
    random: () => random,
    sleeps,
    sleep(ms: number, signal?: AbortSignal) {
      sleeps.push(ms);
      return new Promise<void>((resolve) => {
        if (signal?.aborted === true) return resolve();
        const timer = { at: now + ms, sequence: sequence++, resolve };
        timers.push(timer);
        signal?.addEventListener(
          'abort',
          () => {
            const index = timers.indexOf(timer);
            if (index >= 0) timers.splice(index, 1);
            resolve();
          },
          { once: true },
        );
        pump();
      });
    },
  };
}
