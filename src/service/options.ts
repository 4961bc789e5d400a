/**
 * The client's options: read, defaulted and validated in one place. Argument errors are
 * TypeErrors that quote the bad value (never the API key) and state what is expected.
 */
import { apiKeyFormatProblem, quotableUrl } from '../safety/credentials';
import type { Dispatcher } from 'undici';

import { DEFAULT_RETRY_POLICY } from './retry';
import type { RetryPolicy } from './retry';
import { quoteValue } from '../domain/quote-value';

export const KEY_PREFIX = 'svc_live_';
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface ClientOptions {
  /** The service key (`svc_live_…`); sent only in the Authorization header. */
  apiKey: string;
  /** Base URL without `/v1`, e.g. `https://api.example.com`; a trailing slash is tolerated. */
  baseUrl: string;
  /** Per attempt (and, in a stream, per idle gap between chunks); default 60000. */
  timeoutMs?: number;
  /** Overrides of DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  /** Default `review-gate/<VERSION>`. */
  userAgent?: string;
  /** Default: `new EnvHttpProxyAgent()` (honours HTTPS_PROXY, HTTP_PROXY, NO_PROXY). */
  dispatcher?: Dispatcher;
  /**
   * Starts the timer of an attempt's deadline and of each quiet spell of a stream (`timeoutMs`);
   * returns what stops it. Default a real timer; tests pass one they fire by hand.
   */
  startTimer?: StartTimer;
  /** Waits between retries; default a real timer. Tests inject one that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  /** The clock a `Retry-After` date is read against, ms since the epoch; default Date.now. */
  now?: () => number;
  /** For jitter; default Math.random. */
  random?: () => number;
  /** Told about doubtful settings, e.g. a key without the `svc_live_` prefix. */
  onWarning?: (message: string) => void;
  /**
   * Other secrets to keep out of every answer and error, e.g. the GitHub token of the run. The
   * key itself always is.
   */
  secrets?: readonly string[];
}

/** Calls `fire` after `ms` unless the returned function is called first. */
export type StartTimer = (ms: number, fire: () => void) => () => void;

export const realTimer: StartTimer = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/** The base URL, normalized: http(s), no trailing slash, not ending in `/v1`. */
export function normalizeBaseUrl(value: unknown): string {
  const expected = 'Expected an http(s) URL without /v1, e.g. https://api.example.com';
  if (typeof value !== 'string') throw new TypeError(`Invalid baseUrl ${quoteValue(value)}. ${expected}.`);
  const shown = quotableUrl(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`Invalid baseUrl '${shown}'. ${expected}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(`Invalid baseUrl '${shown}': it must not contain credentials. ${expected}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Invalid baseUrl '${shown}': the protocol must be http or https. ${expected}.`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError(`Invalid baseUrl '${shown}': it must not have a query or fragment. ${expected}.`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/i.test(path)) {
    throw new TypeError(`Invalid baseUrl '${shown}': it must not end in /v1 (the client adds it). ${expected}.`);
  }
  return `${url.origin}${path}`;
}

/** Checks the key without ever quoting it; returns a warning for a missing prefix. */
export function checkApiKey(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError('Invalid apiKey: expected a non-empty string (a key starting with svc_live_).');
  }
  const problem = apiKeyFormatProblem(value);
  if (problem !== undefined) throw new TypeError(`Invalid apiKey: ${problem} (the key is not shown).`);
  return value.startsWith(KEY_PREFIX)
    ? undefined
    : `The API key does not start with ${KEY_PREFIX}; the service will likely answer 401 authentication_failed.`;
}

export function checkTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new TypeError(`Invalid timeoutMs ${quoteValue(value)}. Expected an integer number of milliseconds from 1 and up.`);
  }
  return value;
}

/** DEFAULT_RETRY_POLICY with the overrides applied, each checked. */
export function resolveRetryPolicy(overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  if (!Number.isInteger(policy.maxRetries) || policy.maxRetries < 0) {
    throw new TypeError(`Invalid retry.maxRetries ${quoteValue(policy.maxRetries)}. Expected an integer from 0 and up.`);
  }
  for (const key of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const ms = policy[key];
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(`Invalid retry.${key} ${quoteValue(ms)}. Expected a number of milliseconds from 0 and up.`);
    }
  }
  if (typeof policy.jitter !== 'number' || !(policy.jitter >= 0 && policy.jitter <= 1)) {
    throw new TypeError(`Invalid retry.jitter ${quoteValue(policy.jitter)}. Expected a number from 0 to 1.`);
  }
  if (!Array.isArray(policy.transientCodes) || !policy.transientCodes.every((c) => typeof c === 'string')) {
    throw new TypeError('Invalid retry.transientCodes. Expected an array of error codes.');
  }
  return policy;
}
