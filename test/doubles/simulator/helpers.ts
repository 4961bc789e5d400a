/** Shared test plumbing: a simulator on a fake clock and a plain-fetch caller. */
import { afterEach, expect } from 'vitest';
import type { ErrorBody } from '../../../src/service/types';
import {
  DEMO_KEY,
  startSimulator,
  type CompletionAnswer,
  type ReviewAnswer,
  type RunningSimulator,
  type SimulatorOptions,
} from './index';

/** Whatever an answer may hold; each test reads the part its operation sends. */
export type Body = Partial<ReviewAnswer> & Partial<CompletionAnswer> & Partial<ErrorBody>;

/** Wednesday 2025-01-15 10:00:00 UTC = 15:30 IST. */
export const T0 = Date.parse('2025-01-15T10:00:00.000Z');

export interface Harness {
  sim: RunningSimulator;
  clock: { now: number };
  slept: number[];
}

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

/** A simulator whose clock is `clock.now` and whose latency faults only record the wait. */
export async function harness(options: SimulatorOptions = {}): Promise<Harness> {
  const clock = { now: T0 };
  const slept: number[] = [];
  const sim = await startSimulator({
    now: () => clock.now,
    sleep: (ms) => {
      slept.push(ms);
      return Promise.resolve();
    },
    ...options,
  });
  running.push(sim);
  return { sim, clock, slept };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or `{}` when the body is not JSON. */
  json: Body;
}

export async function call(
  sim: RunningSimulator,
  path: string,
  body: unknown,
  init: { key?: string | null; method?: string; headers?: Record<string, string>; raw?: string; redirect?: 'follow' | 'manual' } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
  const key = init.key === undefined ? DEMO_KEY : init.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const method = init.method ?? 'POST';
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' ? undefined : (init.raw ?? JSON.stringify(body)),
    redirect: init.redirect ?? 'follow',
  });
  const text = await response.text();
  let json: Body = {};
  try {
    json = JSON.parse(text) as Body;
  } catch {
    // Left as {}: the test reads `text`.
  }
  return { status: response.status, headers: response.headers, text, json };
}

export const review = (sim: RunningSimulator, body: unknown, init?: Parameters<typeof call>[3]) =>
  call(sim, '/v1/agent/review', body, init);
export const complete = (sim: RunningSimulator, body: unknown, init?: Parameters<typeof call>[3]) =>
  call(sim, '/v1/complete', body, init);

/** Checks the documented error body and the matching X-Request-Id header; returns `error`. */
export function expectError(answer: Answer, status: number, code: string): ErrorBody['error'] {
  expect({ status: answer.status, code: answer.json.error?.code }).toEqual({ status, code });
  const error = answer.json.error!;
  const fields = ['code', 'docs_url', 'message', 'request_id', 'suggestion'];
  if ('retry_after' in error) fields.push('retry_after');
  expect(Object.keys(error).sort()).toEqual(fields.sort());
  expect(error.message).toEqual(expect.any(String));
  expect(error.suggestion).toEqual(expect.any(String));
  expect(error.docs_url).toMatch(new RegExp(`^https://.+#${code}$`));
  expect(error.request_id).toMatch(/^svc_req_/);
  expect(answer.headers.get('x-request-id')).toBe(error.request_id);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return error;
}
