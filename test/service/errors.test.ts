import { inspect } from 'node:util';
import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/service/errors';
import { InvalidResponseError, NetworkError, RequestValidationError, ServiceError, TimeoutError, isApiError, isServiceError } from '../../src/service/errors';
import { createClient } from '../../src/service/client';
import { API_KEY, ORIGIN, REVIEW_OK, clientOn, localServer, mockService, rejectionOf } from './helpers';
import { handTimers } from '../support/hand-timers';

/** Everything an error could show: message, stack, own fields, cause chain. */
function everything(error: unknown): string {
  const e = error as Error;
  return [JSON.stringify({ ...e, message: e.message, stack: e.stack }), String(error), inspect(error, { depth: 10, showHidden: true })].join('\n');
}

describe('error classes', () => {
  it('name their kind and code and are recognised by the type guards', () => {
    const errors: ApiError[] = [
      new ServiceError('m', 'overloaded', { status: 503, retryAfter: 3 }),
      new NetworkError('m'),
      new TimeoutError('m'),
      new InvalidResponseError('m', { status: 502, snippet: '<html>' }),
      new RequestValidationError('m', 'missing_code', 'code', 'nothing'),
    ];
    expect(errors.map((e) => [e.name, e.kind, e.code])).toEqual([
      ['ServiceError', 'service', 'overloaded'],
      ['NetworkError', 'network', 'network_error'],
      ['TimeoutError', 'timeout', 'timeout'],
      ['InvalidResponseError', 'invalid_response', 'invalid_response'],
      ['RequestValidationError', 'request_validation', 'missing_code'],
    ]);
    expect(errors.every((e) => isApiError(e) && e instanceof Error)).toBe(true);
    expect(isApiError(new Error('plain'))).toBe(false);
    expect(isServiceError(errors[0])).toBe(true);
    expect(isServiceError(errors[0], 'overloaded')).toBe(true);
    expect(isServiceError(errors[0], 'rate_limit_exceeded')).toBe(false);
    expect(isServiceError(errors[1])).toBe(false);
  });
});

describe('the API key', () => {
  const direct = new Agent();
  afterAll(() => direct.close());

  it('appears in no message or field of any error the client produces', async () => {
    const mock = mockService();
    const { client } = clientOn(mock.agent, { retry: { maxRetries: 0 } });
    const path = '/v1/agent/review';
    const echo = `key ${API_KEY} was revoked`;
    mock.answer(path, 401, { error: { code: 'authentication_failed', message: echo, suggestion: echo, docs_url: echo, request_id: 'svc_req_k' } });
    mock.answer(path, 502, `<html>upstream rejected Bearer ${API_KEY}</html>`);
    mock.answer(path, 200, { ...REVIEW_OK, issues: API_KEY });
    // A header matcher that fails: undici's own message then lists the request headers.
    mock.pool.intercept({ path, method: 'POST', headers: { authorization: 'Bearer other' } }).reply(200, {});
    const errors = [
      await rejectionOf(client.review({ code: 'x' })),
      await rejectionOf(client.review({ code: 'x' })),
      await rejectionOf(client.review({ code: 'x' })),
      await rejectionOf(client.review({ code: 'x' })),
      await rejectionOf(client.review({ code: 7 } as never)),
      await rejectionOf(client.complete({ prompt: 'x', stop: [API_KEY, 'a', 'b', 'c', 'd'] })),
    ];
    // A service that holds the request until the attempt's deadline runs out.
    const timers = handTimers();
    const server = await localServer(() => timers.fireAll());
    try {
      const slow = clientOn(direct, { baseUrl: server.url, timeoutMs: 60_000, retry: { maxRetries: 0 }, startTimer: timers.start }).client;
      errors.push(await rejectionOf(slow.review({ code: 'x' })));
    } finally {
      await server.close();
    }
    expect(errors.map((e) => (e as Error).name)).toEqual([
      'ServiceError',
      'InvalidResponseError',
      'InvalidResponseError',
      'NetworkError',
      'RequestValidationError',
      'RequestValidationError',
      'TimeoutError',
    ]);
    for (const error of errors) expect(everything(error)).not.toContain(API_KEY);
    expect([0, 1, 2, 3, 5].map((i) => (errors[i] as Error).message.includes('[redacted]'))).toEqual([true, true, true, true, true]);
    await mock.agent.close();
  });

  it('is not quoted when it is refused or warned about', () => {
    const key = 'not_live_SECRET123';
    const warnings: string[] = [];
    createClient({ apiKey: key, baseUrl: ORIGIN, onWarning: (m) => warnings.push(m) });
    const refused = (() => {
      try {
        createClient({ apiKey: 'svc_live_SECRET123 x', baseUrl: ORIGIN });
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a refusal');
    })();
    expect([...warnings, refused.message].join('\n')).not.toContain('SECRET123');
  });
});
