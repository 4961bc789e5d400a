/**
 * The error catalogue of the Code Assistance API (reference, "Errors"): status and remedy per
 * code, and the one body shape every error answer has.
 */
import type { ErrorBody, ErrorCode } from '../../../src/service/types';

/** Where the simulator's `docs_url` points; the code is appended as the anchor. */
export const DOCS_URL = 'https://docs.code-assistance.example/errors';

interface CatalogueEntry {
  status: number;
  /** The reference's "Remedy" column, sent as `error.suggestion`. */
  remedy: string;
}

export const ERROR_CATALOGUE: Readonly<Record<ErrorCode, CatalogueEntry>> = {
  authentication_failed: { status: 401, remedy: 'Use a valid key with the svc_live_ prefix.' },
  insufficient_scope: { status: 403, remedy: 'Use a key with the required scopes.' },
  invalid_request: { status: 400, remedy: 'Check the body against the reference; JSON must be valid.' },
  missing_code: { status: 400, remedy: 'Include code.' },
  missing_prompt: { status: 400, remedy: 'Include prompt.' },
  rate_limit_exceeded: { status: 429, remedy: 'Use exponential backoff, or a higher plan.' },
  daily_limit_exceeded: { status: 429, remedy: 'Wait for the reset at midnight IST or upgrade.' },
  inference_error: { status: 500, remedy: 'Retry with exponential backoff.' },
  context_too_long: {
    status: 400,
    remedy: 'Shorten the input, clear memories, or split the request.',
  },
  sandbox_timeout: { status: 408, remedy: 'Remove infinite loops and simplify the code.' },
  memory_limit_exceeded: { status: 400, remedy: 'Delete unused memories.' },
  overloaded: { status: 503, remedy: 'Retry after retry_after seconds.' },
  invalid_framework: {
    status: 400,
    remedy: 'Omit framework for auto-detection or use a supported one.',
  },
  invalid_level: { status: 400, remedy: 'Use beginner, intermediate or expert.' },
  invalid_focus: { status: 400, remedy: 'Use bug, code or both.' },
  extraction_failed: { status: 500, remedy: 'Retry with simpler code.' },
};

/** An error the simulator is about to send, before it gets its request id. */
export interface SimulatedError {
  code: ErrorCode;
  message: string;
  /** Overrides the catalogue's status (fault injection only). */
  status?: number;
  retryAfter?: number;
}

/** The documented error body; `retry_after` only when the error carries one. */
export function errorBody(error: SimulatedError, requestId: string): ErrorBody {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      suggestion: ERROR_CATALOGUE[error.code].remedy,
      docs_url: `${DOCS_URL}#${error.code}`,
      request_id: requestId,
    },
  };
  if (error.retryAfter !== undefined) body.error.retry_after = error.retryAfter;
  return body;
}

export function statusOf(error: SimulatedError): number {
  return error.status ?? ERROR_CATALOGUE[error.code].status;
}
