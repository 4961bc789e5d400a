import { describe, expect, it } from 'vitest';
import { ShapeError, anything, boolean, integer, list, nullable, number, object, oneOf, optional, refine, string } from '../../src/domain/shape';
import type { Shape } from '../../src/domain/shape';
import { EntryShapeError, readEntry } from '../../src/github/entry-shape';
import { InvalidResponseError, RequestValidationError } from '../../src/service/errors';
import { parseReviewResult } from '../../src/service/response';
import { validateReviewRequest } from '../../src/service/validate';
import type { ReviewRequest } from '../../src/service/types';
import { REVIEW_OK } from '../service/helpers';

/** The ShapeError reading `value` as `shape` throws. */
function refusal(shape: Shape<unknown>, value: unknown): ShapeError {
  try {
    shape(value, '');
  } catch (error) {
    expect(error).toBeInstanceOf(ShapeError);
    return error as ShapeError;
  }
  throw new Error('expected a ShapeError');
}

const ISSUES = object({ issues: list(object({ line: integer, message: string })) });
const issue = (line: unknown) => ({ line, message: 'm' });

describe('a shape', () => {
  it('reads exactly the fields it names, and keeps no other', () => {
    const read = ISSUES({ issues: [{ line: 3, message: 'm', extra: true }], other: 'x' }, '');
    expect(read).toEqual({ issues: [{ line: 3, message: 'm' }] });
  });

  it('names a nested field by its path, with what it expected and the value it got', () => {
    const error = refusal(ISSUES, { issues: [issue(1), issue(2), issue('12')] });
    expect(error).toMatchObject({ path: 'issues[2].line', expected: 'a whole number', shown: '"12"', absent: false });
    expect(error.message).toBe('issues[2].line is not a whole number (got "12")');
  });

  it('names the value itself when it is the value read that is off', () => {
    const error = refusal(ISSUES, [1]);
    expect(error).toMatchObject({ path: '', expected: 'an object', shown: '[1]' });
    expect(error.message).toBe('the value is not an object (got [1])');
  });

  it('says a required field is absent when it is missing or null', () => {
    expect(refusal(object({ name: string }), {})).toMatchObject({ path: 'name', absent: true, shown: 'nothing' });
    expect(refusal(object({ name: string }), { name: null })).toMatchObject({ path: 'name', absent: true, shown: 'null' });
    expect(refusal(object({ name: string }), { name: 0 })).toMatchObject({ path: 'name', absent: false, shown: '0' });
  });

  it('leaves out an optional field that is absent, undefined or null, and refuses one of another type', () => {
    const shape = object({ suggestion: optional(string) });
    expect([{}, { suggestion: undefined }, { suggestion: null }].map((v) => shape(v, ''))).toEqual([{}, {}, {}]);
    expect(shape({ suggestion: 's' }, '')).toEqual({ suggestion: 's' });
    expect(refusal(shape, { suggestion: 5 }).message).toBe('suggestion is not a string (got 5)');
  });

  it('keeps null for a nullable field, and refuses one that is missing', () => {
    const shape = object({ user: nullable(object({ login: string })) });
    expect(shape({ user: null }, '')).toEqual({ user: null });
    expect(refusal(shape, {}).message).toBe('user is not an object (got nothing)');
  });

  it('reads only an object’s own fields, never one of its prototype', () => {
    expect(object({ toString: optional(anything), constructor: optional(anything) })({}, '')).toEqual({});
    expect(refusal(object({ constructor: string }), {}).absent).toBe(true);
  });

  it('tells a whole number, a finite number, true or false, and one of a list apart', () => {
    expect(refusal(integer, 1.5).expected).toBe('a whole number');
    expect(refusal(number, Number.POSITIVE_INFINITY).expected).toBe('a number');
    expect(number(59.5, '')).toBe(59.5);
    expect(refusal(boolean, 'true').expected).toBe('true or false');
    expect(refusal(oneOf(['error', 'warning']), 'Error').message).toBe('the value is not one of error, warning (got "Error")');
  });

  it('checks a refined value first as its shape, then against its test', () => {
    const score = refine(number, 'a number from 0 to 100', (n) => n >= 0 && n <= 100);
    expect(score(100, '')).toBe(100);
    expect(refusal(score, '80').expected).toBe('a number');
    expect(refusal(score, 150).expected).toBe('a number from 0 to 100');
  });

  it('reads a list into a new array, and refuses what is not an array', () => {
    const sent = ['a'];
    const read = list(string)(sent, 'stop');
    expect(read).toEqual(['a']);
    expect(read).not.toBe(sent);
    expect(refusal(list(string), { 0: 'a' }).expected).toBe('an array');
  });

  it('quotes a long value short', () => {
    expect(refusal(integer, 'x'.repeat(500)).shown.length).toBeLessThanOrEqual(60);
  });
});

describe("each adapter's error, from the one kit", () => {
  const bad = { ...REVIEW_OK, issues: [{ severity: 'info', line: 1, message: 'm' }, { severity: 'info', line: 2, message: 7 }] };

  it('names the field and the value in a GitHub entry', () => {
    const entry = object({ issues: list(object({ message: string })) });
    let error: unknown;
    try {
      readEntry(entry, bad);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(EntryShapeError);
    expect(error).toMatchObject({ path: 'issues[1].message', message: 'issues[1].message is not a string (got 7)' });
  });

  it('names the field and the value in a review answer', () => {
    expect(() => parseReviewResult(bad)).toThrow(InvalidResponseError);
    expect(() => parseReviewResult(bad)).toThrow('Invalid review answer: issues[1].message must be a string, got 7');
    expect(() => parseReviewResult({ ...REVIEW_OK, usage: [] })).toThrow(expect.objectContaining({ field: 'usage' }));
  });

  it('names the field and the value in a request before it is sent', () => {
    const request = { code: 'x', focus_areas: ['security', 'style'] } as unknown as ReviewRequest;
    expect(() => validateReviewRequest(request)).toThrow(RequestValidationError);
    expect(() => validateReviewRequest(request)).toThrow(
      'Invalid request: focus_areas[1] must be one of security, performance, readability, best_practices, got "style"',
    );
  });
});
