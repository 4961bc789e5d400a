import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, withRetry } from '../../src/service/retry';
import { InvalidResponseError, NetworkError, RequestValidationError, ServiceError, TimeoutError } from '../../src/service/errors';
import type { RetryAttemptInfo, RetryPolicy } from '../../src/service/retry';
import { ERROR_CODES } from '../../src/service/types';

const service = (code: string, status = 500, retryAfter?: number) =>
  new ServiceError(`answered ${status} ${code}`, code, { status, retryAfter });
const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };

describe('isRetryable', () => {
  it('retries exactly the transient service codes among the reference table', () => {
    const retryable = ERROR_CODES.filter((code) => isRetryable(service(code), DEFAULT_RETRY_POLICY));
    expect(retryable).toEqual(['rate_limit_exceeded', 'inference_error', 'overloaded']);
  });

  it('retries network errors and timeouts', () => {
    expect(isRetryable(new NetworkError('reset'), DEFAULT_RETRY_POLICY)).toBe(true);
    expect(isRetryable(new TimeoutError('slow'), DEFAULT_RETRY_POLICY)).toBe(true);
  });

  it('retries an unreadable answer with a gateway status (a proxy HTML 502/503/504)', () => {
    expect([502, 503, 504].map((status) => isRetryable(new InvalidResponseError('html', { status }), DEFAULT_RETRY_POLICY))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('never retries invalid answers, refused requests, unknown codes or plain errors', () => {
    const final = [
      new InvalidResponseError('html', { status: 500 }),
      new InvalidResponseError('wrong shape', { status: 200 }),
      new RequestValidationError('bad', 'invalid_request', 'x', '1'),
      service('some_new_code', 503),
      new TypeError('a bug'),
      'a string',
      undefined,
    ];
    expect(final.map((e) => isRetryable(e, DEFAULT_RETRY_POLICY))).toEqual(final.map(() => false));
  });
});

describe('retryDelayMs', () => {
  it('honours retry_after in seconds, capped by maxRetryAfterMs, without jitter', () => {
    expect(retryDelayMs(service('rate_limit_exceeded', 429, 2), 1, DEFAULT_RETRY_POLICY, () => 0.9)).toEqual({
      ms: 2000,
      fromRetryAfter: true,
    });
    expect(retryDelayMs(service('overloaded', 503, 3600), 1, DEFAULT_RETRY_POLICY, () => 0.9)).toEqual({
      ms: 120_000,
      fromRetryAfter: true,
    });
  });

  it('backs off exponentially up to maxDelayMs when there is no retry_after', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(service('inference_error'), n, policy, () => 0.5).ms);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000]);
  });

  it('takes off at most the jitter fraction of the delay', () => {
    const jittered = { ...DEFAULT_RETRY_POLICY, jitter: 0.2 };
    expect(retryDelayMs(service('inference_error'), 2, jittered, () => 0).ms).toBe(2000);
    expect(retryDelayMs(service('inference_error'), 2, jittered, () => 0.5).ms).toBe(1800);
    expect(retryDelayMs(service('inference_error'), 2, jittered, () => 0.999999).ms).toBe(1600);
  });
});

describe('withRetry', () => {
  function recorder() {
    const waits: RetryAttemptInfo[] = [];
    return { waits, hooks: { wait: (_ms: number, info: RetryAttemptInfo) => (waits.push(info), Promise.resolve()) } };
  }

  it('returns the first success and passes 1-based attempt numbers', async () => {
    const attempts: number[] = [];
    const { waits, hooks } = recorder();
    const result = await withRetry(
      (attempt) => {
        attempts.push(attempt);
        return attempt < 3 ? Promise.reject(service('overloaded', 503)) : Promise.resolve('ok');
      },
      policy,
      hooks,
    );
    expect(result).toBe('ok');
    expect(attempts).toEqual([1, 2, 3]);
    expect(waits.map((w) => [w.retryNumber, w.delayMs])).toEqual([
      [1, 1000],
      [2, 2000],
    ]);
  });

  it('gives up after maxRetries retries with the last error', async () => {
    let calls = 0;
    const { waits, hooks } = recorder();
    const last = service('inference_error');
    const error = await withRetry(() => ((calls += 1), Promise.reject(calls === 4 ? last : service('inference_error'))), policy, hooks).catch(
      (e: unknown) => e,
    );
    expect(error).toBe(last);
    expect(calls).toBe(4);
    expect(waits).toHaveLength(3);
  });

  it('does not retry a final error', async () => {
    let calls = 0;
    const { waits, hooks } = recorder();
    await expect(withRetry(() => ((calls += 1), Promise.reject(service('daily_limit_exceeded', 429, 60))), policy, hooks)).rejects.toThrow(
      'daily_limit_exceeded',
    );
    expect([calls, waits.length]).toEqual([1, 0]);
  });

  it('awaits beforeAttempt before every attempt and reports each retry', async () => {
    const log: string[] = [];
    await withRetry(
      (attempt) => (log.push(`attempt ${attempt}`), attempt === 1 ? Promise.reject(service('rate_limit_exceeded', 429, 1)) : Promise.resolve(1)),
      policy,
      {
        beforeAttempt: () => (log.push('gate'), Promise.resolve()),
        onRetry: (info) => log.push(`retry ${info.retryNumber} in ${info.delayMs} (retry_after ${info.fromRetryAfter})`),
        wait: (ms) => (log.push(`wait ${ms}`), Promise.resolve()),
      },
    );
    expect(log).toEqual(['gate', 'attempt 1', 'retry 1 in 1000 (retry_after true)', 'wait 1000', 'gate', 'attempt 2']);
  });

  it('uses the random hook for jitter', async () => {
    const { waits, hooks } = recorder();
    let calls = 0;
    await withRetry(() => (++calls === 1 ? Promise.reject(new NetworkError('reset')) : Promise.resolve()), DEFAULT_RETRY_POLICY, {
      ...hooks,
      random: () => 0.5,
    });
    expect(waits[0]!.delayMs).toBe(900);
  });
});
