import { describe, expect, it } from 'vitest';
import { complete, expectError, harness, review } from './helpers';

describe('review body validation', () => {
  it('answers 400 missing_code when code is absent', async () => {
    const { sim } = await harness();
    const error = expectError(await review(sim, { language: 'python' }), 400, 'missing_code');
    expect(error.message).toBe("Field 'code' is required.");
    expect(error.suggestion).toBe('Include code.');
  });

  it('answers 400 invalid_request for a body that is not JSON', async () => {
    const { sim } = await harness();
    const answer = await review(sim, undefined, { raw: '{"code": "x"' });
    expect(expectError(answer, 400, 'invalid_request').message).toBe('The request body is not valid JSON.');
  });

  it('answers 400 invalid_request for a JSON body that is not an object', async () => {
    const { sim } = await harness();
    expectError(await review(sim, ['code']), 400, 'invalid_request');
  });

  it.each([
    [{ code: 42 }, "Field 'code' must be a string; got 42."],
    [{ code: 'x', language: 'java' }, "Field 'language' must be one of python, javascript, typescript, go, rust; got \"java\"."],
    [{ code: 'x', focus_areas: 'security' }, "Field 'focus_areas' must be an array; got \"security\"."],
    [{ code: 'x', focus_areas: ['style'] }, "Field 'focus_areas' may only hold security, performance, readability, best_practices; got \"style\"."],
  ])('answers 400 invalid_request naming the field for %j', async (body, message) => {
    const { sim } = await harness();
    expect(expectError(await review(sim, body), 400, 'invalid_request').message).toBe(message);
  });

  it('answers 400 context_too_long when the code exceeds the context window', async () => {
    const { sim } = await harness({ contextLimitTokens: 10 });
    expect((await review(sim, { code: 'x'.repeat(40) })).status).toBe(200);
    const error = expectError(await review(sim, { code: 'x'.repeat(41) }), 400, 'context_too_long');
    expect(error.message).toBe('The code is about 11 tokens; the context window holds 10.');
  });
});

describe('completion body validation', () => {
  it('answers 400 missing_prompt when prompt is absent', async () => {
    const { sim } = await harness();
    const error = expectError(await complete(sim, { max_tokens: 10 }), 400, 'missing_prompt');
    expect(error.suggestion).toBe('Include prompt.');
  });

  it.each([
    ['prompt', { prompt: ['a'] }],
    ['max_tokens', { prompt: 'a', max_tokens: 0 }],
    ['max_tokens', { prompt: 'a', max_tokens: 8001 }],
    ['max_tokens', { prompt: 'a', max_tokens: 2.5 }],
    ['temperature', { prompt: 'a', temperature: 1.5 }],
    ['temperature', { prompt: 'a', temperature: '0.2' }],
    ['stop', { prompt: 'a', stop: ['1', '2', '3', '4', '5'] }],
    ['stop', { prompt: 'a', stop: 'END' }],
    ['stream', { prompt: 'a', stream: 'yes' }],
    ['language', { prompt: 'a', language: 'cobol' }],
    ['system', { prompt: 'a', system: 7 }],
    ['model', { prompt: 'a', model: 3 }],
  ])("answers 400 invalid_request naming '%s' for a bad value", async (field, body) => {
    const { sim } = await harness();
    const error = expectError(await complete(sim, body), 400, 'invalid_request');
    expect(error.message).toContain(`'${field}'`);
  });

  it('accepts the edges of each documented range', async () => {
    const { sim } = await harness();
    const body = { prompt: 'a', max_tokens: 8000, temperature: 0, stop: ['1', '2', '3', '4'] };
    expect((await complete(sim, body)).status).toBe(200);
    expect((await complete(sim, { prompt: 'a', max_tokens: 1, temperature: 1 })).status).toBe(200);
  });

  it('counts the system text toward the context window', async () => {
    const { sim } = await harness({ contextLimitTokens: 5 });
    expect((await complete(sim, { prompt: 'x'.repeat(12), system: 'y'.repeat(8) })).status).toBe(200);
    const answer = await complete(sim, { prompt: 'x'.repeat(12), system: 'y'.repeat(9) });
    expect(expectError(answer, 400, 'context_too_long').message).toBe(
      'The prompt plus system is about 6 tokens; the context window holds 5.',
    );
  });
});
