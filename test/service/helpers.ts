import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach } from 'vitest';
import { createClient } from '../../src/service/client';
import type { ClientOptions } from '../../src/service/options';

export const ORIGIN = 'https://api.test.example';
export const API_KEY = 'svc_live_TESTKEY0123456789abcdef';

export interface RecordedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A MockAgent that refuses real connections, plus a log of the requests it answered. */
export function mockService() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool = agent.get(ORIGIN);
  const requests: RecordedRequest[] = [];
  const record = (opts: { path: string; method: string; headers?: unknown; body?: unknown }) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries((opts.headers ?? {}) as Record<string, string>)) headers[k.toLowerCase()] = v;
    requests.push({ path: opts.path, method: opts.method, headers, body: JSON.parse(String(opts.body)) });
  };
  /** Answers the next request(s) to `path` with `status` and `data` (an object is sent as JSON). */
  const answer = (path: string, status: number, data: unknown, headers: Record<string, string> = {}) =>
    pool.intercept({ path, method: 'POST' }).reply((opts) => {
      record(opts);
      const isText = typeof data === 'string';
      return {
        statusCode: status,
        data: isText ? data : JSON.stringify(data),
        responseOptions: { headers: { 'content-type': isText ? 'text/html' : 'application/json', ...headers } },
      };
    });
  return { agent, pool, requests, answer };
}

export type MockService = ReturnType<typeof mockService>;

/**
 * A fresh `mockService()` for every test of the calling file: after each test it checks that no
 * answer set up was left unused, closes the agent and starts the next one. The returned object
 * always reaches the current test's mock.
 */
export function useMockService(): MockService {
  let current = mockService();
  afterEach(async () => {
    current.agent.assertNoPendingInterceptors();
    await current.agent.close();
    current = mockService();
  });
  return {
    get agent() {
      return current.agent;
    },
    get pool() {
      return current.pool;
    },
    get requests() {
      return current.requests;
    },
    answer: (...args) => current.answer(...args),
  };
}

/** A client on the mock, with sleeps recorded instead of waited. */
export function clientOn(agent: MockAgent | ClientOptions['dispatcher'], overrides: Partial<ClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createClient({
    apiKey: API_KEY,
    baseUrl: ORIGIN,
    dispatcher: agent,
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    random: () => 0,
    ...overrides,
  });
  return { client, sleeps };
}

/** A local HTTP server on 127.0.0.1, port 0; `handler` writes what each test chooses. */
export async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  let hits = 0;
  const server: Server = createServer((req, res) => {
    hits += 1;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return hits;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const REVIEW_OK = {
  model: 'service-1',
  summary: 'Mostly fine.',
  issues: [{ severity: 'error', line: 3, message: 'Null dereference', suggestion: 'Check for null' }],
  suggestions: ['Add tests'],
  security_flags: [],
  quality_score: 72,
  usage: { total_tokens: 321 },
  latency_ms: 840,
};

export const COMPLETION_OK = {
  id: 'cmpl_123',
  object: 'completion',
  model: 'service-1',
  content: 'return a + b',
  finish_reason: 'stop',
  usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  latency_ms: 120,
  created_at: '2025-01-01T00:00:00Z',
};

export function errorBody(code: string, extra: Record<string, unknown> = {}) {
  return {
    error: {
      code,
      message: `Something about ${code}`,
      suggestion: 'Do the right thing',
      docs_url: `https://docs.example/errors#${code}`,
      ...extra,
    },
  };
}

export { rejectionOf } from '../support/reference';
