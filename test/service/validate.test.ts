import { describe, expect, it } from 'vitest';
import { RequestValidationError } from '../../src/service/errors';
import { validateCompletionRequest, validateReviewRequest } from '../../src/service/validate';
import type { CompletionRequest, ReviewRequest } from '../../src/service/types';

function refusal(run: () => unknown): RequestValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  throw new Error('expected the request to be refused');
}

const review = (req: unknown) => () => validateReviewRequest(req as ReviewRequest);
const complete = (req: unknown) => () => validateCompletionRequest(req as CompletionRequest);

describe('validateReviewRequest', () => {
  it('passes a full valid request through unchanged', () => {
    const req: ReviewRequest = { code: 'x = 1', language: 'go', focus_areas: ['security', 'best_practices'] };
    expect(validateReviewRequest(req)).toEqual(req);
  });

  it('leaves out optional fields that are undefined or null', () => {
    expect(validateReviewRequest({ code: 'x', language: undefined, focus_areas: null } as unknown as ReviewRequest)).toEqual({ code: 'x' });
  });

  it('refuses a request without code as missing_code', () => {
    const error = refusal(review({ language: 'python' }));
    expect(error).toMatchObject({ code: 'missing_code', field: 'code', kind: 'request_validation' });
    expect(error.message).toBe('Invalid request: code is required, got nothing');
  });

  it('refuses code that is not a string as invalid_request and quotes it', () => {
    const error = refusal(review({ code: 42 }));
    expect(error).toMatchObject({ code: 'invalid_request', field: 'code', value: '42' });
    expect(error.message).toBe('Invalid request: code must be a string, got 42');
  });

  it('refuses a language outside the five review languages', () => {
    const error = refusal(review({ code: 'x', language: 'java' }));
    expect(error.message).toBe('Invalid request: language must be one of python, javascript, typescript, go, rust, got "java"');
  });

  it('refuses focus_areas that is not an array or holds an unknown area', () => {
    expect(refusal(review({ code: 'x', focus_areas: 'security' })).field).toBe('focus_areas');
    const error = refusal(review({ code: 'x', focus_areas: ['security', 'style'] }));
    expect(error).toMatchObject({ field: 'focus_areas[1]', value: '"style"' });
  });

  it('refuses a field the reference does not list', () => {
    expect(refusal(review({ code: 'x', prompt: 'y' })).message).toContain('prompt is not a field of a review request');
  });

  it('refuses a body that is not an object', () => {
    const error = refusal(review(null));
    expect(error.field).toBe('body');
    expect(error.message).toBe('Invalid request: body must be an object, got null');
  });
});

describe('validateCompletionRequest', () => {
  it('passes a full valid request through unchanged', () => {
    const req: CompletionRequest = {
      prompt: 'def add(a, b):',
      model: 'service-1',
      max_tokens: 8000,
      temperature: 0,
      stop: ['\n\n', 'def ', 'class ', '#'],
      language: 'cpp',
      system: 'Be terse.',
    };
    expect(validateCompletionRequest(req)).toEqual(req);
  });

  it('refuses a request without prompt as missing_prompt', () => {
    expect(refusal(complete({ max_tokens: 10 }))).toMatchObject({ code: 'missing_prompt', field: 'prompt' });
  });

  it('refuses a prompt that is not a string as invalid_request', () => {
    expect(refusal(complete({ prompt: ['a'] }))).toMatchObject({ code: 'invalid_request', value: '["a"]' });
  });

  it.each([0, 9000, 1.5, '100'])('refuses max_tokens %j', (value) => {
    const error = refusal(complete({ prompt: 'p', max_tokens: value }));
    expect(error.message).toBe(`Invalid request: max_tokens must be an integer from 1 to 8000, got ${JSON.stringify(value)}`);
  });

  it.each([-0.1, 1.01, Number.NaN, '0.2'])('refuses temperature %j', (value) => {
    expect(refusal(complete({ prompt: 'p', temperature: value })).field).toBe('temperature');
  });

  it('refuses more than four stop sequences or a stop sequence that is not a string', () => {
    expect(refusal(complete({ prompt: 'p', stop: ['a', 'b', 'c', 'd', 'e'] })).message).toBe(
      'Invalid request: stop must be an array of at most 4 non-empty strings, got ["a","b","c","d","e"]',
    );
    expect(refusal(complete({ prompt: 'p', stop: ['a', 1] })).field).toBe('stop');
  });

  it('accepts java and cpp as hints but refuses an unknown language', () => {
    expect(validateCompletionRequest({ prompt: 'p', language: 'java' })).toEqual({ prompt: 'p', language: 'java' });
    expect(refusal(complete({ prompt: 'p', language: 'kotlin' })).field).toBe('language');
  });

  it('refuses a blank model name, which names no model', () => {
    const error = refusal(complete({ prompt: 'p', model: '  ' }));
    expect(error.message).toBe('Invalid request: model must be a string that is not blank (omit it for the default model), got "  "');
  });

  it('refuses model and system that are not strings', () => {
    expect(refusal(complete({ prompt: 'p', model: 1 })).field).toBe('model');
    expect(refusal(complete({ prompt: 'p', system: {} })).field).toBe('system');
  });

  it('refuses a stream field, which the client sets itself', () => {
    expect(refusal(complete({ prompt: 'p', stream: true })).field).toBe('stream');
  });

  it('renders a long offending value short', () => {
    const error = refusal(complete({ prompt: 'p', model: ['x'.repeat(500)] }));
    expect(error.value.length).toBeLessThanOrEqual(60);
  });
});
