import { describe, expect, it, vi } from 'vitest';
import { complete, expectError, harness, review, T0 } from './helpers';

const CODE = { code: 'x = 1\n' };

describe('fault injection', () => {
  it('answers 503 overloaded with the injected retry_after, once by default', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'overloaded', retryAfter: 7 });
    expect(expectError(await review(sim, CODE), 503, 'overloaded').retry_after).toBe(7);
    expect((await review(sim, CODE)).status).toBe(200);
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([
      [503, 'overloaded'],
      [200, undefined],
    ]);
  });

  it('answers 429 rate_limit_exceeded for the next `times` requests', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'rate_limited', retryAfter: 3, times: 2 });
    expect(expectError(await review(sim, CODE), 429, 'rate_limit_exceeded').retry_after).toBe(3);
    expect(expectError(await review(sim, CODE), 429, 'rate_limit_exceeded').retry_after).toBe(3);
    expect((await review(sim, CODE)).status).toBe(200);
  });

  it('answers 429 daily_limit_exceeded with retry_after to 18:30 UTC', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'daily_limit' });
    expect(expectError(await review(sim, CODE), 429, 'daily_limit_exceeded').retry_after).toBe(30_600);
  });

  it('answers 500 inference_error without retry_after', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'inference_error' });
    const error = expectError(await review(sim, CODE), 500, 'inference_error');
    expect(error.retry_after).toBeUndefined();
    expect(error.suggestion).toBe('Retry with exponential backoff.');
  });

  it('answers any code of the table, with its documented status unless one is given', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'error', code: 'sandbox_timeout' });
    sim.inject({ kind: 'error', code: 'overloaded', status: 503, retryAfter: 30 });
    sim.inject({ kind: 'error', code: 'extraction_failed', status: 502 });
    expectError(await review(sim, CODE), 408, 'sandbox_timeout');
    expect(expectError(await review(sim, CODE), 503, 'overloaded').retry_after).toBe(30);
    expectError(await review(sim, CODE), 502, 'extraction_failed');
  });

  it('answers 200 with a body cut off mid-JSON', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'malformed_json', times: 2 });
    const answer = await review(sim, CODE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('x-request-id')).toMatch(/^svc_req_/);
    expect(() => JSON.parse(answer.text) as unknown).toThrow(SyntaxError);
    const plain = await complete(sim, { prompt: 'x' });
    expect(() => JSON.parse(plain.text) as unknown).toThrow(SyntaxError);
  });

  it('sends a stream event with cut-off JSON when the faulted completion streams', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'malformed_json' });
    const answer = await complete(sim, { prompt: 'x', stream: true });
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.text).toBe('data: {"delta":"def add(a, b\n\ndata: [DONE]\n\n');
  });

  it('answers 200 JSON that lacks the required fields', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'wrong_shape', times: 3 });
    const reviewAnswer = await review(sim, CODE);
    expect(reviewAnswer.status).toBe(200);
    expect(reviewAnswer.json.issues).toBeUndefined();
    expect(reviewAnswer.json.quality_score).toBeUndefined();
    const completion = await complete(sim, { prompt: 'x' });
    expect(completion.json.content).toBeUndefined();
    const stream = await complete(sim, { prompt: 'x', stream: true });
    expect(stream.text).toBe('data: {"text":"delta is missing"}\n\ndata: [DONE]\n\n');
  });

  it("answers 502 with a proxy's HTML page and no request id", async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'html_502' });
    const answer = await review(sim, CODE);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toBe('text/html');
    expect(answer.headers.get('x-request-id')).toBeNull();
    expect(answer.text).toContain('<title>502 Bad Gateway</title>');
  });

  it.each([404, 405, 200])("answers %i with a web server's HTML page and no request id", async (status) => {
    const { sim } = await harness();
    sim.inject({ kind: 'web_page', status, times: 2 });
    for (const answer of [await review(sim, CODE), await complete(sim, { prompt: 'x' })]) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('text/html');
      expect(answer.headers.get('x-request-id')).toBeNull();
      expect(answer.text).toMatch(/^<html>\r\n<head><title>\d{3} [A-Z]/);
    }
    expect((await review(sim, CODE)).status).toBe(200);
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[status, 'web_page'], [status, 'web_page'], [200, undefined]]);
  });

  it('says where a web_page redirect leads', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'web_page', status: 301 });
    const answer = await review(sim, CODE, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('https://127.0.0.1/v1/agent/review');
    expect(answer.text).toContain('<title>301 Moved Permanently</title>');
    expect(() => sim.inject({ kind: 'web_page', status: 99 })).toThrow('Expected `status` to be an HTTP status from 200 to 599; got 99.');
  });

  it('delays the answer through the injected sleep, then serves it normally', async () => {
    const { sim, slept } = await harness();
    sim.inject({ kind: 'latency', ms: 2500 });
    const answer = await review(sim, CODE);
    expect(answer.status).toBe(200);
    expect(answer.json.quality_score).toBe(100);
    expect(slept).toEqual([2500]);
    expect(sim.requests[0]).toMatchObject({ status: 200, fault: 'latency' });
  });

  it('never answers a hanging request, and close() still ends it', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'hang' });
    const pending = review(sim, CODE);
    await vi.waitFor(() => expect(sim.requests).toHaveLength(1));
    expect(sim.requests[0]).toMatchObject({ status: 0, fault: 'hang' });
    await sim.close();
    await expect(pending).rejects.toThrow();
  });

  it('applies a fault only to requests on its path', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'inference_error', path: '/v1/complete' });
    expect((await review(sim, CODE)).status).toBe(200);
    expectError(await complete(sim, { prompt: 'x' }), 500, 'inference_error');
    expect((await complete(sim, { prompt: 'x' })).status).toBe(200);
  });

  it('forgets every pending fault on clearFaults()', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'overloaded', retryAfter: 1, times: 5 });
    sim.clearFaults();
    expect((await review(sim, CODE)).status).toBe(200);
  });

  it('answers faults in injection order', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'overloaded', retryAfter: 2 });
    sim.inject({ kind: 'rate_limited', retryAfter: 4 });
    expect((await review(sim, CODE)).status).toBe(503);
    expect((await review(sim, CODE)).status).toBe(429);
    expect((await review(sim, CODE)).status).toBe(200);
  });

  it('does not count faulted requests against the key limits', async () => {
    const { sim, clock } = await harness({
      keys: [{ key: 'svc_live_limited_00000000000', scopes: ['review'], rpm: 1 }],
    });
    clock.now = T0;
    sim.inject({ kind: 'overloaded', retryAfter: 1 });
    await review(sim, CODE, { key: 'svc_live_limited_00000000000' });
    expect((await review(sim, CODE, { key: 'svc_live_limited_00000000000' })).status).toBe(200);
  });

  it('rejects a fault with a nonsensical count or delay', async () => {
    const { sim } = await harness();
    expect(() => sim.inject({ kind: 'inference_error', times: 0 })).toThrow(
      'Expected `times` to be an integer from 1 and up; got 0.',
    );
    expect(() => sim.inject({ kind: 'latency', ms: -1 })).toThrow(TypeError);
  });
});
