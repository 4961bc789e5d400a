import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, RequestValidationError } from '../../../src/service/errors';
import type { CodeAssistanceClient } from '../../../src/service/client';
import type { CompletionRequest, ReviewRequest } from '../../../src/service/types';
import { ERROR_CODES } from '../../../src/service/types';
import { DEFAULT_KEYS, REVIEW_ONLY_KEY } from '../../doubles/simulator';
import type { RunningSimulator } from '../../doubles/simulator';
import { everythingShownBy, expectNoSecret, rejectionOf, setup, thrownBy } from './helpers';

const SECRET = 'svc_live_S3CR3T_integration_only_0001';
const CODE = { code: 'x = 1\n' };
const PROMPT = { prompt: 'def add(a, b):' };

interface Scenario {
  name: string;
  /** The key the client sends; defaults to SECRET. */
  apiKey?: string;
  run(api: CodeAssistanceClient, sim: RunningSimulator): Promise<unknown>;
}

const failing = (promise: Promise<unknown>) => rejectionOf(promise);

const SCENARIOS: Scenario[] = [
  {
    name: 'every injected error code',
    async run(api, sim) {
      const errors: unknown[] = [];
      for (const code of ERROR_CODES) {
        sim.inject({ kind: 'error', code });
        errors.push(await failing(api.reviewOnce(CODE)));
      }
      return errors;
    },
  },
  { name: 'a wrong key answered 401', apiKey: 'svc_live_S3CR3T_but_unknown_0002', run: (api) => failing(api.review(CODE)) },
  { name: 'a review-only key answered 403 on completion', apiKey: REVIEW_ONLY_KEY, run: (api) => failing(api.complete(PROMPT)) },
  { name: 'a review-only key answered 403 on a stream', apiKey: REVIEW_ONLY_KEY, run: (api) => failing(api.completeStream(PROMPT).text()) },
  {
    name: 'the RPM window answered 429',
    async run(api) {
      await api.reviewOnce(CODE);
      return await failing(api.reviewOnce(CODE));
    },
  },
  {
    name: 'inference_error with retries exhausted',
    run: (api, sim) => {
      sim.inject({ kind: 'inference_error', times: 10 });
      return failing(api.review(CODE));
    },
  },
  {
    name: 'the proxy HTML 502, cut-off JSON and wrong-shaped answers',
    async run(api, sim) {
      const errors: unknown[] = [];
      for (const kind of ['html_502', 'malformed_json', 'wrong_shape'] as const) {
        sim.inject({ kind });
        errors.push(await failing(api.reviewOnce(CODE)));
        // Two: the 502 is retried once (maxRetries 1 in this suite).
        sim.inject({ kind, times: 2 });
        errors.push(await failing(api.complete(PROMPT)));
        sim.clearFaults();
        sim.inject({ kind, times: 2 });
        errors.push(await failing(api.completeStream(PROMPT).text()));
        sim.clearFaults();
      }
      return errors;
    },
  },
  {
    name: 'requests that quote the key and are refused locally',
    async run(api) {
      return [
        await failing(api.review({ code: 'x', language: SECRET } as unknown as ReviewRequest)),
        await failing(api.complete({ prompt: 'x', stop: [SECRET, 'b', 'c', 'd', 'e'] })),
        await failing(api.complete({ prompt: 'x', model: SECRET, max_tokens: 9000 })),
        thrownBy(() => api.completeStream({ prompt: 'x', language: SECRET } as unknown as CompletionRequest)),
      ];
    },
  },
  {
    name: 'a connection refused after the simulator closed',
    async run(api, sim) {
      await sim.close();
      const error = await failing(api.review(CODE));
      expect(error).toBeInstanceOf(NetworkError);
      return error;
    },
  },
];

describe('the API key never shows in an error', () => {
  it.each(SCENARIOS)('keeps the key out of every error for $name', async (scenario) => {
    const apiKey = scenario.apiKey ?? SECRET;
    const { sim, client } = await setup({ keys: [...DEFAULT_KEYS, { key: SECRET, scopes: ['review', 'complete'], rpm: 1 }] });
    const outcome = await scenario.run(client({ apiKey, retry: { maxRetries: 1 } }), sim);
    const errors = Array.isArray(outcome) ? outcome : [outcome];
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expectNoSecret(error, apiKey);
      // A key shares its first characters with every other key; the part after the prefix must
      // not show either.
      expect(everythingShownBy(error)).not.toContain(apiKey.slice('svc_live_'.length));
    }
  });

  it('would see a key hidden deep in a cause, so the sweep above can fail', () => {
    const cause = new Error('socket closed');
    Object.defineProperty(cause, 'request', { value: { headers: { authorization: `Bearer ${SECRET}` } }, enumerable: false });
    expect(everythingShownBy(new NetworkError('Review service failed', { cause }))).toContain(SECRET);
  });

  it('redacts the key a caller pasted into a refused request, keeping the refusal readable', async () => {
    const { sim, client } = await setup({ keys: [{ key: SECRET, scopes: ['complete'] }] });
    const error = await rejectionOf(client({ apiKey: SECRET }).complete({ prompt: 'x', stop: [SECRET, 'b', 'c', 'd', 'e'] }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).value).toContain('[redacted]');
    expect((error as RequestValidationError).message).toContain('stop');
    expect(sim.requests).toEqual([]);
  });
});
