import { describe, expect, it } from 'vitest';
import { InvalidResponseError, NetworkError, ServiceError, isServiceError } from '../../src/service/errors';
import { ERROR_CODES } from '../../src/service/types';
import { VERSION } from '../../src/domain/version';
import { DOCUMENTED_STATUS } from '../support/reference';
import { API_KEY, ORIGIN, REVIEW_OK, clientOn, errorBody, rejectionOf, useMockService } from './helpers';

const STATUS = DOCUMENTED_STATUS;
const PATH = '/v1/agent/review';
const REQ = { code: 'print(1)', language: 'python' } as const;

const mock = useMockService();

describe('review', () => {
  it('sends the request with the bearer key, JSON content type, Accept and User-Agent', async () => {
    mock.answer(PATH, 200, REVIEW_OK, { 'x-request-id': 'svc_req_ok' });
    const { client } = clientOn(mock.agent);
    const result = await client.review({ code: 'x = 1', focus_areas: ['security'] });
    expect(result).toEqual({ ...REVIEW_OK, requestId: 'svc_req_ok' });
    expect(mock.requests).toHaveLength(1);
    const sent = mock.requests[0]!;
    expect(sent.path).toBe(PATH);
    expect(sent.method).toBe('POST');
    expect(sent.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': `review-gate/${VERSION}`,
    });
    expect(sent.body).toEqual({ code: 'x = 1', focus_areas: ['security'] });
  });

  it('joins a base URL with a trailing slash and a path prefix to /v1 without doubling slashes', async () => {
    mock.pool.intercept({ path: '/proxy/code-api/v1/agent/review', method: 'POST' }).reply(200, REVIEW_OK);
    const { client } = clientOn(mock.agent, { baseUrl: `${ORIGIN}/proxy/code-api/`, userAgent: 'custom/1' });
    await expect(client.review(REQ)).resolves.toMatchObject({ quality_score: 72 });
  });

  it.each(ERROR_CODES.map((code) => [code, STATUS[code]!] as const))(
    'hands %s (%i) to the caller as a ServiceError with its code, status and request id',
    async (code, status) => {
      mock.answer(PATH, status, errorBody(code, { request_id: 'svc_req_body' }), { 'x-request-id': 'svc_req_header' });
      mock.answer(PATH, status, errorBody(code), { 'x-request-id': 'svc_req_header' });
      const { client } = clientOn(mock.agent, { retry: { maxRetries: 0 } });
      const error = (await rejectionOf(client.review(REQ))) as ServiceError;
      expect(error).toBeInstanceOf(ServiceError);
      expect(isServiceError(error, code)).toBe(true);
      expect(error).toMatchObject({ kind: 'service', code, status, requestId: 'svc_req_body', suggestion: 'Do the right thing' });
      expect(error.docsUrl).toBe(`https://docs.example/errors#${code}`);
      expect(error.message).toBe(`Review service answered ${status} ${code}: Something about ${code} (request svc_req_body)`);
      const second = await rejectionOf(client.review(REQ));
      expect(second).toMatchObject({ name: 'ServiceError', code, status, requestId: 'svc_req_header' });
    },
  );

  it('takes the request id from X-Request-Id when the error body lacks it', async () => {
    mock.answer(PATH, 403, errorBody('insufficient_scope'), { 'x-request-id': 'svc_req_hdr' });
    const { client } = clientOn(mock.agent);
    expect(await rejectionOf(client.review(REQ))).toMatchObject({ code: 'insufficient_scope', requestId: 'svc_req_hdr' });
  });

  it('turns a proxy HTML 502 into an InvalidResponseError with the status and a short snippet', async () => {
    const html = `<html><head><title>502 Bad Gateway</title></head><body>${'nginx '.repeat(100)}</body></html>`;
    mock.answer(PATH, 502, html);
    const { client, sleeps } = clientOn(mock.agent);
    const error = (await rejectionOf(client.reviewOnce(REQ))) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 502 });
    expect(error.snippet!.startsWith('<html><head><title>502 Bad Gateway')).toBe(true);
    expect(error.snippet!.length).toBeLessThanOrEqual(200);
    expect(error.message).toContain('Review service answered 502 with a body that is not JSON');
    expect(sleeps).toEqual([]);
  });

  it('retries a proxy HTML 502 like any passing gateway failure', async () => {
    mock.answer(PATH, 502, '<html><body>Bad Gateway</body></html>');
    mock.answer(PATH, 200, REVIEW_OK);
    const { client, sleeps } = clientOn(mock.agent);
    expect((await client.review(REQ)).quality_score).toBe(REVIEW_OK.quality_score);
    expect(sleeps).toHaveLength(1);
  });

  it('turns an error status with JSON but no error object into an InvalidResponseError', async () => {
    mock.answer(PATH, 500, { detail: 'boom' });
    const { client } = clientOn(mock.agent);
    expect(await rejectionOf(client.review(REQ))).toMatchObject({ name: 'InvalidResponseError', status: 500, snippet: '{"detail":"boom"}' });
  });

  it('turns a success answer of the wrong shape into an InvalidResponseError naming the field', async () => {
    mock.answer(PATH, 200, { ...REVIEW_OK, issues: 'none' });
    const { client } = clientOn(mock.agent);
    const error = (await rejectionOf(client.review(REQ))) as InvalidResponseError;
    expect(error).toMatchObject({ name: 'InvalidResponseError', field: 'issues' });
    expect(error.message).toBe('Invalid review answer: issues must be an array, got "none"');
  });

  it('turns a success answer that is not JSON into an InvalidResponseError', async () => {
    mock.answer(PATH, 200, 'OK');
    const { client } = clientOn(mock.agent);
    expect(await rejectionOf(client.review(REQ))).toMatchObject({ name: 'InvalidResponseError', status: 200, snippet: 'OK' });
  });
});

describe('review retries', () => {
  it('waits retry_after (2 s) after a 429 rate_limit_exceeded, then succeeds', async () => {
    mock.answer(PATH, 429, errorBody('rate_limit_exceeded', { retry_after: 2 }));
    mock.answer(PATH, 200, REVIEW_OK);
    const { client, sleeps } = clientOn(mock.agent);
    await expect(client.review(REQ)).resolves.toMatchObject({ summary: 'Mostly fine.' });
    expect(sleeps).toEqual([2000]);
    expect(mock.requests).toHaveLength(2);
  });

  it('waits what a Retry-After header asks when the answer has no retry_after: seconds, or an HTTP-date', async () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    mock.answer(PATH, 503, errorBody('overloaded'), { 'retry-after': '4' });
    mock.answer(PATH, 429, errorBody('rate_limit_exceeded'), { 'retry-after': 'Wed, 21 Oct 2026 07:28:30 GMT' });
    mock.answer(PATH, 200, REVIEW_OK);
    const { client, sleeps } = clientOn(mock.agent, { now: () => now });
    await expect(client.review(REQ)).resolves.toMatchObject({ summary: 'Mostly fine.' });
    expect(sleeps).toEqual([4000, 30_000]);
  });

  it('backs off as for no Retry-After when the header is neither seconds nor an HTTP-date', async () => {
    mock.answer(PATH, 503, errorBody('overloaded'), { 'retry-after': 'soon' });
    mock.answer(PATH, 200, REVIEW_OK);
    const { client, sleeps } = clientOn(mock.agent, { random: () => 0.5 });
    await client.review(REQ);
    expect(sleeps).toEqual([900]);
  });

  it('retries a 500 inference_error with growing backoff and stops after maxRetries (4 requests)', async () => {
    mock.answer(PATH, 500, errorBody('inference_error')).persist();
    const { client, sleeps } = clientOn(mock.agent, { random: () => 0.5 });
    const error = await rejectionOf(client.review(REQ));
    expect(isServiceError(error, 'inference_error')).toBe(true);
    expect(mock.requests).toHaveLength(4);
    expect(sleeps).toEqual([900, 1800, 3600]);
  });

  it('caps the backoff at maxDelayMs and retry_after at maxRetryAfterMs', async () => {
    mock.answer(PATH, 503, errorBody('overloaded', { retry_after: 999 }));
    mock.answer(PATH, 500, errorBody('inference_error')).times(3);
    const { client, sleeps } = clientOn(mock.agent, { retry: { maxRetries: 3, maxDelayMs: 1500, maxRetryAfterMs: 5000 } });
    await rejectionOf(client.review(REQ));
    expect(sleeps).toEqual([5000, 1500, 1500]);
  });

  it.each([
    ['authentication_failed', 401],
    ['daily_limit_exceeded', 429],
  ])('never retries %s (exactly one request)', async (code, status) => {
    mock.answer(PATH, status, errorBody(code, { retry_after: 5 }));
    const { client, sleeps } = clientOn(mock.agent);
    expect(isServiceError(await rejectionOf(client.review(REQ)), code)).toBe(true);
    expect(mock.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('lets the caller override wait and observe retries through hooks', async () => {
    mock.answer(PATH, 503, errorBody('overloaded', { retry_after: 7 }));
    mock.answer(PATH, 200, REVIEW_OK);
    const { client, sleeps } = clientOn(mock.agent);
    const waited: string[] = [];
    await client.review(REQ, {
      hooks: {
        wait: (ms, info) => (waited.push(`${ms} ${String(info.fromRetryAfter)}`), Promise.resolve()),
        onRetry: (info) => waited.push(`retry ${info.retryNumber}`),
      },
    });
    expect(waited).toEqual(['retry 1', '7000 true']);
    expect(sleeps).toEqual([]);
  });

  it('makes exactly one attempt in reviewOnce, even for a transient error', async () => {
    mock.answer(PATH, 503, errorBody('overloaded', { retry_after: 1 }));
    const { client, sleeps } = clientOn(mock.agent);
    expect(await rejectionOf(client.reviewOnce(REQ))).toMatchObject({ code: 'overloaded', retryAfter: 1 });
    expect([mock.requests.length, sleeps.length]).toEqual([1, 0]);
  });

  it('retries a network error and reports it as a NetworkError with its cause', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' });
    mock.pool.intercept({ path: PATH, method: 'POST' }).replyWithError(refused).times(2);
    const { client, sleeps } = clientOn(mock.agent, { retry: { maxRetries: 1 } });
    const error = (await rejectionOf(client.review(REQ))) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('network_error');
    expect(error.cause).toBe(refused);
    expect(error.message).toContain('ECONNREFUSED');
    expect(sleeps).toEqual([1000]);
  });
});

describe('requests refused before sending', () => {
  it.each([
    ['missing code', { language: 'python' }, 'missing_code'],
    ['an unknown language', { code: 'x', language: 'cobol' }, 'invalid_request'],
  ])('refuses %s without a request reaching the service', async (_what, req, code) => {
    const { client } = clientOn(mock.agent); // no interceptor, net connect disabled: a send would fail differently
    const error = await rejectionOf(client.review(req as never));
    expect(error).toMatchObject({ name: 'RequestValidationError', code });
    expect(await rejectionOf(client.reviewOnce(req as never))).toMatchObject({ code });
    expect(mock.requests).toHaveLength(0);
  });
});
