import { describe, expect, it } from 'vitest';
import { COMPLETE_ONLY_KEY, DEMO_KEY, REVIEW_ONLY_KEY, startSimulator } from './index';
import { call, complete, expectError, harness, review } from './helpers';

const CODE = { code: 'x = 1\n' };

describe('authentication and scopes', () => {
  it('rejects a request without an Authorization header with 401 authentication_failed', async () => {
    const { sim } = await harness();
    const error = expectError(await review(sim, CODE, { key: null }), 401, 'authentication_failed');
    expect(error.message).toMatch(/Missing Authorization header/);
    expect(error.suggestion).toBe('Use a valid key with the svc_live_ prefix.');
    expect(error.docs_url).toBe('https://docs.code-assistance.example/errors#authentication_failed');
  });

  it('rejects a header that does not use the Bearer scheme', async () => {
    const { sim } = await harness();
    const answer = await review(sim, CODE, {
      key: null,
      headers: { Authorization: `Basic ${DEMO_KEY}` },
    });
    expect(expectError(answer, 401, 'authentication_failed').message).toMatch(/Bearer scheme/);
  });

  it('rejects a malformed key without echoing it', async () => {
    const { sim } = await harness();
    const answer = await review(sim, CODE, { key: 'sk_test_not_a_service_key' });
    const error = expectError(answer, 401, 'authentication_failed');
    expect(error.message).toMatch(/malformed/);
    expect(answer.text).not.toContain('sk_test_not_a_service_key');
  });

  it('rejects a well-formed key it does not know', async () => {
    const { sim } = await harness();
    const answer = await review(sim, CODE, { key: 'svc_live_revoked_000000000000' });
    expect(expectError(answer, 401, 'authentication_failed').message).toMatch(/not recognised/);
  });

  it('answers 403 insufficient_scope when a complete-only key asks for a review', async () => {
    const { sim } = await harness();
    const answer = await review(sim, CODE, { key: COMPLETE_ONLY_KEY });
    expect(expectError(answer, 403, 'insufficient_scope').message).toMatch(/'review' scope/);
  });

  it('answers 403 insufficient_scope when a review-only key asks for a completion', async () => {
    const { sim } = await harness();
    const answer = await complete(sim, { prompt: 'def f(' }, { key: REVIEW_ONLY_KEY });
    expect(expectError(answer, 403, 'insufficient_scope').message).toMatch(/'complete' scope/);
  });

  it('serves each scoped key on the operation it may use', async () => {
    const { sim } = await harness();
    expect((await review(sim, CODE, { key: REVIEW_ONLY_KEY })).status).toBe(200);
    expect((await complete(sim, { prompt: 'a' }, { key: COMPLETE_ONLY_KEY })).status).toBe(200);
  });

  it('logs requests with the key label, never the key', async () => {
    const { sim } = await harness();
    await review(sim, CODE);
    await review(sim, CODE, { key: COMPLETE_ONLY_KEY });
    await review(sim, CODE, { key: null });
    expect(sim.requests.map(({ requestId: _id, receivedAt: _in, answeredAt: _out, body: _body, ...rest }) => rest)).toEqual([
      { method: 'POST', path: '/v1/agent/review', status: 200, keyLabel: 'demo' },
      {
        method: 'POST',
        path: '/v1/agent/review',
        status: 403,
        keyLabel: 'complete-only',
        code: 'insufficient_scope',
      },
      { method: 'POST', path: '/v1/agent/review', status: 401, code: 'authentication_failed' },
    ]);
    expect(JSON.stringify(sim.requests)).not.toContain('svc_live_');
  });

  it('accepts the keys it is configured with, labelled by their last characters by default', async () => {
    const { sim } = await harness({ keys: [{ key: 'svc_live_custom_key_000000abcd', scopes: ['review'] }] });
    expect((await review(sim, CODE, { key: 'svc_live_custom_key_000000abcd' })).status).toBe(200);
    expectError(await review(sim, CODE), 401, 'authentication_failed');
    expect(sim.requests[0]?.keyLabel).toBe('…abcd');
  });

  it('refuses to start with a key that lacks the svc_live_ prefix', async () => {
    await expect(startSimulator({ keys: [{ key: 'live_123', label: 'bad', scopes: ['review'] }] })).rejects.toThrow(
      "Expected key 'bad' to be 'svc_live_' followed by at least 16 of [A-Za-z0-9_-].",
    );
  });
});

describe('routing', () => {
  it('answers an unknown path with 404 and the documented error body', async () => {
    const { sim } = await harness();
    const error = expectError(await call(sim, '/v1/agent/explain', CODE), 404, 'invalid_request');
    expect(error.message).toBe('No operation at POST /v1/agent/explain.');
  });

  it('answers a GET on an operation with 405 and an Allow header', async () => {
    const { sim } = await harness();
    const answer = await call(sim, '/v1/complete', undefined, { method: 'GET' });
    expectError(answer, 405, 'invalid_request');
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it('gives successful answers an X-Request-Id too, a new one per request', async () => {
    const { sim } = await harness();
    const first = await review(sim, CODE);
    const second = await complete(sim, { prompt: 'x' });
    expect(first.headers.get('x-request-id')).toMatch(/^svc_req_\w+$/);
    expect(second.headers.get('x-request-id')).toMatch(/^svc_req_\w+$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(sim.requests.map((r) => r.requestId)).toEqual([
      first.headers.get('x-request-id'),
      second.headers.get('x-request-id'),
    ]);
  });
});
