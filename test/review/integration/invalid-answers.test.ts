import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../../../src/service/errors';
import { rejectionOf, setup } from './helpers';

const CODE = { code: 'x = 1\n' };
const PROMPT = { prompt: 'def add(a, b):' };

describe('answers the client cannot use', () => {
  it('turns the proxy HTML 502 into an InvalidResponseError with status 502 for reviewOnce', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'html_502' });
    const error = await rejectionOf(client().reviewOnce(CODE));
    expect(error).toBeInstanceOf(InvalidResponseError);
    const invalid = error as InvalidResponseError;
    expect(invalid.status).toBe(502);
    expect(invalid.snippet).toContain('502 Bad Gateway');
    // The proxy sends no X-Request-Id, and the client does not invent one.
    expect(invalid.requestId).toBeUndefined();
    expect(sim.requests).toEqual([expect.objectContaining({ status: 502, fault: 'html_502' })]);
  });

  it('retries the proxy HTML 502 in review() as a passing gateway failure', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'html_502' });
    await expect(client().review(CODE)).resolves.toMatchObject({ model: 'service-1' });
    expect(sleeps).toEqual([1000]);
    expect(sim.requests.map((r) => r.status)).toEqual([502, 200]);
  });

  it('turns a cut-off review body into an InvalidResponseError carrying the request id, without retrying', async () => {
    const { sim, client, sleeps } = await setup();
    sim.inject({ kind: 'malformed_json' });
    const error = await rejectionOf(client().review(CODE));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 200, requestId: sim.requests[0]!.requestId });
    expect(sim.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('turns a review body without its required fields into an InvalidResponseError naming the field', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'wrong_shape' });
    const error = await rejectionOf(client().reviewOnce(CODE));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).field).toBe('issues');
  });

  // Gap in src/service/response.ts: parseReviewResult/parseCompletionResult receive the answer's
  // X-Request-Id but their `invalid()` builds the InvalidResponseError without it (nor the
  // status), while a cut-off body (readJson) and a wrong-shaped stream event both carry it. The
  // one id support would ask for is lost for exactly this failure. Remove `.fails` once fixed.
  it('gives the error of a wrong-shaped answer the request id and status the simulator sent', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'wrong_shape' });
    const review = await rejectionOf(client().reviewOnce(CODE));
    sim.inject({ kind: 'wrong_shape' });
    const completion = await rejectionOf(client().complete(PROMPT));
    expect(review).toMatchObject({ status: 200, requestId: sim.requests[0]!.requestId });
    expect(completion).toMatchObject({ status: 200, requestId: sim.requests[1]!.requestId });
  });

  it('turns a cut-off completion body into an InvalidResponseError', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'malformed_json' });
    await expect(client().complete(PROMPT)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(sim.requests).toHaveLength(1);
  });

  it('turns a completion body without content into an InvalidResponseError', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'wrong_shape' });
    const error = await rejectionOf(client().complete(PROMPT));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as InvalidResponseError).field).toMatch(/^(usage|content)$/);
  });

  it('throws an InvalidResponseError from a stream whose event data is cut-off JSON', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'malformed_json' });
    const stream = client().completeStream(PROMPT);
    const error = await rejectionOf(stream.text());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ field: 'data', requestId: sim.requests[0]!.requestId });
    expect(stream.completed).toBe(false);
  });

  it('throws an InvalidResponseError from a stream whose events lack delta', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'wrong_shape' });
    const stream = client().completeStream(PROMPT);
    const error = await rejectionOf(stream.text());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ field: 'delta' });
    expect(stream.completed).toBe(false);
  });
});
