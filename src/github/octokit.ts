/**
 * The one place the GitHub client is built: `Octokit` from @octokit/rest with the retry and
 * throttling plugins, over undici's fetch with a proxy-aware dispatcher and a timeout on every
 * request. Every delay is configurable so tests never wait for real.
 *
 * Spacing of writes is not done here: plugin-throttling's own write groups (1 s between writes,
 * 3 s between notifying writes) would make even a two-write run wait; the publisher paces its
 * writes itself (see write-gate.ts). The plugin still handles GitHub's rate-limit answers.
 */
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { EnvHttpProxyAgent, Response as UndiciResponse, fetch as undiciFetch } from 'undici';
import type { Dispatcher } from 'undici';
import { VERSION } from '../domain/version';
import type { GitHubRequestCounter } from './request-count';
import { GitHubRequestLimiter } from './request-limiter';

const ReviewGateOctokit = Octokit.plugin(retry, throttling);

type Throttle = NonNullable<ConstructorParameters<typeof ReviewGateOctokit>[0]>['throttle'];
/**
 * The plugin types its limiter as the whole of Bottleneck; it calls the part request-limiter.ts
 * implements (the tests of the client run every path of the plugin through it).
 */
const PLUGIN_LIMITER = GitHubRequestLimiter as unknown as NonNullable<NonNullable<Throttle>['Bottleneck']>;
type PluginGroup = NonNullable<NonNullable<Throttle>['write']>;

/** The client every GitHub module takes. */
export type GitHubClient = InstanceType<typeof ReviewGateOctokit>;

/** Where the GitHub modules report what they do. */
export interface GitHubLog {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export interface ThrottleOptions {
  /** Retries per request after a primary or secondary rate limit (default 3). */
  maxRetries?: number;
  /** Longest wait GitHub may ask for before a retry, in seconds (default 300): past it, fail. */
  maxWaitSeconds?: number;
  /** Milliseconds per second of `retry-after`/reset wait (default 1000; tests pass 1). */
  retryAfterBaseValue?: number;
  /** Wait for a secondary rate limit that carries no `retry-after`, in seconds (default 60). */
  fallbackSecondaryRateRetryAfter?: number;
}

export interface RetryOptions {
  /** Retries of 5xx, timeouts and other transient answers (default 3). */
  retries?: number;
  /** Milliseconds per unit of the quadratic backoff (default 1000; tests pass 1). */
  retryAfterBaseValue?: number;
  /** Statuses never retried (default: 400, 401, 403, 404, 410, 422, 451). */
  doNotRetry?: number[];
}

export interface GitHubClientOptions {
  token: string;
  /** The runner's GITHUB_API_URL (GHES-aware; read by config/environment.ts); default https://api.github.com. */
  baseUrl?: string;
  /** Time allowed for one request, answer included, in ms (default 30,000). */
  timeoutMs?: number;
  /** The signal that ends a request at `timeoutMs`; default `AbortSignal.timeout`. Tests pass one they abort by hand. */
  timeoutSignal?: (ms: number) => AbortSignal;
  log?: GitHubLog;
  throttle?: ThrottleOptions;
  retry?: RetryOptions;
  /** Default: `new EnvHttpProxyAgent()` (honours HTTPS_PROXY, HTTP_PROXY, NO_PROXY). */
  dispatcher?: Dispatcher;
  /** Counts every request sent, retries included, by kind (request-count.ts). */
  counter?: GitHubRequestCounter;
}

export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;

const silentLog: GitHubLog = { debug: () => undefined, info: () => undefined, warning: () => undefined };

/** A GitHub request that got no whole answer in time; octokit reports it as a 500 and retries it. */
export class GitHubTimeoutError extends Error {
  override readonly name = 'GitHubTimeoutError' as const;
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (options.token.trim() === '') {
    throw new TypeError('Expected a GitHub token, got an empty string');
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new TypeError(`Expected \`timeoutMs\` to be an integer from 1 up, got ${String(timeoutMs)}`);
  }
  const log = options.log ?? silentLog;
  const throttle = options.throttle ?? {};
  const maxRetries = throttle.maxRetries ?? 3;
  const maxWaitSeconds = throttle.maxWaitSeconds ?? 300;

  const onLimit =
    (kind: 'rate limit' | 'secondary rate limit') =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const where = `${request.method} ${request.url}`;
      if (retryCount >= maxRetries) {
        log.warning(`GitHub ${kind} on ${where}: giving up after ${retryCount} retries`);
        return false;
      }
      if (retryAfter > maxWaitSeconds) {
        log.warning(`GitHub ${kind} on ${where}: GitHub asks to wait ${retryAfter}s, over the ${maxWaitSeconds}s bound; not retrying`);
        return false;
      }
      log.info(`GitHub ${kind} on ${where}: retrying in ${retryAfter}s (retry ${retryCount + 1} of ${maxRetries})`);
      return true;
    };

  // Groups with no spacing: the publisher's write gate is the only pacing of writes.
  const unspaced = (): PluginGroup => new GitHubRequestLimiter.Group({ maxConcurrent: 1, minTime: 0 }) as unknown as PluginGroup;

  return new ReviewGateOctokit({
    auth: options.token,
    baseUrl: resolveBaseUrl(options.baseUrl),
    userAgent: `review-gate/${VERSION}`,
    request: { fetch: timedFetch(options.dispatcher ?? new EnvHttpProxyAgent(), timeoutMs, options.timeoutSignal ?? ((ms) => AbortSignal.timeout(ms)), options.counter) },
    // @octokit/rest logs one line per request (info) or failed request (error); every failure
    // reaches the user through the caller's own message, so those lines are debug output.
    log: {
      debug: (message: string) => log.debug(message),
      info: (message: string) => log.debug(message),
      warn: (message: string) => log.warning(message),
      error: (message: string) => log.debug(message),
    },
    throttle: {
      // Bottleneck would wait a millisecond at least on a timer at each step (request-limiter.ts).
      Bottleneck: PLUGIN_LIMITER,
      write: unspaced(),
      notifications: unspaced(),
      onRateLimit: onLimit('rate limit'),
      onSecondaryRateLimit: onLimit('secondary rate limit'),
      ...(throttle.retryAfterBaseValue === undefined ? {} : { retryAfterBaseValue: throttle.retryAfterBaseValue }),
      ...(throttle.fallbackSecondaryRateRetryAfter === undefined
        ? {}
        : { fallbackSecondaryRateRetryAfter: throttle.fallbackSecondaryRateRetryAfter }),
    },
    // The plugin merges with Object.assign: an explicit undefined would erase its default.
    retry: Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, value]) => value !== undefined)),
  });
}

type FetchInput = Parameters<typeof undiciFetch>[0];
type FetchInit = NonNullable<Parameters<typeof undiciFetch>[1]>;

/**
 * undici's fetch through `dispatcher`, aborted when the answer (headers and body) has not come
 * within `timeoutMs`. A hung GitHub would otherwise hold the job until the job itself times out.
 * The body is read here, inside the timeout, so a stalled body counts too.
 */
function timedFetch(
  dispatcher: Dispatcher,
  timeoutMs: number,
  timeoutSignal: (ms: number) => AbortSignal,
  counter: GitHubRequestCounter | undefined,
): typeof globalThis.fetch {
  const timed = async (input: FetchInput, init: FetchInit = {}): Promise<UndiciResponse> => {
    counter?.count(init.method ?? 'GET', urlOf(input));
    // Node's own timed signal by default, joined to the caller's: no timer of ours to set or clear.
    const deadline = timeoutSignal(timeoutMs);
    const signal = init.signal === undefined || init.signal === null ? deadline : AbortSignal.any([init.signal, deadline]);
    try {
      const response = await undiciFetch(input, { ...init, signal, dispatcher });
      const body = await response.arrayBuffer();
      const whole = new UndiciResponse(NULL_BODY_STATUSES.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      // octokit reports the answer's URL; a constructed response has none of its own.
      Object.defineProperty(whole, 'url', { value: response.url });
      return whole;
    } catch (error) {
      if (deadline.aborted && init.signal?.aborted !== true) {
        const method = init.method ?? 'GET';
        throw new GitHubTimeoutError(`GitHub did not answer ${method} ${urlPath(input)} within ${formatSeconds(timeoutMs)}`);
      }
      throw error;
    }
  };
  return timed as unknown as typeof globalThis.fetch;
}

/** Statuses whose answer may carry no body (a Response refuses one). */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);

function urlOf(input: FetchInput): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

function urlPath(input: FetchInput): string {
  const href = urlOf(input);
  try {
    return new URL(href).pathname;
  } catch {
    return href;
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function resolveBaseUrl(explicit: string | undefined): string {
  // An empty value (an unset input or variable) means "not given", never "no URL".
  const url = explicit !== undefined && explicit.trim() !== '' ? explicit : 'https://api.github.com';
  return url.replace(/\/+$/, '');
}
