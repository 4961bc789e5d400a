import { describe, expect, it } from 'vitest';
import { harness, review } from './helpers';

describe('a fault matched on the request body', () => {
  it('answers only requests whose body contains the text, in injection order, leaving the others to the rules', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'answer', patch: { quality_score: 40 }, path: '/v1/agent/review', bodyContains: 'legacy_base' });
    sim.inject({ kind: 'answer', patch: { quality_score: 45 }, path: '/v1/agent/review', bodyContains: 'legacy_head' });

    const head = await review(sim, { code: 'legacy_head = 1\n', language: 'python' });
    const other = await review(sim, { code: 'unrelated = 1\n', language: 'python' });
    const base = await review(sim, { code: 'legacy_base = 1\n', language: 'python' });

    expect([head.json.quality_score, other.json.quality_score, base.json.quality_score]).toEqual([45, 100, 40]);
    expect(sim.requests.map((r) => r.fault)).toEqual(['answer', undefined, 'answer']);
  });

  it('refuses an empty text to match', async () => {
    const { sim } = await harness();
    expect(() => sim.inject({ kind: 'overloaded', bodyContains: '' })).toThrow('Expected `bodyContains` to be a non-empty string; got "".');
  });
});
