import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from './index';
import { expectError, harness, review, T0 } from './helpers';

const CODE = { code: 'x = 1\n' };

describe('a key with a rate window other than a minute (benchmarks)', () => {
  it('counts `rpm` requests per `windowMs` and logs the retry_after it sent', async () => {
    const { sim, clock } = await harness({ keys: [{ key: DEMO_KEY, label: 'demo', scopes: ['review'], rpm: 2, dailyLimit: 1000, windowMs: 1000 }] });
    clock.now = T0;
    expect((await review(sim, CODE)).status).toBe(200);
    clock.now = T0 + 300;
    expect((await review(sim, CODE)).status).toBe(200);
    clock.now = T0 + 400;
    const error = expectError(await review(sim, CODE), 429, 'rate_limit_exceeded');
    expect(error.message).toBe('Rate limit of 2 requests per 1 s exceeded; retry after 1 seconds.');
    clock.now = T0 + 1000;
    expect((await review(sim, CODE)).status).toBe(200);
    expect(sim.requests.map((r) => [r.status, r.retryAfter])).toEqual([[200, undefined], [200, undefined], [429, 1], [200, undefined]]);
  });
});
