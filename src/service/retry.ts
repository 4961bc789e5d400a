/**
 * The retry policy as data, and a generic retry loop over it. Only errors the client itself
 * classified (ApiError) with a transient code are retried; anything else, including a bug or a
 * caller's abort, ends the loop at once.
 */
import { isApiError } from './errors';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Exponential backoff base: the n-th retry waits base × 2^(n-1). */
  baseDelayMs: number;
  /** Cap of the backoff. */
  maxDelayMs: number;
  /** Cap on an honoured `retry_after`. */
  maxRetryAfterMs: number;
  /**
   * 0..1, proportional jitter: a backoff delay d becomes d × (1 − jitter × random()), i.e. a
   * random value in [d × (1 − jitter), d]. It never exceeds the cap; `retry_after` is not jittered
   * (the service named the wait; the queue pauses every worker on it).
   */
  jitter: number;
  /** Error codes worth another attempt. */
  transientCodes: readonly string[];
  /**
   * HTTP statuses worth another attempt when the answer was not the service's own error body:
   * a proxy or load balancer in front of the service answering 502/503/504 with an HTML page
   * is as passing as the service's own 503 overloaded.
   */
  transientStatuses: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
  jitter: 0.2,
  transientCodes: Object.freeze(['rate_limit_exceeded', 'overloaded', 'inference_error', 'network_error', 'timeout']),
  transientStatuses: Object.freeze([502, 503, 504]),
});

/**
 * True only for an ApiError whose code the policy calls transient, or an unreadable answer with a
 * transient gateway status; unknown errors (bugs) never.
 */
export function isRetryable(error: unknown, policy: RetryPolicy): boolean {
  if (!isApiError(error)) return false;
  if (policy.transientCodes.includes(error.code)) return true;
  return error.kind === 'invalid_response' && error.status !== undefined && policy.transientStatuses.includes(error.status);
}

/**
 * The wait before retry number `retryNumber` (1 for the first retry): the error's `retry_after`
 * (seconds) when it has one, capped by `maxRetryAfterMs`; else capped exponential backoff with
 * jitter. `random` returns a number in [0, 1).
 */
export function retryDelayMs(
  error: unknown,
  retryNumber: number,
  policy: RetryPolicy,
  random: () => number,
): { ms: number; fromRetryAfter: boolean } {
  const retryAfter = isApiError(error) ? error.retryAfter : undefined;
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return { ms: Math.min(Math.round(retryAfter * 1000), policy.maxRetryAfterMs), fromRetryAfter: true };
  }
  const exponent = Math.max(0, retryNumber - 1);
  const nominal = Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
  const jitter = Math.min(1, Math.max(0, policy.jitter));
  return { ms: Math.round(nominal * (1 - jitter * random())), fromRetryAfter: false };
}

export interface RetryAttemptInfo {
  error: unknown;
  retryNumber: number;
  delayMs: number;
  fromRetryAfter: boolean;
}

export interface RetryHooks {
  /** Waits before a retry. The review queue overrides it to pause every worker on retry_after. */
  wait(ms: number, info: RetryAttemptInfo): Promise<void>;
  /** Awaited before every attempt (the queue's global pause gate). */
  beforeAttempt?(): Promise<void>;
  random?(): number;
  onRetry?(info: RetryAttemptInfo): void;
}

/**
 * Runs `operation` (attempt 1, 2, …) until it succeeds, fails with an error the policy does not
 * retry, or has been retried `policy.maxRetries` times; then rejects with the last error.
 */
export async function withRetry<T>(
  operation: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  hooks: RetryHooks,
): Promise<T> {
  const random = (): number => (hooks.random === undefined ? Math.random() : hooks.random());
  for (let attempt = 1; ; attempt += 1) {
    await hooks.beforeAttempt?.();
    try {
      return await operation(attempt);
    } catch (error) {
      const retryNumber = attempt;
      if (retryNumber > policy.maxRetries || !isRetryable(error, policy)) throw error;
      const { ms, fromRetryAfter } = retryDelayMs(error, retryNumber, policy, random);
      const info: RetryAttemptInfo = { error, retryNumber, delayMs: ms, fromRetryAfter };
      hooks.onRetry?.(info);
      await hooks.wait(ms, info);
    }
  }
}
