/**
 * The only suite that waits for real: a `hang` fault never answers, so the client's own
 * per-attempt deadline (200 ms here) must fire. No assertion is timed.
 */
import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../../src/service/errors';
import { DEMO_KEY } from '../../doubles/simulator';
import { expectNoSecret, rejectionOf, setup } from './helpers';

const CODE = { code: 'x = 1\n' };

describe('a service that never answers', () => {
  it('gives reviewOnce a TimeoutError after timeoutMs, and the simulator still closes cleanly', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'hang' });
    const error = await rejectionOf(client({ timeoutMs: 200 }).reviewOnce(CODE));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', kind: 'timeout' });
    expect((error as TimeoutError).message).toContain('200 ms');
    expectNoSecret(error, DEMO_KEY);
    expect(sleeps).toEqual([]);
    expect(sim.requests).toEqual([expect.objectContaining({ status: 0, fault: 'hang' })]);
    await expect(sim.close()).resolves.toBeUndefined();
  });

  it('retries a timed-out review and succeeds when the next attempt is answered', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'hang' });
    // The retry must be answered within the timeout even on a loaded machine: only the hang waits for it.
    const result = await client({ timeoutMs: 1000 }).review(CODE);
    expect(result.requestId).toBe(sim.requests[1]!.requestId);
    expect(sleeps).toEqual([1000]);
    expect(sim.requests.map((r) => r.status)).toEqual([0, 200]);
  });

  it('gives a streamed completion a TimeoutError when the answer never starts', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'hang' });
    const error = await rejectionOf(client({ timeoutMs: 200, retry: { maxRetries: 0 } }).completeStream({ prompt: 'x' }).text());
    expect(error).toBeInstanceOf(TimeoutError);
    await expect(sim.close()).resolves.toBeUndefined();
  });
});
