/**
 * Serializes and paces writes to GitHub. GitHub's guidance for content-creating requests: make
 * them one at a time, no more than about 80 a minute, and wait about a second between them when
 * making many. A token bucket does both without making small runs wait: the first `burst` writes
 * go at once, later ones at one per `intervalMs`. With the defaults (5, then one a second) no
 * 60-second window holds more than 65 writes. Rate-limit answers (a pause GitHub asks for) are
 * handled by the client's throttling plugin, not here.
 *
 * The pacing is for GitHub's servers, so a GitHub API on this machine (a loopback address, where
 * only a test double or a local proxy can listen) gets none; its writes still go one at a time.
 * It follows from the API URL the runner sets, not from a setting a user could turn off.
 */
import { isLoopbackHost } from '../safety/loopback';

export type Sleep = (ms: number) => Promise<void>;

export interface WriteClock {
  now(): number;
  sleep: Sleep;
}

export interface WritePacing {
  /** Writes that may go without waiting, after a quiet spell. */
  burst: number;
  /** After the burst, one write per this many ms. */
  intervalMs: number;
}

export const GITHUB_WRITE_PACING: WritePacing = { burst: 5, intervalMs: 1000 };

/** Writes one at a time, without waiting between them. */
export const UNPACED_WRITES: WritePacing = { burst: 1, intervalMs: 0 };

/**
 * The pacing for writes to the GitHub API at `apiUrl` (undefined: api.github.com): none on a
 * loopback host, GitHub's everywhere else, a URL that does not parse included.
 */
export function writePacingFor(apiUrl: string | undefined): WritePacing {
  if (apiUrl === undefined) return GITHUB_WRITE_PACING;
  try {
    return isLoopbackHost(new URL(apiUrl).hostname) ? UNPACED_WRITES : GITHUB_WRITE_PACING;
  } catch {
    return GITHUB_WRITE_PACING;
  }
}

/**
 * The pacing `writePacingFor` gives the writes to `apiUrl`, as the run's debug log says it: what
 * to look at first when GitHub answers a write with a secondary rate limit.
 */
export function describeWritePacing(apiUrl: string | undefined): string {
  const api = apiUrl ?? 'https://api.github.com';
  const pacing = writePacingFor(apiUrl);
  if (pacing === UNPACED_WRITES) return `Writes to the GitHub API at ${api} go one at a time, unpaced: it is on a loopback address.`;
  const spacing = `then one every ${pacing.intervalMs / 1000} s`;
  return `Writes to the GitHub API at ${api} go one at a time, paced as GitHub asks: the first ${pacing.burst} at once, ${spacing}.`;
}

export const realWriteClock: WriteClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface WriteGate {
  /** Runs `write` after every earlier write has settled and the pacing allows one more. */
  run<T>(write: () => Promise<T>): Promise<T>;
}

export function createWriteGate(clock: WriteClock = realWriteClock, pacing: WritePacing = GITHUB_WRITE_PACING): WriteGate {
  if (!Number.isInteger(pacing.burst) || pacing.burst < 1) {
    throw new TypeError(`Expected \`burst\` to be an integer from 1 up, got ${String(pacing.burst)}`);
  }
  if (!Number.isFinite(pacing.intervalMs) || pacing.intervalMs < 0) {
    throw new TypeError(`Expected \`intervalMs\` to be a number from 0 up, got ${String(pacing.intervalMs)}`);
  }
  let tokens = pacing.burst;
  let refilledAt = clock.now();
  let tail: Promise<unknown> = Promise.resolve();

  const refill = (): void => {
    if (pacing.intervalMs === 0) {
      tokens = pacing.burst;
      return;
    }
    const now = clock.now();
    const earned = Math.floor((now - refilledAt) / pacing.intervalMs);
    if (earned > 0) {
      tokens = Math.min(pacing.burst, tokens + earned);
      refilledAt = tokens === pacing.burst ? now : refilledAt + earned * pacing.intervalMs;
    }
  };

  return {
    run<T>(write: () => Promise<T>): Promise<T> {
      const next = tail.then(async () => {
        refill();
        while (tokens < 1) {
          await clock.sleep(Math.max(0, refilledAt + pacing.intervalMs - clock.now()));
          refill();
        }
        tokens -= 1;
        return write();
      });
      // A failed write must not block the ones after it.
      tail = next.catch(() => undefined);
      return next;
    },
  };
}
