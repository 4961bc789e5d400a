/**
 * Run-time validation of successful answers. The service is untrusted: every field is checked,
 * a missing or wrong-typed required field is an InvalidResponseError naming it, and the few
 * tolerances below are deliberate (each says why). A field the reference leaves vague is read
 * tolerant of its shape and strict about what counts: whatever cannot be read as expected
 * still counts against the change (an unknown severity is an error, a missing line cannot be
 * placed), and is shown as received; fields the reference does not name are ignored.
 */
import { InvalidResponseError } from './errors';
import { SEVERITIES } from '../domain/vocabulary';
import type { ReviewIssue } from '../domain/review-answer';
import type { CompletionResult, ReviewResult } from './types';
import type { Severity } from '../domain/vocabulary';
import { quoteValue } from '../domain/quote-value';
import { ShapeError, anything, list, number, object, optional, refine, string } from '../domain/shape';
import type { Shape } from '../domain/shape';

/** How much of an unusable severity or line is kept to show; the renderers cut it further. */
const MAX_REPORTED_LENGTH = 40;

/** `body` read as `shape`, or an InvalidResponseError naming the field (`(body)` for the answer itself) and the value. */
function readAnswer<T>(what: 'review' | 'completion', shape: Shape<T>, body: unknown): T {
  try {
    return shape(body, '');
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    const field = error.path === '' ? '(body)' : error.path;
    throw new InvalidResponseError(`Invalid ${what} answer: ${field} must be ${error.expected}, got ${error.shown}`, { field, cause: error });
  }
}

/**
 * A case or spacing variant of a known severity (`ERROR`, ` Warning `) is that severity. Anything
 * else — an unknown word (`CRITICAL`, `blocker`), a number, null, or no severity at all — fails
 * closed: it counts as `error`, with what was received kept in `reportedSeverity` so every
 * surface can show it. Rejecting the answer instead would turn the file into "not reviewed",
 * which `on-incomplete: pass` lets through together with the answer's other findings.
 */
export function normalizeSeverity(reported: unknown): Pick<ReviewIssue, 'severity' | 'reportedSeverity'> {
  if (typeof reported === 'string') {
    const lower = reported.trim().toLowerCase();
    const known = SEVERITIES.find((s) => s === lower);
    if (known !== undefined) return { severity: known };
  }
  const shown = typeof reported === 'string' ? reported : quoteValue(reported, MAX_REPORTED_LENGTH);
  return { severity: 'error' satisfies Severity, reportedSeverity: shown };
}

/**
 * Tolerated: a line that is not a positive integer is kept when it is a number (0, negative,
 * fractional) and null otherwise, so the locate stage can label the finding instead of losing it;
 * a line of another type (`"12"`, `true`) is kept as text to show where the finding is listed.
 */
export function normalizeLine(reported: unknown): Pick<ReviewIssue, 'line' | 'reportedLine'> {
  if (typeof reported === 'number') return { line: reported };
  if (reported === undefined || reported === null) return { line: null };
  return { line: null, reportedLine: quoteValue(reported, MAX_REPORTED_LENGTH) };
}

const ISSUE = object({
  // Read tolerantly, by normalizeSeverity and normalizeLine above.
  severity: anything,
  line: anything,
  message: string,
  // Tolerated: a missing (or null) suggestion is ''; the reference lists it but a finding
  // without a fix is still a finding.
  suggestion: optional(string),
});

const REVIEW = object({
  model: string,
  summary: string,
  issues: list(ISSUE),
  // Tolerated: a missing or null list is []; the reference shows `[]` when there is none.
  suggestions: optional(list(string)),
  // Tolerated, and more: the element shape is not documented, so every element is kept as sent
  // (security-flags.ts reads each), and a single value sent instead of a list is one flag.
  // Refusing the answer would make the file "not reviewed", which `on-incomplete: pass` passes.
  security_flags: (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? [...(value as unknown[])] : [value]),
  // Kept exactly as sent, even fractional: rounding 59.5 up to 60 would pass `min-score: 60`, so
  // the gate compares (and every surface shows) the service's own number. Outside the documented
  // 0–100 it is no score at all (150 would pass any min-score): the answer is invalid.
  quality_score: refine(number, 'a number from 0 to 100', (score) => score >= 0 && score <= 100),
  usage: object({ total_tokens: number }),
  latency_ms: number,
});

/** Validates the JSON of a successful `POST /v1/agent/review` answer. */
export function parseReviewResult(body: unknown, requestId?: string): ReviewResult {
  const { issues, suggestions, ...rest } = readAnswer('review', REVIEW, body);
  const result: ReviewResult = {
    ...rest,
    issues: issues.map(({ severity, line, message, suggestion }) => ({ ...normalizeSeverity(severity), ...normalizeLine(line), message, suggestion: suggestion ?? '' })),
    suggestions: suggestions ?? [],
  };
  if (requestId !== undefined) result.requestId = requestId;
  return result;
}

const COMPLETION = object({
  // Read first, as it always was: a body that is no completion at all is named by its usage.
  usage: object({ prompt_tokens: number, completion_tokens: number, total_tokens: number }),
  id: string,
  object: string,
  model: string,
  content: string,
  // Any string is accepted: the reference says values beyond `stop` and `length` may exist.
  finish_reason: string,
  latency_ms: number,
  created_at: string,
});

/** Validates the JSON of a successful `POST /v1/complete` answer (stream false). */
export function parseCompletionResult(body: unknown, requestId?: string): CompletionResult {
  const result: CompletionResult = readAnswer('completion', COMPLETION, body);
  if (requestId !== undefined) result.requestId = requestId;
  return result;
}
