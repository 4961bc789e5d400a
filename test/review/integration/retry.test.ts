import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/service/errors';
import { T0, rejectionOf, setup } from './helpers';

const CODE = { code: 'x = 1\n' };
const LIMITED_KEY = 'svc_live_two_per_minute_000000';

const statuses = (requests: readonly { status: number }[]) => requests.map((r) => r.status);

describe('retry_after from the service', () => {
  it('waits exactly the 2 seconds a 429 rate_limit_exceeded names, then succeeds on the second request', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'rate_limited', retryAfter: 2 });
    const result = await client().review(CODE);
    expect(sleeps).toEqual([2000]);
    expect(statuses(sim.requests)).toEqual([429, 200]);
    expect(result.requestId).toBe(sim.requests[1]!.requestId);
  });

  it('waits as long as the simulator RPM window implies for the third request in a minute, then gets through', async () => {
    const { sim, client, clock, sleeps } = await setup({ keys: [{ key: LIMITED_KEY, scopes: ['review'], rpm: 2 }] });
    const api = client({ apiKey: LIMITED_KEY });
    await api.review(CODE);
    clock.now = T0 + 10_000;
    await api.review(CODE);
    clock.now = T0 + 20_500;
    // The window frees at T0 + 60 s: 39.5 s away, rounded up to whole seconds.
    const result = await api.review(CODE);
    expect(sleeps).toEqual([40_000]);
    expect(sim.requests.map((r) => [r.status, r.code])).toEqual([
      [200, undefined],
      [200, undefined],
      [429, 'rate_limit_exceeded'],
      [200, undefined],
    ]);
    expect(clock.now).toBe(T0 + 60_500);
    expect(result.requestId).toBe(sim.requests[3]!.requestId);
  });

  it('reports the RPM window retry_after to a reviewOnce caller without waiting', async () => {
    const { sim, client, clock, sleeps } = await setup({ keys: [{ key: LIMITED_KEY, scopes: ['review'], rpm: 2 }] });
    const api = client({ apiKey: LIMITED_KEY });
    await api.reviewOnce(CODE);
    await api.reviewOnce(CODE);
    clock.now = T0 + 45_000;
    const error = await rejectionOf(api.reviewOnce(CODE));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', status: 429, retryAfter: 15 });
    expect(sleeps).toEqual([]);
    expect(sim.requests).toHaveLength(3);
  });

  it('caps a retry_after above maxRetryAfterMs at the cap', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'rate_limited', retryAfter: 600 });
    await client({ retry: { maxRetryAfterMs: 90_000 } }).review(CODE);
    expect(sleeps).toEqual([90_000]);
    expect(statuses(sim.requests)).toEqual([429, 200]);
  });

  it('gives up on rate limiting after maxRetries and hands the last 429 to the caller', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'rate_limited', retryAfter: 5, times: 10 });
    const error = await rejectionOf(client({ retry: { maxRetries: 2 } }).review(CODE));
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', requestId: sim.requests[2]!.requestId });
    expect(sleeps).toEqual([5000, 5000]);
    expect(sim.requests).toHaveLength(3);
  });
});

describe('transient failures', () => {
  it('retries 503 overloaded after its retry_after, then succeeds', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'overloaded', retryAfter: 3, times: 2 });
    await expect(client().review(CODE)).resolves.toMatchObject({ model: 'service-1' });
    expect(sleeps).toEqual([3000, 3000]);
    expect(statuses(sim.requests)).toEqual([503, 503, 200]);
  });

  it('retries 500 inference_error with doubling backoff and succeeds once the server recovers', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'inference_error', times: 2 });
    await client().review(CODE);
    expect(sleeps).toEqual([1000, 2000]);
    expect(statuses(sim.requests)).toEqual([500, 500, 200]);
  });

  it('stops retrying 500 inference_error at the bound: 1 + maxRetries requests, then the last error', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'inference_error', times: 20 });
    const error = await rejectionOf(client().review(CODE));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'inference_error', status: 500, requestId: sim.requests[3]!.requestId });
    expect(sim.requests).toHaveLength(1 + 3);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('caps the growing backoff at maxDelayMs with a larger maxRetries', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'inference_error', times: 20 });
    await rejectionOf(client({ retry: { maxRetries: 6 } }).review(CODE));
    expect(sim.requests).toHaveLength(1 + 6);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it('shortens each backoff by the jitter share that random() picks', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'inference_error', times: 2 });
    await client({ random: () => 0.5, retry: { jitter: 0.2 } }).review(CODE);
    expect(sleeps).toEqual([900, 1800]);
  });

  it('retries a completion the same way as a review', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'overloaded', path: '/v1/complete' });
    await expect(client().complete({ prompt: 'x' })).resolves.toMatchObject({ finish_reason: 'stop' });
    expect(sleeps).toEqual([1000]);
    expect(statuses(sim.requests)).toEqual([503, 200]);
  });

  it('retries opening a streamed completion after 429, then streams', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'rate_limited', retryAfter: 4 });
    const stream = client().completeStream({ prompt: 'x', language: 'go' });
    await expect(stream.text()).resolves.toContain('func ');
    expect(stream.completed).toBe(true);
    expect(sleeps).toEqual([4000]);
    expect(statuses(sim.requests)).toEqual([429, 200]);
  });
});

describe('permanent failures', () => {
  it('sends exactly one request and never waits on 401 authentication_failed', async () => {
    const { sim, client, sleeps } = await setup();
    const error = await rejectionOf(client({ apiKey: 'svc_live_revoked_key_000000000' }).review(CODE));
    expect(error).toMatchObject({ code: 'authentication_failed', status: 401 });
    expect(sim.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('sends exactly one request and never waits on an injected 429 daily_limit_exceeded, despite its retry_after', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'daily_limit', times: 5 });
    const error = await rejectionOf(client().review(CODE));
    expect(error).toMatchObject({ code: 'daily_limit_exceeded', status: 429, retryAfter: 30_600 });
    expect(sim.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('sends exactly one request and never waits when the key has used its daily quota', async () => {
    const key = 'svc_live_two_a_day_00000000000';
    const { sim, client, sleeps } = await setup({ keys: [{ key, scopes: ['review'], dailyLimit: 2 }] });
    const api = client({ apiKey: key });
    await api.review(CODE);
    await api.review(CODE);
    await expect(api.review(CODE)).rejects.toMatchObject({ code: 'daily_limit_exceeded' });
    expect(statuses(sim.requests)).toEqual([200, 200, 429]);
    expect(sleeps).toEqual([]);
  });

  it('sends exactly one request on 403 insufficient_scope and on 400 context_too_long', async () => {
    const { sim, client, sleeps } = await setup({ contextLimitTokens: 5 });
    sim.inject({ kind: 'error', code: 'insufficient_scope' });
    await expect(client().review(CODE)).rejects.toMatchObject({ code: 'insufficient_scope' });
    await expect(client().review({ code: 'x = 1\n'.repeat(10) })).rejects.toMatchObject({ code: 'context_too_long' });
    expect(statuses(sim.requests)).toEqual([403, 400]);
    expect(sleeps).toEqual([]);
  });
});
