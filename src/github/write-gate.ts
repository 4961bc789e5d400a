/**
 * Serializes writes and spaces them. GitHub's secondary rate limits punish bursts of content
 * creation (about 80 writes a minute, and concurrent writes at all), so every write of one
 * publisher goes through one gate, one at a time, `intervalMs` apart.
 */

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface WriteGate {
  /** Runs `write` after every earlier write has settled and the interval has passed. */
  run<T>(write: () => Promise<T>): Promise<T>;
}

export function createWriteGate(sleep: Sleep, intervalMs: number): WriteGate {
  if (!Number.isFinite(intervalMs) || intervalMs < 0) {
    throw new TypeError(`Expected \`minWriteIntervalMs\` to be a number from 0 up, got ${intervalMs}`);
  }
  let tail: Promise<unknown> = Promise.resolve();
  let wroteBefore = false;
  return {
    run<T>(write: () => Promise<T>): Promise<T> {
      const next = tail.then(async () => {
        // The first write needs no wait; every later one waits the whole interval, which also
        // covers the time GitHub took to answer the previous one.
        if (wroteBefore && intervalMs > 0) await sleep(intervalMs);
        wroteBefore = true;
        return write();
      });
      // A failed write must not block the ones after it.
      tail = next.catch(() => undefined);
      return next;
    },
  };
}
