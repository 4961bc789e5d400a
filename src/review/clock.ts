/** The queue's clock: injected, so tests drive time by hand. */
export interface QueueClock {
  now(): number;
  /** Resolves after `ms`, or at once (never rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

/** The real clock, for production wiring; tests pass a virtual one. */
export const systemClock: QueueClock = {
  now: (): number => Date.now(),
  /** Resolves after `ms`, or at once when `signal` aborts: a cancelled wait leaves no timer behind. */
  sleep: (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted === true) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
  random: (): number => Math.random(),
};
