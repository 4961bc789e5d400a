import { describe, expect, it } from 'vitest';
import { complete, expectError, harness, review } from './helpers';

const CODE = { code: 'x = eval(y)\n', language: 'python' };

describe('the answer fault', () => {
  it('patches top-level fields of the next review answers and leaves the rest as the rules give it', async () => {
    const { sim } = await harness();
    const plain = await review(sim, CODE);
    const issues = [{ severity: 'CRITICAL', line: 0, message: 'nowhere' }];
    sim.inject({ kind: 'answer', patch: { quality_score: 59.5, issues }, times: 2, path: '/v1/agent/review' });

    const first = await review(sim, CODE);
    const second = await review(sim, CODE);
    const after = await review(sim, CODE);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ...plain.json, quality_score: 59.5, issues });
    expect(second.json).toEqual(first.json);
    expect(after.json).toEqual(plain.json);
    expect(sim.requests.map((r) => r.fault)).toEqual([undefined, 'answer', 'answer', undefined]);
  });

  it('leaves out a field patched to undefined', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'answer', patch: { summary: undefined } });
    const answer = await review(sim, CODE);
    expect(answer.status).toBe(200);
    expect(answer.json).not.toHaveProperty('summary');
    expect(answer.json).toHaveProperty('quality_score');
  });

  it('still authenticates and validates: an error answer is sent unchanged', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'answer', patch: { quality_score: 1 } });
    expectError(await review(sim, CODE, { key: null }), 401, 'authentication_failed');
  });

  it('patches a completion answer too, but not a stream', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'answer', patch: { content: 'patched' }, times: 2 });
    expect((await complete(sim, { prompt: 'def add(' })).json.content).toBe('patched');
    const streamed = await complete(sim, { prompt: 'def add(', stream: true });
    expect(streamed.text).not.toContain('patched');
    expect(streamed.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('refuses a patch that is not an object', async () => {
    const { sim } = await harness();
    expect(() => sim.inject({ kind: 'answer', patch: [] as unknown as Record<string, unknown> })).toThrow(
      'Expected `patch` to be an object of answer fields; got [].',
    );
  });
});
