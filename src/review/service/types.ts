/**
 * Wire types of the Code Assistance API, as `shared/reference/code-assistance-api.md` describes
 * them. Request types are what callers may send; result types are what the client hands back
 * after run-time validation (see `response.ts`), never the raw JSON. The languages, focus areas
 * and severities are the pipeline's vocabulary too, so they are defined in domain/vocabulary.ts.
 */
import { REVIEW_LANGUAGES } from '../../domain/vocabulary';
import type { FocusArea, ReviewLanguage, Severity } from '../../domain/vocabulary';

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

export interface ReviewIssue {
  /** Normalized severity; an unknown or missing one counts as `error` (see `reportedSeverity`). */
  severity: Severity;
  /**
   * The severity as the service sent it, when it was not one of `SEVERITIES`: the string itself,
   * or the JSON of a value of another type (`3`, `null`; `nothing` when it was missing).
   */
  reportedSeverity?: string;
  /**
   * The line the service named. Kept as sent when it is a number (even 0, negative or
   * fractional) so the locate stage can label it impossible; `null` when it was missing or not a
   * number at all.
   */
  line: number | null;
  /** The JSON of a line that was neither a number nor missing (`"12"`, `true`), to show it. */
  reportedLine?: string;
  message: string;
  suggestion: string;
}

/**
 * One element of `security_flags`, read whatever its shape (security-flags.ts): like an issue, a
 * severity (unknown or missing: `error`), a line (missing: `null`), a message and a suggestion,
 * plus what a flag may name besides.
 */
export interface SecurityFlag extends ReviewIssue {
  /** Its `type`, `rule`, `id` or `category`, when it gave one. */
  kind?: string;
  /** Its CWE number, when it gave one that reads as one (`"CWE-89"`, `"89"` or `89`). */
  cwe?: number;
}

export interface ReviewResult {
  model: string;
  summary: string;
  issues: ReviewIssue[];
  suggestions: string[];
  /**
   * The element shape is not documented: kept as sent (and so in the result cache), and read by
   * `parseSecurityFlags` when the answer is located.
   */
  security_flags: unknown[];
  /** As sent: the reference says an integer 0–100, but a fractional or out-of-range one is kept. */
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
