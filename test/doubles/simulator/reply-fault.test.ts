import { describe, expect, it } from 'vitest';
import { harness, review } from './helpers';

describe('the reply fault', () => {
  it('answers with what the function builds from the request, before authentication, then serves normally', async () => {
    const { sim } = await harness();
    const seen: Array<{ path: string; body: string; authorization: string | undefined }> = [];
    sim.inject({
      kind: 'reply',
      path: '/v1/agent/review',
      reply: (request) => {
        seen.push(request);
        return { status: 201, body: { echoed: request.authorization } };
      },
    });
    const answer = await review(sim, { code: 'x = 1\n' }, { key: 'svc_live_not_a_known_key_0000' });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ echoed: 'Bearer svc_live_not_a_known_key_0000' });
    expect(answer.headers.get('x-request-id')).toMatch(/^svc_req_/);
    expect(seen).toEqual([{ path: '/v1/agent/review', body: '{"code":"x = 1\\n"}', authorization: 'Bearer svc_live_not_a_known_key_0000' }]);
    expect(sim.requests.map((r) => [r.status, r.fault])).toEqual([[201, 'reply']]);

    expect((await review(sim, { code: 'x = 1\n' })).status).toBe(200);
  });

  it('answers 200 by default and refuses a reply that is not a function', async () => {
    const { sim } = await harness();
    sim.inject({ kind: 'reply', reply: () => ({ body: [1, 2] }) });
    expect((await review(sim, {})).status).toBe(200);
    expect(() => sim.inject({ kind: 'reply', reply: 'nope' as unknown as () => { body: unknown } })).toThrow(TypeError);
  });
});
