/** The Code Assistance API client: the one import path for the rest of the action. */
export { CodeAssistanceClient, createClient } from './client';
export type { CallOptions } from './client';
export type { ClientOptions } from './options';
export {
  ApiError,
  InvalidResponseError,
  NetworkError,
  RequestValidationError,
  ServiceError,
  TimeoutError,
  isApiError,
  isServiceError,
} from './errors';
export type { ApiErrorDetails, ApiErrorKind, RequestValidationCode } from './errors';
export { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, withRetry } from './retry';
export type { RetryAttemptInfo, RetryHooks, RetryPolicy } from './retry';
export type { CompletionStream } from './stream';
export { SseParser } from './sse';
export type { SseEvent } from './sse';
export { validateCompletionRequest, validateReviewRequest } from './validate';
export { parseCompletionResult, parseReviewResult } from './response';
export * from './types';
