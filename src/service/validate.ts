/**
 * Requests are checked against the reference's parameter tables before they are sent, so a bad
 * request never leaves the process. Each check returns the body to send: only known fields,
 * with `undefined`/`null` optional fields left out (the service then applies its defaults). The
 * fields are read through their shapes (domain/shape.ts); a field the reference does not list is
 * refused, not dropped, since the caller meant something by it.
 */
import { RequestValidationError } from './errors';
import type { RequestValidationCode } from './errors';
import { COMPLETION_LANGUAGES } from './types';
import { FOCUS_AREAS, REVIEW_LANGUAGES } from '../domain/vocabulary';
import type { CompletionRequest, ReviewRequest } from './types';
import { quoteValue } from '../domain/quote-value';
import { ShapeError, list, object, oneOf, optional, refine, string, such } from '../domain/shape';
import type { Optional, Shape } from '../domain/shape';

const MAX_TOKENS_LIMIT = 8000;
const MAX_STOP_SEQUENCES = 4;

const REVIEW_FIELDS = {
  code: string,
  language: optional(oneOf(REVIEW_LANGUAGES)),
  focus_areas: optional(list(oneOf(FOCUS_AREAS))),
};

const isTokenCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_TOKENS_LIMIT;
const isTemperature = (value: unknown): value is number => typeof value === 'number' && value >= 0 && value <= 1;
// An empty stop sequence would match everywhere; the service refuses it.
const isStopList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_STOP_SEQUENCES && value.every((s) => typeof s === 'string' && s !== '');

// In the order the body has always been sent in.
const COMPLETION_FIELDS = {
  prompt: string,
  // A blank model id names no model; the service refuses it rather than use its default.
  model: optional(refine(string, 'a string that is not blank (omit it for the default model)', (model) => model.trim() !== '')),
  system: optional(string),
  max_tokens: optional(such(`an integer from 1 to ${MAX_TOKENS_LIMIT}`, isTokenCount)),
  temperature: optional(such('a number from 0 to 1', isTemperature)),
  stop: optional(such(`an array of at most ${MAX_STOP_SEQUENCES} non-empty strings`, isStopList)),
  language: optional(oneOf(COMPLETION_LANGUAGES)),
};

function refuse(field: string, expectation: string, shown: string, code: RequestValidationCode = 'invalid_request'): never {
  throw new RequestValidationError(`Invalid request: ${field} ${expectation}, got ${shown}`, code, field, shown);
}

/**
 * The body to send: `request` read through `fields`, refusing a field they do not name. The one
 * required field (`code`, `prompt`) missing is its own error code, as the service would answer.
 */
function checked(
  request: unknown,
  fields: Record<string, Shape<unknown> | Optional<unknown>>,
  operation: string,
  required: string,
  missingCode: RequestValidationCode,
): Record<string, unknown> {
  const allowed = Object.keys(fields);
  if (typeof request === 'object' && request !== null && !Array.isArray(request)) {
    for (const [key, value] of Object.entries(request)) {
      if (!allowed.includes(key)) refuse(key, `is not a field of a ${operation} request (allowed: ${allowed.join(', ')})`, quoteValue(value));
    }
  }
  try {
    return object(fields)(request, '');
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    if (error.absent && error.path === required) refuse(required, 'is required', error.shown, missingCode);
    return refuse(error.path === '' ? 'body' : error.path, `must be ${error.expected}`, error.shown);
  }
}

/** Checks a review request; returns the JSON body to send. */
export function validateReviewRequest(request: ReviewRequest): Record<string, unknown> {
  return checked(request, REVIEW_FIELDS, 'review', 'code', 'missing_code');
}

/** Checks a completion request; returns the JSON body to send (without `stream`). */
export function validateCompletionRequest(request: CompletionRequest): Record<string, unknown> {
  const body = checked(request, COMPLETION_FIELDS, 'completion', 'prompt', 'missing_prompt');
  // The caller's own list stays the caller's: the body holds a copy.
  if (Array.isArray(body.stop)) body.stop = [...(body.stop as string[])];
  return body;
}
