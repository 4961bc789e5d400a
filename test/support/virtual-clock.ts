/**
 * Virtual clocks for tests: `sleep` never waits for real. `createVirtualClock`: whenever the
 * process has nothing else to do (every promise settled, no I/O ready), time jumps to the
 * earliest pending timer. `createManualClock`: time moves only when the test advances it.
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
  let pumping = false;
  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      if (time.endNext() && time.pending() > 0) pump();
    });
  };
  const time = virtualTime(random, pump);
  return time.clock;
}

/** A virtual clock that moves only when the test says: for a deadline to come at a chosen moment. */
export interface ManualClock extends VirtualClock {
  /** Moves the clock `ms` on, ending every sleep due by then, earliest first. */
  advance(ms: number): void;
}

export function createManualClock(random = 0.5): ManualClock {
  const time = virtualTime(random);
  return { ...time.clock, advance: time.advance };
}

/** What both clocks share: the time, the sleeps pending on it, and what ends them. */
function virtualTime(random: number, slept: () => void = () => undefined) {
  let now = 0;
  let sequence = 0;
  const timers: Array<{ at: number; sequence: number; resolve: () => void }> = [];
  const sleeps: number[] = [];
  const inOrder = (): void => void timers.sort((a, b) => a.at - b.at || a.sequence - b.sequence);

  const clock: VirtualClock = {
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
        slept();
      });
    },
  };
  return {
    clock,
    pending: (): number => timers.length,
    /** Ends the earliest sleep, time moving to its end; false when none is pending. */
    endNext: (): boolean => {
      inOrder();
      const next = timers.shift();
      if (next === undefined) return false;
      now = Math.max(now, next.at);
      next.resolve();
      return true;
    },
    advance: (ms: number): void => {
      now += ms;
      inOrder();
      for (let next = timers[0]; next !== undefined && next.at <= now; next = timers[0]) {
        timers.shift();
        next.resolve();
      }
    },
  };
}
