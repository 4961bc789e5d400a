import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../doubles/simulator';
import type { FaultRequest } from '../../doubles/simulator';
import { setup } from './helpers';

const TOKEN = 'ghs_the_runs_github_token_0001';

/** A valid review answer that quotes the caller's key in every text field, in several forms. */
function echoingReview(request: FaultRequest) {
  const key = (request.authorization ?? '').replace(/^Bearer /, '');
  return {
    body: {
      model: `model ${key}`,
      summary: `Your key is ${key}; the token ${TOKEN}.`,
      issues: [{ severity: 'error', line: 1, message: `leaked ${encodeURIComponent(key)}`, suggestion: `use ${[...key].join('\u200b')}` }],
      suggestions: [`rotate ${JSON.stringify(key)}`],
      security_flags: [{ type: 'echo', detail: key }],
      quality_score: 10,
      usage: { total_tokens: 5 },
      latency_ms: 1,
    },
  };
}

describe('a service that echoes the key in its answer', () => {
  it('hands back every text of the review with the key and the other secrets redacted', async () => {
    const { sim, client } = await setup();
    sim.inject({ kind: 'reply', reply: echoingReview });
    const result = await client({ secrets: [TOKEN] }).reviewOnce({ code: 'x = 1\n' });

    expect(JSON.stringify(result)).not.toContain(DEMO_KEY);
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(result.summary).toBe('Your key is [redacted]; the token [redacted].');
    expect(result.issues[0]).toMatchObject({ severity: 'error', line: 1, message: 'leaked [redacted]', suggestion: 'use [redacted]' });
    expect(result.suggestions).toEqual(['rotate "[redacted]"']);
    expect(result.security_flags).toEqual([{ type: 'echo', detail: '[redacted]' }]);
  });

  it('redacts a completion answer too', async () => {
    const { sim, client } = await setup();
    sim.inject({
      kind: 'reply',
      reply: (request) => ({
        body: {
          id: 'cmpl_1', object: 'completion', model: 'service-1', content: `key: ${request.authorization ?? ''}`,
          finish_reason: 'stop', usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 }, latency_ms: 1,
          created_at: '2025-01-15T10:00:00.000Z',
        },
      }),
    });
    const result = await client().complete({ prompt: 'x' });
    expect(result.content).toBe('key: Bearer [redacted]');
  });
});
