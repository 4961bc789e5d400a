import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../../src/service/errors';
import type { CompletionRequest, ReviewRequest } from '../../../src/service/types';
import { rejectionOf, setup, thrownBy } from './helpers';

const badReviews: Array<[string, unknown, string]> = [
  ['a review in cobol', { code: 'x', language: 'cobol' }, 'language'],
  ['a review without code', { language: 'python' }, 'code'],
  ['a review with an unknown focus area', { code: 'x', focus_areas: ['style'] }, 'focus_areas[0]'],
  ['a review with a field the reference does not list', { code: 'x', lang: 'go' }, 'lang'],
];

const badCompletions: Array<[string, unknown, string]> = [
  ['a completion with max_tokens 9000', { prompt: 'x', max_tokens: 9000 }, 'max_tokens'],
  ['a completion with 5 stop strings', { prompt: 'x', stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
  ['a completion without a prompt', { max_tokens: 10 }, 'prompt'],
  ['a completion with temperature 1.5', { prompt: 'x', temperature: 1.5 }, 'temperature'],
  ['a completion in cobol', { prompt: 'x', language: 'cobol' }, 'language'],
];

describe('bad requests are refused before they leave the process', () => {
  it.each(badReviews)('refuses %s locally: the simulator sees no request', async (_name, request, field) => {
    const { sim, client, sleeps } = await setup();
    const api = client();
    for (const call of [() => api.review(request as ReviewRequest), () => api.reviewOnce(request as ReviewRequest)]) {
      const error = await rejectionOf(call());
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
    }
    expect(sim.requests).toEqual([]);
    expect(sleeps).toEqual([]);
  });

  it.each(badCompletions)('refuses %s locally, plain and streamed: the simulator sees no request', async (_name, request, field) => {
    const { sim, client, sleeps } = await setup();
    const api = client();
    const plain = await rejectionOf(api.complete(request as CompletionRequest));
    const streamed = thrownBy(() => api.completeStream(request as CompletionRequest));
    for (const error of [plain, streamed]) {
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).field).toBe(field);
    }
    expect(sim.requests).toEqual([]);
    expect(sleeps).toEqual([]);
  });

  it('gives missing code and missing prompt the codes the service would have used', async () => {
    const { sim, client } = await setup();
    const api = client();
    await expect(api.reviewOnce({} as ReviewRequest)).rejects.toMatchObject({ code: 'missing_code' });
    await expect(api.complete({} as CompletionRequest)).rejects.toMatchObject({ code: 'missing_prompt' });
    expect(sim.requests).toEqual([]);
  });
});
