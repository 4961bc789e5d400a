/**
 * Bottleneck (the scheduler under @octokit/plugin-retry and @octokit/plugin-throttling) yields to
 * the event loop with `setTimeout(resolve, 0)` between the steps of every job: about seven yields
 * a job, two or three jobs a request, each at least a millisecond because of the timer floor. That
 * added about 13 ms to every GitHub request (measured against a server on loopback: 14 ms a GET
 * through both plugins, 1 ms without them) and held up every run by that much per request.
 *
 * `setImmediate` yields to the event loop the same way, after pending I/O, without the floor; a
 * yield with a real delay (a `retry-after` wait) still uses a timer. Bottleneck 2.19.5 is its last
 * release, so its in-process store is patched once, here, rather than forked.
 */
import Bottleneck from 'bottleneck/light.js';

interface YieldingStore {
  yieldLoop(this: unknown, ms?: number): Promise<void>;
}

let patched = false;

/** Makes Bottleneck's zero-delay yields immediate, for every limiter in the process; idempotent. */
export function yieldWithoutTimerFloor(): void {
  if (patched) return;
  const probe = new Bottleneck();
  const store = Object.getPrototypeOf((probe as unknown as { _store: object })._store) as Partial<YieldingStore>;
  void probe.disconnect();
  if (typeof store.yieldLoop !== 'function') return; // Another Bottleneck: leave it as it is.
  const timed = store.yieldLoop;
  store.yieldLoop = function yieldLoop(this: unknown, ms = 0): Promise<void> {
    return ms === 0 ? new Promise((resolve) => setImmediate(resolve)) : timed.call(this, ms);
  };
  patched = true;
}
