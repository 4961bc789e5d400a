/**
 * Body validation for the two operations, per the reference's parameter tables. Unknown fields
 * are ignored; `null` counts as absent. Each error message names the field.
 */
import { COMPLETION_LANGUAGES, type CompletionLanguage } from '../../../src/service/types';
import { FOCUS_AREAS, REVIEW_LANGUAGES, type FocusArea, type ReviewLanguage } from '../../../src/domain/vocabulary';
import type { SimulatedError } from './errors';

export interface ValidReviewRequest {
  code: string;
  language: ReviewLanguage;
  /** Empty: every area (absent, null and `[]` all mean that). */
  focusAreas: FocusArea[];
}

export interface ValidCompletionRequest {
  prompt: string;
  model: string;
  maxTokens: number;
  temperature: number;
  stop: string[];
  stream: boolean;
  language?: CompletionLanguage;
  system?: string;
}

export const DEFAULT_MODEL = 'service-1';
export const DEFAULT_MAX_TOKENS = 500;
export const DEFAULT_TEMPERATURE = 0.2;
export const MAX_STOP_SEQUENCES = 4;

type Result<T> = { ok: true; value: T } | { ok: false; error: SimulatedError };

class InvalidField extends Error {
  override name = 'InvalidField' as const;
}

function invalid(message: string): { ok: false; error: SimulatedError } {
  return { ok: false, error: { code: 'invalid_request', message } };
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The body as a JSON object, or the 400 to send. */
export function parseJsonObject(raw: string): Result<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return invalid('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return invalid(`The request body must be a JSON object; got ${show(parsed)}.`);
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new InvalidField(`Field '${field}' must be a string; got ${show(value)}.`);
  }
  return value;
}

function oneOf<T extends string>(
  body: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidField(
      `Field '${field}' must be one of ${allowed.join(', ')}; got ${show(value)}.`,
    );
  }
  return value as T;
}

function guard<T>(build: () => T): Result<T> {
  try {
    return { ok: true, value: build() };
  } catch (error) {
    if (error instanceof InvalidField) return invalid(error.message);
    throw error;
  }
}

export function validateReview(body: Record<string, unknown>): Result<ValidReviewRequest> {
  if (body.code === undefined || body.code === null) {
    return { ok: false, error: { code: 'missing_code', message: "Field 'code' is required." } };
  }
  return guard(() => {
    const code = optionalString(body, 'code') as string;
    const language = oneOf(body, 'language', REVIEW_LANGUAGES) ?? 'python';
    const areas = body.focus_areas;
    const focusAreas: FocusArea[] = [];
    if (areas !== undefined && areas !== null) {
      if (!Array.isArray(areas)) {
        throw new InvalidField(`Field 'focus_areas' must be an array; got ${show(areas)}.`);
      }
      for (const area of areas as unknown[]) {
        if (typeof area !== 'string' || !(FOCUS_AREAS as readonly string[]).includes(area)) {
          throw new InvalidField(
            `Field 'focus_areas' may only hold ${FOCUS_AREAS.join(', ')}; got ${show(area)}.`,
          );
        }
        focusAreas.push(area as FocusArea);
      }
    }
    return { code, language, focusAreas };
  });
}

export function validateCompletion(body: Record<string, unknown>): Result<ValidCompletionRequest> {
  if (body.prompt === undefined || body.prompt === null) {
    return { ok: false, error: { code: 'missing_prompt', message: "Field 'prompt' is required." } };
  }
  return guard(() => {
    const prompt = optionalString(body, 'prompt') as string;
    const model = optionalString(body, 'model') ?? DEFAULT_MODEL;
    if (model.trim() === '') throw new InvalidField("Field 'model' must not be empty.");

    let maxTokens = DEFAULT_MAX_TOKENS;
    if (body.max_tokens !== undefined && body.max_tokens !== null) {
      const value = body.max_tokens;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 8000) {
        throw new InvalidField(
          `Field 'max_tokens' must be an integer from 1 to 8000; got ${show(value)}.`,
        );
      }
      maxTokens = value;
    }

    let temperature = DEFAULT_TEMPERATURE;
    if (body.temperature !== undefined && body.temperature !== null) {
      const value = body.temperature;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
        throw new InvalidField(`Field 'temperature' must be a number from 0 to 1; got ${show(value)}.`);
      }
      temperature = value;
    }

    const stop: string[] = [];
    if (body.stop !== undefined && body.stop !== null) {
      const value = body.stop;
      if (!Array.isArray(value) || value.some((s) => typeof s !== 'string' || s === '')) {
        throw new InvalidField(
          `Field 'stop' must be an array of non-empty strings; got ${show(value)}.`,
        );
      }
      if (value.length > MAX_STOP_SEQUENCES) {
        throw new InvalidField(
          `Field 'stop' holds at most ${MAX_STOP_SEQUENCES} sequences; got ${value.length}.`,
        );
      }
      stop.push(...(value as string[]));
    }

    let stream = false;
    if (body.stream !== undefined && body.stream !== null) {
      if (typeof body.stream !== 'boolean') {
        throw new InvalidField(`Field 'stream' must be a boolean; got ${show(body.stream)}.`);
      }
      stream = body.stream;
    }

    const request: ValidCompletionRequest = { prompt, model, maxTokens, temperature, stop, stream };
    const language = oneOf(body, 'language', COMPLETION_LANGUAGES);
    if (language !== undefined) request.language = language;
    const system = optionalString(body, 'system');
    if (system !== undefined) request.system = system;
    return request;
  });
}
