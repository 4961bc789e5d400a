/**
 * Run-time validation of successful answers. The service is untrusted: every field is checked,
 * a missing or wrong-typed required field is an InvalidResponseError naming it, and the few
 * tolerances below are deliberate (each says why). A field the reference leaves vague is read
 * tolerant of its shape and strict about what counts: whatever cannot be read as expected
 * still counts against the change (an unknown severity is an error, a missing line cannot be
 * placed), and is shown as received; fields the reference does not name are ignored.
 */
import {InvalidResponseError} from './errors';
import { SEVERITIES } from '../domain/vocabulary';
import type { ReviewIssue } from '../domain/review-answer';
import type { CompletionResult, ReviewResult } from './types';
import type { Severity } from '../domain/vocabulary';
import { quoteValue } from '../domain/quote-value';

type Json = Record<string, unknown>;

/** How much of an unusable severity or line is kept to show; the renderers cut it further. */
const MAX_REPORTED_LENGTH = 40;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(what: string, field: string, expectation: string, value: unknown): never {
  throw new InvalidResponseError(
    `Invalid ${what} answer: ${field} must be ${expectation}, got ${quoteValue(value)}`,
    { field },
  );
}

function string(what: string, obj: Json, field: string, path = field): string {
  const value = obj[field];
  if (typeof value !== 'string') invalid(what, path, 'a string', value);
  return value;
}

function number(what: string, obj: Json, field: string, path = field): number {
  const value = obj[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(what, path, 'a number', value);
  return value;
}

function object(what: string, obj: Json, field: string): Json {
  const value = obj[field];
  if (!isObject(value)) invalid(what, field, 'an object', value);
  return value;
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

function parseIssue(entry: unknown, index: number): ReviewIssue {
  const path = `issues[${index}]`;
  if (!isObject(entry)) invalid('review', path, 'an object', entry);
  const message = string('review', entry, 'message', `${path}.message`);
  // Tolerated: a missing (or null) suggestion is ''; the reference lists it but a finding
  // without a fix is still a finding.
  const rawSuggestion = entry.suggestion;
  let suggestion = '';
  if (rawSuggestion !== undefined && rawSuggestion !== null) {
    if (typeof rawSuggestion !== 'string') invalid('review', `${path}.suggestion`, 'a string', rawSuggestion);
    suggestion = rawSuggestion;
  }
  return { ...normalizeSeverity(entry.severity), ...normalizeLine(entry.line), message, suggestion };
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

/** Tolerated: a missing or null list is []; the reference shows `[]` when there is none. */
function optionalArray(obj: Json, field: string): unknown[] {
  const value = obj[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid('review', field, 'an array', value);
  return value as unknown[];
}

/** Validates the JSON of a successful `POST /v1/agent/review` answer. */
export function parseReviewResult(body: unknown, requestId?: string): ReviewResult {
  if (!isObject(body)) invalid('review', '(body)', 'a JSON object', body);
  const model = string('review', body, 'model');
  const summary = string('review', body, 'summary');
  const rawIssues = body.issues;
  if (!Array.isArray(rawIssues)) invalid('review', 'issues', 'an array', rawIssues);
  const issues = (rawIssues as unknown[]).map(parseIssue);
  const suggestions = optionalArray(body, 'suggestions').map((s, index) => {
    if (typeof s !== 'string') invalid('review', `suggestions[${index}]`, 'a string', s);
    return s;
  });
  // Tolerated, and more: the element shape is not documented, so every element is kept as sent
  // (security-flags.ts reads each), and a single value sent instead of a list is one flag.
  // Refusing the answer would make the file "not reviewed", which `on-incomplete: pass` passes.
  const rawFlags = body.security_flags;
  const securityFlags = rawFlags === undefined || rawFlags === null ? [] : Array.isArray(rawFlags) ? (rawFlags as unknown[]) : [rawFlags];
  // Kept exactly as sent, even fractional: rounding 59.5 up to 60 would pass `min-score: 60`, so
  // the gate compares (and every surface shows) the service's own number. Outside the documented
  // 0–100 it is no score at all (150 would pass any min-score): the answer is invalid.
  const score = number('review', body, 'quality_score');
  if (score < 0 || score > 100) invalid('review', 'quality_score', 'a number from 0 to 100', score);
  const usage = object('review', body, 'usage');
  const result: ReviewResult = {
    model,
    summary,
    issues,
    suggestions,
    security_flags: [...securityFlags],
    quality_score: score,
    usage: { total_tokens: number('review', usage, 'total_tokens', 'usage.total_tokens') },
    latency_ms: number('review', body, 'latency_ms'),
  };
  if (requestId !== undefined) result.requestId = requestId;
  return result;
}

/** Validates the JSON of a successful `POST /v1/complete` answer (stream false). */
export function parseCompletionResult(body: unknown, requestId?: string): CompletionResult {
  if (!isObject(body)) invalid('completion', '(body)', 'a JSON object', body);
  const usage = object('completion', body, 'usage');
  const result: CompletionResult = {
    id: string('completion', body, 'id'),
    object: string('completion', body, 'object'),
    model: string('completion', body, 'model'),
    content: string('completion', body, 'content'),
    // Any string is accepted: the reference says values beyond `stop` and `length` may exist.
    finish_reason: string('completion', body, 'finish_reason'),
    usage: {
      prompt_tokens: number('completion', usage, 'prompt_tokens', 'usage.prompt_tokens'),
      completion_tokens: number('completion', usage, 'completion_tokens', 'usage.completion_tokens'),
      total_tokens: number('completion', usage, 'total_tokens', 'usage.total_tokens'),
    },
    latency_ms: number('completion', body, 'latency_ms'),
    created_at: string('completion', body, 'created_at'),
  };
  if (requestId !== undefined) result.requestId = requestId;
  return result;
}
