import { describe, expect, it } from 'vitest';
import type { CompletionRequest } from '../../../src/service/types';
import { T0, setup } from './helpers';

const PYTHON: CompletionRequest = { prompt: 'def add(a, b):', language: 'python', max_tokens: 200 };

describe('completion, plain and streamed', () => {
  it('gives the same text streamed as in one JSON answer', async () => {
    const { sim, client } = await setup();
    const api = client();
    const plain = await api.complete(PYTHON);
    const streamed = await api.completeStream(PYTHON).text();
    expect(streamed).toBe(plain.content);
    expect(plain.content).toMatch(/^# simulated completion [0-9a-f]{8}\ndef completed_/);
    expect(plain).toMatchObject({ finish_reason: 'stop', model: 'service-1', object: 'completion', created_at: new Date(T0).toISOString() });
    expect(plain.id).toMatch(/^cmpl_/);
    expect(plain.requestId).toBe(sim.requests[0]!.requestId);
  });

  it('delivers the streamed text as several deltas that join to it, and completes at [DONE]', async () => {
    const { sim, client } = await setup();
    const api = client();
    const { content } = await api.complete(PYTHON);
    const stream = api.completeStream(PYTHON);
    expect(stream.completed).toBe(false);
    const deltas: string[] = [];
    for await (const delta of stream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.every((delta) => delta.length > 0 && delta.length < content.length)).toBe(true);
    expect(deltas.join('')).toBe(content);
    expect(stream.completed).toBe(true);
    expect(stream.requestId).toBe(sim.requests[1]!.requestId);
    expect(sim.requests.map((r) => [r.path, r.status])).toEqual([
      ['/v1/complete', 200],
      ['/v1/complete', 200],
    ]);
  });

  it('stops at max_tokens with finish_reason length, and streams the same cut text', async () => {
    const { client } = await setup();
    const api = client();
    const full = await api.complete(PYTHON);
    const cut = await api.complete({ ...PYTHON, max_tokens: 3 });
    expect(cut.finish_reason).toBe('length');
    expect(cut.usage.completion_tokens).toBeLessThanOrEqual(3);
    expect(cut.content.length).toBeLessThanOrEqual(12);
    expect(full.content.startsWith(cut.content)).toBe(true);
    await expect(api.completeStream({ ...PYTHON, max_tokens: 3 }).text()).resolves.toBe(cut.content);
  });

  it('stops before the first stop sequence with finish_reason stop', async () => {
    const { client } = await setup();
    const api = client();
    const full = await api.complete(PYTHON);
    const cut = await api.complete({ ...PYTHON, stop: ['return'] });
    expect(cut.finish_reason).toBe('stop');
    expect(cut.content).toBe(full.content.slice(0, full.content.indexOf('return')));
  });

  it('counts prompt and completion tokens as ceil(chars / 4) and adds them up', async () => {
    const { client } = await setup();
    const result = await client().complete({ prompt: 'x'.repeat(10), system: 'y'.repeat(7) });
    expect(result.usage).toEqual({
      prompt_tokens: Math.ceil(17 / 4),
      completion_tokens: Math.ceil(result.content.length / 4),
      total_tokens: Math.ceil(17 / 4) + Math.ceil(result.content.length / 4),
    });
  });

  it('accepts every boundary value the client lets through', async () => {
    const { sim, client } = await setup();
    const api = client();
    for (const request of [
      { prompt: '', max_tokens: 1, temperature: 0 },
      { prompt: 'x', max_tokens: 8000, temperature: 1, stop: ['a', 'b', 'c', 'd'] },
      { prompt: 'x', language: 'java', system: 'Be terse.' },
      { prompt: 'x', language: 'cpp', model: 'service-1' },
    ] satisfies CompletionRequest[]) {
      await expect(api.complete(request)).resolves.toMatchObject({ object: 'completion' });
    }
    expect(sim.requests.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  // Divergence between src/service/validate.ts and test/doubles/simulator/validate.ts: the client lets an empty
  // stop sequence (and an empty model name) through, the simulator answers 400 invalid_request.
  // The reference says only "array of string, up to 4" and "string", so the simulator is stricter
  // than the documented contract; the client's promise that a bad request never leaves the
  // process does not hold for it. Remove `.fails` once either side is aligned.
  it('refuses locally what the service would refuse: an empty stop sequence or a blank model name', async () => {
    const { sim, client } = await setup();
    const api = client();
    await expect(api.complete({ prompt: 'x', stop: [''] })).rejects.toMatchObject({ name: 'RequestValidationError', field: 'stop' });
    await expect(api.complete({ prompt: 'x', model: ' ' })).rejects.toMatchObject({ name: 'RequestValidationError', field: 'model' });
    expect(sim.requests).toEqual([]);
  });
});
