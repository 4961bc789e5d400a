/**
 * Errors of the Code Assistance API client: one class per kind, so callers branch on `kind`
 * or `instanceof` and the retry policy classifies them by `code`. No field ever holds the API
 * key; the client redacts it from every text the service or the transport hands back.
 */
import { ExplainedError } from '../domain/errors';
import type { Redactor } from '../safety/redact';
import type { ErrorCode } from './types';

export type ApiErrorKind = 'service' | 'network' | 'timeout' | 'invalid_response' | 'request_validation';

export interface ApiErrorDetails {
  status?: number;
  requestId?: string;
  /** Seconds, as the service's `retry_after`. */
  retryAfter?: number;
  suggestion?: string;
  docsUrl?: string;
  /** The service's own `error.message`, as sent (cut to 200 characters); `message` adds context to it. */
  serviceMessage?: string;
  cause?: unknown;
}

export abstract class ApiError extends ExplainedError {
  abstract readonly kind: ApiErrorKind;
  readonly code: string;
  readonly status?: number;
  readonly requestId?: string;
  readonly retryAfter?: number;
  readonly suggestion?: string;
  readonly docsUrl?: string;
  readonly serviceMessage?: string;

  protected constructor(message: string, code: string, details: ApiErrorDetails = {}) {
    super(message, 'cause' in details ? { cause: details.cause } : undefined);
    this.code = code;
    if (details.status !== undefined) this.status = details.status;
    if (details.requestId !== undefined) this.requestId = details.requestId;
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
    if (details.suggestion !== undefined) this.suggestion = details.suggestion;
    if (details.docsUrl !== undefined) this.docsUrl = details.docsUrl;
    if (details.serviceMessage !== undefined) this.serviceMessage = details.serviceMessage;
  }
}

/** An error answer of the service; `code` is the body's `error.code`. */
export class ServiceError extends ApiError {
  override readonly name = 'ServiceError' as const;
  readonly kind = 'service' as const;

  constructor(message: string, code: string, details: ApiErrorDetails & { status: number }) {
    super(message, code, details);
  }
}

/** The connection failed or broke (refused, reset, closed early). */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError' as const;
  readonly kind = 'network' as const;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message, 'network_error', details);
  }
}

/** An attempt outlived the client's `timeoutMs`. */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError' as const;
  readonly kind = 'timeout' as const;

  constructor(message: string, details: ApiErrorDetails = {}) {
    super(message, 'timeout', details);
  }
}

/**
 * An answer the client cannot use: not JSON (a proxy's HTML 502), the wrong shape, or an error
 * status without an error object. `snippet` holds at most 200 characters of the body.
 */
export class InvalidResponseError extends ApiError {
  override readonly name = 'InvalidResponseError' as const;
  readonly kind = 'invalid_response' as const;
  readonly snippet?: string;
  /** The offending field of a wrong-shaped answer, e.g. `issues[2].message`. */
  readonly field?: string;

  constructor(message: string, details: ApiErrorDetails & { snippet?: string; field?: string } = {}) {
    super(message, 'invalid_response', details);
    if (details.snippet !== undefined) this.snippet = details.snippet;
    if (details.field !== undefined) this.field = details.field;
  }
}

export type RequestValidationCode = 'missing_code' | 'missing_prompt' | 'invalid_request';

/** A request refused before it was sent. `value` is the offending value, rendered short. */
export class RequestValidationError extends ApiError {
  override readonly name = 'RequestValidationError' as const;
  readonly kind = 'request_validation' as const;
  declare readonly code: RequestValidationCode;
  readonly field: string;
  readonly value: string;

  constructor(message: string, code: RequestValidationCode, field: string, value: string) {
    super(message, code);
    this.field = field;
    this.value = value;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for a ServiceError, and when `code` is given, only for that code. */
export function isServiceError(error: unknown, code?: ErrorCode | (string & {})): error is ServiceError {
  return error instanceof ServiceError && (code === undefined || error.code === code);
}

const SNIPPET_LIMIT = 200;

/** At most 200 characters of a body, whitespace collapsed, for messages and `snippet`. */
export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SNIPPET_LIMIT ? flat : `${flat.slice(0, SNIPPET_LIMIT - 1)}…`;
}

/**
 * Redacts the secrets from every text of an ApiError (message, stack and string fields), in
 * place: a service or a caller may echo the key into what an error quotes.
 */
export function redactError<E>(error: E, redactor: Redactor): E {
  if (!(error instanceof ApiError)) return error;
  const fields = error as unknown as Record<string, unknown>;
  for (const name of ['message', 'stack', ...Object.keys(error)]) {
    const value = fields[name];
    if (typeof value !== 'string') continue;
    const redacted = redactor.text(value);
    if (redacted !== value) fields[name] = redacted;
  }
  return error;
}

/** The `error` object of an answer when it has the reference's shape (a non-empty string code). */
export function errorObjectOf(body: unknown): (Record<string, unknown> & { code: string }) | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as Record<string, unknown>).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as Record<string, unknown>).code;
  return typeof code === 'string' && code !== '' ? (error as Record<string, unknown> & { code: string }) : undefined;
}

/** Builds a ServiceError from the `error` object of an answer (body or stream). */
export function serviceErrorFromObject(
  error: Record<string, unknown> & { code: string },
  context: { status: number; requestId?: string; retryAfterHeader?: number },
  service: string,
): ServiceError {
  const code = error.code;
  const message = typeof error.message === 'string' ? snippetOf(error.message) : '';
  const requestId = typeof error.request_id === 'string' && error.request_id !== '' ? error.request_id : context.requestId;
  const retryAfter =
    typeof error.retry_after === 'number' && Number.isFinite(error.retry_after) && error.retry_after >= 0
      ? error.retry_after
      : context.retryAfterHeader;
  const text = `${service} answered ${context.status} ${code}${message === '' ? '' : `: ${message}`}${
    requestId === undefined ? '' : ` (request ${requestId})`
  }`;
  return new ServiceError(text, code, {
    status: context.status,
    requestId,
    retryAfter,
    suggestion: typeof error.suggestion === 'string' ? error.suggestion : undefined,
    docsUrl: typeof error.docs_url === 'string' ? error.docs_url : undefined,
    ...(message === '' ? {} : { serviceMessage: message }),
  });
}
