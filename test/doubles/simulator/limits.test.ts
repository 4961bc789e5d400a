import { describe, expect, it } from 'vitest';
import { DEMO_KEY, REVIEW_ONLY_KEY, secondsUntilDailyReset } from './index';
import { expectError, harness, review, T0 } from './helpers';

const CODE = { code: 'x = 1\n' };
const keys = (rpm: number, dailyLimit: number) => [
  { key: DEMO_KEY, label: 'demo', scopes: ['review' as const, 'complete' as const], rpm, dailyLimit },
  { key: REVIEW_ONLY_KEY, label: 'other', scopes: ['review' as const], rpm, dailyLimit },
];

describe('requests-per-minute window', () => {
  it('serves N requests, answers the next with 429 and the seconds until the window frees, then serves again', async () => {
    const { sim, clock } = await harness({ keys: keys(3, 1000) });
    for (const offset of [0, 5_000, 10_000]) {
      clock.now = T0 + offset;
      expect((await review(sim, CODE)).status).toBe(200);
    }
    clock.now = T0 + 20_500;
    const error = expectError(await review(sim, CODE), 429, 'rate_limit_exceeded');
    expect(error.retry_after).toBe(40); // the first request leaves the window at T0 + 60 s
    expect(error.message).toBe('Rate limit of 3 requests per minute exceeded; retry after 40 seconds.');
    expect(error.suggestion).toBe('Use exponential backoff, or a higher plan.');

    clock.now = T0 + 59_999;
    expect(expectError(await review(sim, CODE), 429, 'rate_limit_exceeded').retry_after).toBe(1);
    clock.now = T0 + 60_000;
    expect((await review(sim, CODE)).status).toBe(200);
    expect(sim.requests.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 200]);
  });

  it('keeps a separate window per key', async () => {
    const { sim } = await harness({ keys: keys(1, 1000) });
    expect((await review(sim, CODE)).status).toBe(200);
    expect((await review(sim, CODE)).status).toBe(429);
    expect((await review(sim, CODE, { key: REVIEW_ONLY_KEY })).status).toBe(200);
  });

  it('does not count requests rejected before the limits (bad key)', async () => {
    const { sim } = await harness({ keys: keys(1, 1000) });
    await review(sim, CODE, { key: null });
    expect((await review(sim, CODE)).status).toBe(200);
  });
});

describe('daily quota', () => {
  it('answers 429 daily_limit_exceeded with retry_after up to 18:30 UTC, and serves again after it', async () => {
    const { sim, clock } = await harness({ keys: keys(100, 2) });
    expect((await review(sim, CODE)).status).toBe(200);
    expect((await review(sim, CODE)).status).toBe(200);
    clock.now = Date.parse('2025-01-15T12:00:00Z');
    const error = expectError(await review(sim, CODE), 429, 'daily_limit_exceeded');
    expect(error.retry_after).toBe(6.5 * 3600);
    expect(error.suggestion).toBe('Wait for the reset at midnight IST or upgrade.');

    clock.now = Date.parse('2025-01-15T18:29:59Z');
    expect(expectError(await review(sim, CODE), 429, 'daily_limit_exceeded').retry_after).toBe(1);
    clock.now = Date.parse('2025-01-15T18:30:00Z');
    expect((await review(sim, CODE)).status).toBe(200);
  });

  it('counts the seconds to the next 18:30 UTC, which after 18:30 is the next day', () => {
    expect(secondsUntilDailyReset(Date.parse('2025-01-15T10:00:00Z'))).toBe(30_600);
    expect(secondsUntilDailyReset(Date.parse('2025-01-15T18:30:00Z'))).toBe(86_400);
    expect(secondsUntilDailyReset(Date.parse('2025-01-15T19:00:00Z'))).toBe(84_600);
    expect(secondsUntilDailyReset(Date.parse('2025-01-15T18:29:59.500Z'))).toBe(1);
  });

  it('rejects every request of a key with a daily limit of 0', async () => {
    const { sim } = await harness({ keys: keys(100, 0) });
    expect(expectError(await review(sim, CODE), 429, 'daily_limit_exceeded').retry_after).toBe(30_600);
  });
});
