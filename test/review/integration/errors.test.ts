import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/service/errors';
import { ERROR_CODES } from '../../../src/service/types';
import { COMPLETE_ONLY_KEY, REVIEW_ONLY_KEY } from '../../doubles/simulator';
import { DOCUMENTED_STATUS, expectNoSecret, rejectionOf, setup } from './helpers';

const CODE = { code: 'x = 1\n', language: 'python' } as const;
const PROMPT = { prompt: 'def add(a, b):' };

/** The ServiceError the caller got carries what the simulator sent and logged for that request. */
function expectServiceError(error: unknown, code: string, requestId: string | undefined): ServiceError {
  expect(error).toBeInstanceOf(ServiceError);
  const serviceError = error as ServiceError;
  expect({ code: serviceError.code, status: serviceError.status, requestId: serviceError.requestId }).toEqual({
    code,
    status: DOCUMENTED_STATUS[code],
    requestId,
  });
  expect(serviceError.requestId).toMatch(/^svc_req_/);
  expect(serviceError.suggestion).toEqual(expect.stringMatching(/\S/));
  expect(serviceError.docsUrl).toMatch(new RegExp(`^https://\\S+#${code}$`));
  expect(serviceError.message).toContain(code);
  return serviceError;
}

describe('service errors reach the caller of reviewOnce', () => {
  it('covers the 16 codes of the reference table', () => {
    expect([...ERROR_CODES].sort()).toEqual(Object.keys(DOCUMENTED_STATUS).sort());
  });

  it.each(ERROR_CODES)('hands an injected %s to the caller with its status, request id, suggestion and docs anchor', async (code) => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'error', code });
    const error = await rejectionOf(client().reviewOnce(CODE));
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]).toMatchObject({ path: '/v1/agent/review', status: DOCUMENTED_STATUS[code], code, fault: 'error' });
    expectServiceError(error, code, sim.requests[0]!.requestId);
  });

  it('gives the request id of the failing request, not of an earlier successful one', async () => {
    const { sim, client } = await setup();
    const api = client();
    const ok = await api.reviewOnce(CODE);
    sim.inject({ kind: 'error', code: 'invalid_focus' });
    const error = await rejectionOf(api.reviewOnce(CODE));
    expect(ok.requestId).toBe(sim.requests[0]!.requestId);
    expectServiceError(error, 'invalid_focus', sim.requests[1]!.requestId);
    expect(sim.requests[0]!.requestId).not.toBe(sim.requests[1]!.requestId);
  });

  it('keeps an injected status that differs from the documented one', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'error', code: 'inference_error', status: 502 });
    const error = await rejectionOf(client().reviewOnce(CODE));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).status).toBe(502);
  });

  it('carries retry_after of an error answer as retryAfter in seconds', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'error', code: 'rate_limit_exceeded', retryAfter: 7 });
    const error = await rejectionOf(client().reviewOnce(CODE));
    expect((error as ServiceError).retryAfter).toBe(7);
  });
});

describe('errors the simulator produces on its own', () => {
  it('answers a wrong key with 401 authentication_failed, without quoting the key', async () => {
    const { sim, client } = await setup();
    const wrongKey = 'svc_live_not_a_known_key_00000000';
    const error = await rejectionOf(client({ apiKey: wrongKey }).reviewOnce(CODE));
    expectServiceError(error, 'authentication_failed', sim.requests[0]!.requestId);
    expect(sim.requests[0]).toMatchObject({ status: 401, code: 'authentication_failed' });
    expect(sim.requests[0]!.keyLabel).toBeUndefined();
    expectNoSecret(error, wrongKey);
  });

  it('answers a key without the svc_live_ prefix with 401 after warning the caller', async () => {
    const { sim, client } = await setup();
    const warnings: string[] = [];
    const error = await rejectionOf(client({ apiKey: 'sk-0123456789abcdef0123', onWarning: (w) => warnings.push(w) }).reviewOnce(CODE));
    expect(warnings).toEqual([expect.stringContaining('svc_live_')]);
    expectServiceError(error, 'authentication_failed', sim.requests[0]!.requestId);
  });

  it('answers a review-only key on completion with 403 insufficient_scope', async () => {
    const { sim, client } = await setup();
    const error = await rejectionOf(client({ apiKey: REVIEW_ONLY_KEY }).complete(PROMPT));
    expectServiceError(error, 'insufficient_scope', sim.requests[0]!.requestId);
    expect(sim.requests).toEqual([expect.objectContaining({ path: '/v1/complete', status: 403, keyLabel: 'review-only' })]);
  });

  it('answers a review-only key on a streamed completion with 403 insufficient_scope when the stream is read', async () => {
    const { sim, client } = await setup();
    const error = await rejectionOf(client({ apiKey: REVIEW_ONLY_KEY }).completeStream(PROMPT).text());
    expectServiceError(error, 'insufficient_scope', sim.requests[0]!.requestId);
  });

  it('answers a complete-only key on review with 403 insufficient_scope', async () => {
    const { sim, client } = await setup();
    const error = await rejectionOf(client({ apiKey: COMPLETE_ONLY_KEY }).reviewOnce(CODE));
    expectServiceError(error, 'insufficient_scope', sim.requests[0]!.requestId);
    expect(sim.requests[0]).toMatchObject({ path: '/v1/agent/review', keyLabel: 'complete-only' });
  });

  it('answers code above the context window with 400 context_too_long', async () => {
    const { sim, client } = await setup({ contextLimitTokens: 10 });
    const error = await rejectionOf(client().reviewOnce({ code: 'x = 1\n'.repeat(20) }));
    expectServiceError(error, 'context_too_long', sim.requests[0]!.requestId);
  });

  it('answers a prompt plus system text above the context window with 400 context_too_long', async () => {
    const { sim, client } = await setup({ contextLimitTokens: 10 });
    const error = await rejectionOf(client().complete({ prompt: 'p'.repeat(24), system: 's'.repeat(24) }));
    expectServiceError(error, 'context_too_long', sim.requests[0]!.requestId);
  });

  it('answers a spent daily quota with 429 daily_limit_exceeded and the seconds until 18:30 UTC', async () => {
    const { sim, client } = await setup({ keys: [{ key: 'svc_live_one_a_day_0000000000', scopes: ['review'], dailyLimit: 1 }] });
    const api = client({ apiKey: 'svc_live_one_a_day_0000000000' });
    await api.reviewOnce(CODE);
    const error = expectServiceError(await rejectionOf(api.reviewOnce(CODE)), 'daily_limit_exceeded', sim.requests[1]!.requestId);
    expect(error.retryAfter).toBe(8.5 * 3600);
  });
});
