import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { TimeoutError, isApiError } from '../../src/service/errors';
import { createClient } from '../../src/service/client';
import type { ApiError } from '../../src/service/errors';
import { API_KEY, ORIGIN, clientOn, errorBody, localServer, rejectionOf, useMockService } from './helpers';
import { handTimers } from '../support/hand-timers';

const REQ = { code: 'print(1)', language: 'python' } as const;
const direct = new Agent(); // for local servers: no proxy from the environment
afterAll(() => direct.close());

const mock = useMockService();

describe('timeouts and aborts', () => {
  it('reports an attempt that outlives timeoutMs as a TimeoutError, not a network error', async () => {
    // The service holds each request, never answering, and the attempt's deadline runs out then.
    const timers = handTimers();
    const server = await localServer(() => timers.fireAll());
    try {
      const { client } = clientOn(direct, { baseUrl: server.url, timeoutMs: 60_000, retry: { maxRetries: 1 }, startTimer: timers.start });
      const error = (await rejectionOf(client.review(REQ))) as ApiError;
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error.code).toBe('timeout');
      expect(error.message).toBe('Review service did not answer within 60000 ms (before answering)');
      // Retried once: timeouts are transient.
      expect(server.hits).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('stops at once with the abort reason when the caller aborts', async () => {
    const controller = new AbortController();
    const server = await localServer(() => controller.abort(new Error('caller gave up')));
    try {
      const { client, sleeps } = clientOn(direct, { baseUrl: server.url });
      const error = await rejectionOf(client.review(REQ, { signal: controller.signal }));
      expect(error).toEqual(new Error('caller gave up'));
      expect(isApiError(error)).toBe(false);
      expect([server.hits, sleeps.length]).toEqual([1, 0]);
    } finally {
      await server.close();
    }
  });

  it('wakes from a retry_after wait at once when the caller aborts, with the real timer', async () => {
    mock.answer('/v1/agent/review', 429, errorBody('rate_limit_exceeded', { retry_after: 100 }));
    const controller = new AbortController();
    const client = createClient({ apiKey: API_KEY, baseUrl: ORIGIN, dispatcher: mock.agent });
    const review = client.review(REQ, { signal: controller.signal, hooks: { onRetry: () => controller.abort(new Error('shutting down')) } });
    expect(await rejectionOf(review)).toEqual(new Error('shutting down'));
  });

  it('does not send when the signal is already aborted', async () => {
    const { client } = clientOn(mock.agent);
    const error = await rejectionOf(client.review(REQ, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('reports a refused connection as a NetworkError', async () => {
    const server = await localServer(() => undefined);
    const url = server.url;
    await server.close();
    const { client } = clientOn(direct, { baseUrl: url, retry: { maxRetries: 0 } });
    expect(await rejectionOf(client.review(REQ))).toMatchObject({ name: 'NetworkError', code: 'network_error' });
  });
});

describe('createClient options', () => {
  it.each(['https://api.example.com/v1', 'https://api.example.com/v1/', 'ftp://api.example.com', 'api.example.com', ''])(
    'rejects the base URL %j and quotes it',
    (baseUrl) => {
      expect(() => createClient({ apiKey: API_KEY, baseUrl })).toThrow(`Invalid baseUrl '${baseUrl}'`);
    },
  );

  it('warns about a key without the svc_live_ prefix without printing the key', () => {
    const warnings: string[] = [];
    createClient({ apiKey: 'sk_other_SECRET', baseUrl: ORIGIN, dispatcher: mock.agent, onWarning: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('svc_live_');
    expect(warnings[0]).not.toContain('SECRET');
  });

  it('rejects an empty key or one with a newline, without quoting it', () => {
    expect(() => createClient({ apiKey: '', baseUrl: ORIGIN })).toThrow('Invalid apiKey');
    expect(() => createClient({ apiKey: 'svc_live_a\nb', baseUrl: ORIGIN })).toThrow(/^Invalid apiKey: it contains whitespace[^\n]*$/);
  });

  it('rejects a bad timeout or retry policy with the value quoted', () => {
    expect(() => createClient({ apiKey: API_KEY, baseUrl: ORIGIN, timeoutMs: 0 })).toThrow('Invalid timeoutMs 0');
    expect(() => createClient({ apiKey: API_KEY, baseUrl: ORIGIN, retry: { jitter: 2 } })).toThrow('Invalid retry.jitter 2');
    expect(() => createClient({ apiKey: API_KEY, baseUrl: ORIGIN, retry: { maxRetries: -1 } })).toThrow('Invalid retry.maxRetries -1');
  });
});
