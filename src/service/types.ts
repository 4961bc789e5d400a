/**
 * Wire types of the Code Assistance API, as `shared/reference/code-assistance-api.md` describes
 * them. Request types are what callers may send; result types are what the client hands back
 * after run-time validation (see `response.ts`), never the raw JSON. The languages, focus areas
 * and severities are the pipeline's vocabulary too, so they are defined in domain/vocabulary.ts.
 */
import { REVIEW_LANGUAGES } from '../domain/vocabulary';
import type { FocusArea, ReviewLanguage } from '../domain/vocabulary';
import type { ReviewIssue } from '../domain/review-answer';

/** Language hints the completion operation accepts. */
export const COMPLETION_LANGUAGES = [...REVIEW_LANGUAGES, 'java', 'cpp'] as const;
export type CompletionLanguage = (typeof COMPLETION_LANGUAGES)[number];

/** Every error code of the reference's table. */
export const ERROR_CODES = [
  'authentication_failed',
  'insufficient_scope',
  'invalid_request',
  'missing_code',
  'missing_prompt',
  'rate_limit_exceeded',
  'daily_limit_exceeded',
  'inference_error',
  'context_too_long',
  'sandbox_timeout',
  'memory_limit_exceeded',
  'overloaded',
  'invalid_framework',
  'invalid_level',
  'invalid_focus',
  'extraction_failed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ReviewRequest {
  /** Full code to review. */
  code: string;
  /** Defaults to `python` on the service. */
  language?: ReviewLanguage;
  /** Omitted or null: the service's default focus. */
  focus_areas?: FocusArea[];
}

export interface ReviewResult {
  model: string;
  summary: string;
  issues: ReviewIssue[];
  suggestions: string[];
  /**
   * The element shape is not documented: kept as sent (and so in the result cache), and read by
   * `parseSecurityFlags` (security-flags.ts) when the pipeline hands the answer to the locate stage.
   */
  security_flags: unknown[];
  /** As sent: the reference says an integer 0–100; a fractional one is kept, one outside 0–100 refused (response.ts). */
  quality_score: number;
  usage: { total_tokens: number };
  latency_ms: number;
  /** The `X-Request-Id` of the answer, when the service sent one. */
  requestId?: string;
}

export interface CompletionRequest {
  prompt: string;
  model?: string;
  /** Integer 1–8000. */
  max_tokens?: number;
  /** 0–1. */
  temperature?: number;
  /** At most 4. */
  stop?: string[];
  language?: CompletionLanguage;
  system?: string;
}

export interface CompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface CompletionResult {
  id: string;
  object: string;
  model: string;
  content: string;
  /** `stop`, `length`, or another value the service may add. */
  finish_reason: string;
  usage: CompletionUsage;
  latency_ms: number;
  created_at: string;
  requestId?: string;
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    suggestion?: string;
    docs_url?: string;
    request_id?: string;
    retry_after?: number;
  };
}

/** The part of the client the review pipeline needs; tests pass a plain object. */
export interface ReviewService {
  review(request: ReviewRequest, options?: { signal?: AbortSignal }): Promise<ReviewResult>;
}
