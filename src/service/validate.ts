/**
 * Requests are checked against the reference's parameter tables before they are sent, so a bad
 * request never leaves the process. Each check returns the body to send: only known fields,
 * with `undefined`/`null` optional fields left out (the service then applies its defaults).
 */
import {RequestValidationError} from './errors';
import type { RequestValidationCode } from './errors';
import { COMPLETION_LANGUAGES } from './types';
import { FOCUS_AREAS, REVIEW_LANGUAGES } from '../domain/vocabulary';
import type { CompletionRequest, ReviewRequest } from './types';
import { quoteValue } from '../domain/quote-value';

const MAX_TOKENS_LIMIT = 8000;
const MAX_STOP_SEQUENCES = 4;

const REVIEW_FIELDS = ['code', 'language', 'focus_areas'] as const;
const COMPLETION_FIELDS = ['prompt', 'model', 'max_tokens', 'temperature', 'stop', 'language', 'system'] as const;

function refuse(field: string, expectation: string, value: unknown, code: RequestValidationCode = 'invalid_request'): never {
  const shown = quoteValue(value);
  throw new RequestValidationError(`Invalid request: ${field} ${expectation}, got ${shown}`, code, field, shown);
}

function asBody(request: unknown, allowed: readonly string[], operation: string): Record<string, unknown> {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    refuse('body', `of a ${operation} must be an object`, request);
  }
  const body = request as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) refuse(key, `is not a field of a ${operation} request (allowed: ${allowed.join(', ')})`, body[key]);
  }
  return body;
}

function requireString(body: Record<string, unknown>, field: string, missingCode: RequestValidationCode): string {
  const value = body[field];
  if (value === undefined || value === null) refuse(field, 'is required', value, missingCode);
  if (typeof value !== 'string') refuse(field, 'must be a string', value);
  return value;
}

function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

function checkOneOf(field: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) refuse(field, `must be one of ${allowed.join(', ')}`, value);
}

/** Checks a review request; returns the JSON body to send. */
export function validateReviewRequest(request: ReviewRequest): Record<string, unknown> {
  const body = asBody(request, REVIEW_FIELDS, 'review');
  const out: Record<string, unknown> = { code: requireString(body, 'code', 'missing_code') };
  if (!isAbsent(body.language)) {
    checkOneOf('language', body.language, REVIEW_LANGUAGES);
    out.language = body.language;
  }
  const focus = body.focus_areas;
  if (!isAbsent(focus)) {
    if (!Array.isArray(focus)) refuse('focus_areas', `must be an array of ${FOCUS_AREAS.join(', ')}`, focus);
    focus.forEach((area: unknown, index) => checkOneOf(`focus_areas[${index}]`, area, FOCUS_AREAS));
    out.focus_areas = [...(focus as unknown[])];
  }
  return out;
}

/** Checks a completion request; returns the JSON body to send (without `stream`). */
export function validateCompletionRequest(request: CompletionRequest): Record<string, unknown> {
  const body = asBody(request, COMPLETION_FIELDS, 'completion');
  const out: Record<string, unknown> = { prompt: requireString(body, 'prompt', 'missing_prompt') };
  for (const field of ['model', 'system'] as const) {
    const value = body[field];
    if (isAbsent(value)) continue;
    if (typeof value !== 'string') refuse(field, 'must be a string', value);
    // A blank model id names no model; the service refuses it rather than use its default.
    if (field === 'model' && value.trim() === '') refuse(field, 'must not be blank (omit it for the default model)', value);
    out[field] = value;
  }
  const maxTokens = body.max_tokens;
  if (!isAbsent(maxTokens)) {
    if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1 || maxTokens > MAX_TOKENS_LIMIT) {
      refuse('max_tokens', `must be an integer from 1 to ${MAX_TOKENS_LIMIT}`, maxTokens);
    }
    out.max_tokens = maxTokens;
  }
  const temperature = body.temperature;
  if (!isAbsent(temperature)) {
    if (typeof temperature !== 'number' || !Number.isFinite(temperature) || temperature < 0 || temperature > 1) {
      refuse('temperature', 'must be a number from 0 to 1', temperature);
    }
    out.temperature = temperature;
  }
  const stop = body.stop;
  if (!isAbsent(stop)) {
    // An empty stop sequence would match everywhere; the service refuses it.
    if (!Array.isArray(stop) || stop.length > MAX_STOP_SEQUENCES || !stop.every((s): s is string => typeof s === 'string' && s !== '')) {
      refuse('stop', `must be an array of at most ${MAX_STOP_SEQUENCES} non-empty strings`, stop);
    }
    out.stop = [...stop];
  }
  if (!isAbsent(body.language)) {
    checkOneOf('language', body.language, COMPLETION_LANGUAGES);
    out.language = body.language;
  }
  return out;
}
