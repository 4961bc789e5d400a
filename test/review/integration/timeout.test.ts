/**
 * A service that never answers: the simulator holds each request (a `latency` fault whose wait
 * never ends) and, as it takes one, the test fires the client's per-attempt deadline by hand, so
 * nothing here waits for real. No assertion is timed.
 */
import { describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../../src/service/options';
import { TimeoutError } from '../../../src/service/errors';
import { DEMO_KEY } from '../../doubles/simulator';
import { handTimers } from '../../support/hand-timers';
import { expectNoSecret, rejectionOf, setup } from './helpers';

const CODE = { code: 'x = 1\n' };

/** The simulator holding the next request it takes until the client's deadline runs out then; `held` counts them. */
async function holdingService() {
  const timers = handTimers();
  let held = 0;
  const { sim, client, sleeps } = await setup({
    sleep: () => {
      held += 1;
      timers.fireAll();
      return new Promise<void>(() => undefined);
    },
  });
  sim.inject({ kind: 'latency', ms: 60_000 });
  return { sim, sleeps, held: () => held, client: (overrides: Partial<ClientOptions> = {}) => client({ startTimer: timers.start, ...overrides }) };
}

describe('a service that never answers', () => {
  it('gives reviewOnce a TimeoutError after timeoutMs, and the simulator still closes cleanly', async () => {
    const { sim, client, sleeps, held } = await holdingService();
    const error = await rejectionOf(client({ timeoutMs: 60_000 }).reviewOnce(CODE));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', kind: 'timeout' });
    expect((error as TimeoutError).message).toBe('Review service did not answer within 60000 ms (before answering)');
    expectNoSecret(error, DEMO_KEY);
    expect(sleeps).toEqual([]);
    expect(held()).toBe(1);
    await expect(sim.close()).resolves.toBeUndefined();
  });

  it('retries a timed-out review and succeeds when the next attempt is answered', async () => {
    const { sim, client, sleeps, held } = await holdingService();
    const result = await client({ timeoutMs: 60_000 }).review(CODE);
    expect(held()).toBe(1);
    expect(sim.requests.map((r) => r.status)).toEqual([200]);
    expect(result.requestId).toBe(sim.requests[0]!.requestId);
    expect(sleeps).toEqual([1000]);
  });

  it('gives a streamed completion a TimeoutError when the answer never starts', async () => {
    const { sim, client, held } = await holdingService();
    const error = await rejectionOf(client({ timeoutMs: 60_000, retry: { maxRetries: 0 } }).completeStream({ prompt: 'x' }).text());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(held()).toBe(1);
    await expect(sim.close()).resolves.toBeUndefined();
  });
});
