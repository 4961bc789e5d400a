/**
 * The typed client of the Code Assistance API. Requests are validated before they leave, every
 * answer is validated before it is returned, and transient failures are retried per policy.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { EnvHttpProxyAgent } from 'undici';
import { createRedactor } from '../safety/redact';
import type { Redactor } from '../safety/redact';
import { VERSION } from '../domain/version';
import { InvalidResponseError, redactError } from './errors';
import { attempt, headerValue, readJson } from './http';
import type { Transport } from './http';
import { checkApiKey, checkTimeout, normalizeBaseUrl, realTimer, resolveRetryPolicy } from './options';
import type { ClientOptions } from './options';
import { parseCompletionResult, parseReviewResult } from './response';
import { withRetry } from './retry';
import type { RetryHooks, RetryPolicy } from './retry';
import { LiveCompletionStream } from './stream';
import type { CompletionStream } from './stream';
import type { CompletionRequest, CompletionResult, ReviewRequest, ReviewResult, ReviewService } from './types';
import { validateCompletionRequest, validateReviewRequest } from './validate';

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides of the retry hooks (wait, beforeAttempt, random, onRetry) for this call. */
  hooks?: Partial<RetryHooks>;
}

/** The review operation's path under the base URL. */
export const REVIEW_PATH = '/v1/agent/review';
const COMPLETE_PATH = '/v1/complete';

export class CodeAssistanceClient implements ReviewService {
  /** The retry policy in force (defaults with the options' overrides). */
  readonly retryPolicy: RetryPolicy;
  private readonly transport: Transport;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(options: ClientOptions) {
    const warning = checkApiKey(options.apiKey);
    this.transport = {
      baseUrl: normalizeBaseUrl(options.baseUrl),
      apiKey: options.apiKey,
      redactor: createRedactor([options.apiKey, ...(options.secrets ?? [])]),
      timeoutMs: checkTimeout(options.timeoutMs),
      startTimer: options.startTimer ?? realTimer,
      userAgent: options.userAgent ?? `review-gate/${VERSION}`,
      dispatcher: options.dispatcher ?? new EnvHttpProxyAgent(),
      now: options.now ?? Date.now,
    };
    this.retryPolicy = resolveRetryPolicy(options.retry);
    // The real timer wakes on the caller's abort, so a long retry_after does not hold it up.
    this.sleep = options.sleep ?? ((ms, signal) => delay(ms, undefined, signal === undefined ? undefined : { signal }));
    this.random = options.random ?? Math.random;
    if (warning !== undefined) options.onWarning?.(warning);
  }

  /** Reviews one file's code; validated, and retried per the policy. */
  async review(request: ReviewRequest, options: CallOptions = {}): Promise<ReviewResult> {
    const body = this.checked(() => validateReviewRequest(request));
    return await this.retrying((signal) => this.sendReview(body, signal), options);
  }

  /** One review attempt, no retry (the review queue runs its own loop with `withRetry`). */
  async reviewOnce(request: ReviewRequest, options: { signal?: AbortSignal } = {}): Promise<ReviewResult> {
    return await this.sendReview(this.checked(() => validateReviewRequest(request)), options.signal);
  }

  /** A completion as one JSON answer (`stream: false`); validated, and retried per the policy. */
  async complete(request: CompletionRequest, options: CallOptions = {}): Promise<CompletionResult> {
    const body = { ...this.checked(() => validateCompletionRequest(request)), stream: false };
    return await this.retrying(
      (signal) =>
        attempt(this.transport, { path: COMPLETE_PATH, body, accept: 'application/json', service: 'Completion service', signal }, async (response) =>
          parseAnswer(response, parseCompletionResult, await readJson(response, this.transport, 'Completion service'), this.transport.redactor),
        ),
      options,
    );
  }

  /**
   * A streamed completion (`stream: true`). The request is validated now (a RequestValidationError
   * is thrown here) and sent when the stream is first read. Opening it is retried per the policy;
   * once deltas flow, a failure is thrown to the reader, never retried (deltas would repeat).
   */
  completeStream(request: CompletionRequest, options: CallOptions = {}): CompletionStream {
    const body = { ...this.checked(() => validateCompletionRequest(request)), stream: true };
    const open = () =>
      this.retrying(
        (signal) =>
          attempt(
            this.transport,
            { path: COMPLETE_PATH, body, accept: 'text/event-stream, application/json', service: 'Completion service', signal },
            (response) => Promise.resolve(response),
          ),
        options,
      );
    return new LiveCompletionStream(open, this.transport, options.signal);
  }

  /** Runs a request check; a refusal that quotes the key (say, pasted into `stop`) is redacted. */
  private checked<T>(check: () => T): T {
    try {
      return check();
    } catch (error) {
      throw redactError(error, this.transport.redactor);
    }
  }

  private async sendReview(body: Record<string, unknown>, signal: AbortSignal | undefined): Promise<ReviewResult> {
    return await attempt(this.transport, { path: REVIEW_PATH, body, accept: 'application/json', service: 'Review service', signal }, async (response) =>
      parseAnswer(response, parseReviewResult, await readJson(response, this.transport, 'Review service'), this.transport.redactor),
    );
  }

  private async retrying<T>(operation: (signal: AbortSignal | undefined) => Promise<T>, options: CallOptions): Promise<T> {
    const { signal, hooks = {} } = options;
    // Hooks are called on their object: a queue may pass methods that use `this`.
    return await withRetry(() => operation(signal), this.retryPolicy, {
      wait: async (ms, info) => {
        try {
          await (hooks.wait === undefined ? this.sleep(ms, signal) : hooks.wait(ms, info));
        } catch (error) {
          throw signal?.aborted === true ? signal.reason : error;
        }
        if (signal?.aborted === true) throw signal.reason;
      },
      beforeAttempt: async () => {
        if (signal?.aborted === true) throw signal.reason;
        await hooks.beforeAttempt?.();
      },
      random: () => (hooks.random === undefined ? this.random() : hooks.random()),
      onRetry: (info) => hooks.onRetry?.(info),
    });
  }
}

/** Builds the client; throws a TypeError for a bad option (the key is never quoted). */
export function createClient(options: ClientOptions): CodeAssistanceClient {
  return new CodeAssistanceClient(options);
}

/**
 * Validates a successful answer; a wrong-shaped one becomes an InvalidResponseError carrying the
 * status and request id, which is what support needs to trace it. A valid answer is where the
 * service's text enters the program, so the secrets are redacted from it right here: a service
 * that echoes the key must not get it posted to a pull request.
 */
function parseAnswer<T>(
  response: { statusCode: number; headers: Parameters<typeof headerValue>[0] },
  parse: (body: unknown, requestId?: string) => T,
  body: unknown,
  redactor: Redactor,
): T {
  const requestId = headerValue(response.headers, 'x-request-id');
  try {
    return redactor.deep(parse(body, requestId));
  } catch (error) {
    if (!(error instanceof InvalidResponseError)) throw error;
    throw new InvalidResponseError(requestId === undefined ? error.message : `${error.message} (request ${requestId})`, {
      status: response.statusCode,
      ...(requestId === undefined ? {} : { requestId }),
      ...(error.field === undefined ? {} : { field: error.field }),
      ...(error.snippet === undefined ? {} : { snippet: error.snippet }),
    });
  }
}
