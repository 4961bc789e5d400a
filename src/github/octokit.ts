/**
 * The one place an Octokit is built: @actions/github's client plus the throttling and retry
 * plugins, with every delay configurable so tests never wait for real.
 */
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';

/** The client every GitHub module takes. */
export type GitHubClient = ReturnType<typeof getOctokit>;

/** Where the GitHub modules report what they do. */
export interface GitHubLog {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export interface ThrottleOptions {
  /**
   * Minimum spacing of write requests, in ms. Unset keeps plugin-throttling's own spacing
   * (1 s between writes, 3 s between writes that notify, such as reviews and issue comments).
   */
  minWriteIntervalMs?: number;
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
  /** Retries of 5xx and other transient answers (default 3). */
  retries?: number;
  /** Milliseconds per unit of the quadratic backoff (default 1000; tests pass 1). */
  retryAfterBaseValue?: number;
  /** Statuses never retried (default: 400, 401, 403, 404, 410, 422, 451). */
  doNotRetry?: number[];
}

export interface GitHubClientOptions {
  token: string;
  /** Defaults to GITHUB_API_URL (set by the runner, GHES-aware), then https://api.github.com. */
  baseUrl?: string;
  log?: GitHubLog;
  throttle?: ThrottleOptions;
  retry?: RetryOptions;
}

const silentLog: GitHubLog = { debug: () => undefined, info: () => undefined, warning: () => undefined };

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (options.token.trim() === '') {
    throw new TypeError('Expected a GitHub token, got an empty string');
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

  // plugin-throttling spaces writes with process-wide limiters unless given its own; the
  // publisher spaces writes itself, so callers may shrink (tests: 0) this second spacing.
  const writeGroups =
    throttle.minWriteIntervalMs === undefined
      ? {}
      : {
          write: new Bottleneck.Group({ maxConcurrent: 1, minTime: throttle.minWriteIntervalMs }),
          notifications: new Bottleneck.Group({ maxConcurrent: 1, minTime: throttle.minWriteIntervalMs }),
        };

  return getOctokit(
    options.token,
    {
      baseUrl: resolveBaseUrl(options.baseUrl),
      log: {
        debug: (message: string) => log.debug(message),
        info: (message: string) => log.info(message),
        warn: (message: string) => log.warning(message),
        error: (message: string) => log.warning(message),
      },
      throttle: {
        ...writeGroups,
        onRateLimit: onLimit('rate limit'),
        onSecondaryRateLimit: onLimit('secondary rate limit'),
        ...(throttle.retryAfterBaseValue === undefined ? {} : { retryAfterBaseValue: throttle.retryAfterBaseValue }),
        ...(throttle.fallbackSecondaryRateRetryAfter === undefined
          ? {}
          : { fallbackSecondaryRateRetryAfter: throttle.fallbackSecondaryRateRetryAfter }),
      },
      // The plugin merges with Object.assign: an explicit undefined would erase its default.
      retry: Object.fromEntries(Object.entries(options.retry ?? {}).filter(([, value]) => value !== undefined)),
    },
    // The order octokit's docs use: throttling sees rate limits, retry sees transient failures.
    retry,
    throttling,
  );
}

function resolveBaseUrl(explicit: string | undefined): string {
  // An empty value (an unset input or variable) means "not given", never "no URL".
  const url = [explicit, process.env.GITHUB_API_URL].find((u) => u !== undefined && u.trim() !== '') ?? 'https://api.github.com';
  return url.replace(/\/+$/, '');
}
