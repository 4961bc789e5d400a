import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '../../src/service/errors';
import { parseCompletionResult, parseReviewResult } from '../../src/service/response';
import { COMPLETION_OK, REVIEW_OK } from './helpers';

function invalidField(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidResponseError);
    return (error as InvalidResponseError).field;
  }
  throw new Error('expected an InvalidResponseError');
}

const withIssue = (issue: unknown) => ({ ...REVIEW_OK, issues: [issue] });

describe('parseReviewResult', () => {
  it('returns a well-formed answer as sent, with the request id', () => {
    expect(parseReviewResult(REVIEW_OK, 'svc_req_1')).toEqual({ ...REVIEW_OK, requestId: 'svc_req_1' });
  });

  it.each(['model', 'summary', 'issues', 'quality_score', 'usage', 'latency_ms'])(
    'rejects an answer without %s and names the field',
    (field) => {
      const body: Record<string, unknown> = { ...REVIEW_OK };
      delete body[field];
      expect(invalidField(() => parseReviewResult(body))).toBe(field);
    },
  );

  it('rejects wrong-typed fields and names them', () => {
    expect(invalidField(() => parseReviewResult({ ...REVIEW_OK, summary: 3 }))).toBe('summary');
    expect(invalidField(() => parseReviewResult({ ...REVIEW_OK, quality_score: '80' }))).toBe('quality_score');
    expect(invalidField(() => parseReviewResult({ ...REVIEW_OK, usage: { total_tokens: 'x' } }))).toBe('usage.total_tokens');
    expect(invalidField(() => parseReviewResult({ ...REVIEW_OK, suggestions: ['ok', 7] }))).toBe('suggestions[1]');
    expect(invalidField(() => parseReviewResult([REVIEW_OK]))).toBe('(body)');
    expect(() => parseReviewResult('<html>')).toThrow('Invalid review answer: (body) must be an object, got "<html>"');
  });

  it('rejects an issue that is not an object, or lacks a string message', () => {
    expect(invalidField(() => parseReviewResult(withIssue('bad')))).toBe('issues[0]');
    expect(invalidField(() => parseReviewResult(withIssue({ severity: 'info', line: 1 })))).toBe('issues[0].message');
    expect(invalidField(() => parseReviewResult(withIssue({ severity: 'info', line: 1, message: 'm', suggestion: 5 })))).toBe(
      'issues[0].suggestion',
    );
  });

  it('keeps an issue whose line is not a positive integer: numbers as sent, other values as text to show', () => {
    const issues = [0, -4, 2.5, '12', true, null, undefined].map(
      (line) => parseReviewResult(withIssue({ severity: 'info', line, message: 'm', suggestion: 's' })).issues[0]!,
    );
    expect(issues.map((i) => i.line)).toEqual([0, -4, 2.5, null, null, null, null]);
    expect(issues.map((i) => i.reportedLine)).toEqual([undefined, undefined, undefined, '"12"', 'true', undefined, undefined]);
  });

  it('matches a severity whatever its case and surrounding spaces', () => {
    const severities = ['ERROR', ' Warning ', 'Info'].map((severity) => parseReviewResult(withIssue({ severity, line: 1, message: 'm' })).issues[0]!);
    expect(severities.map((i) => [i.severity, i.reportedSeverity])).toEqual([
      ['error', undefined],
      ['warning', undefined],
      ['info', undefined],
    ]);
  });

  it('counts an unknown severity as an error and keeps it as received', () => {
    const issue = parseReviewResult(withIssue({ severity: 'CRITICAL', line: 1, message: 'm' })).issues[0]!;
    expect(issue).toEqual({ severity: 'error', reportedSeverity: 'CRITICAL', line: 1, message: 'm', suggestion: '' });
    expect(parseReviewResult(withIssue({ severity: 'blocker', line: 1, message: 'm' })).issues[0]).toMatchObject({
      severity: 'error',
      reportedSeverity: 'blocker',
    });
  });

  it('counts a missing or non-string severity as an error, shown as received, instead of rejecting the answer', () => {
    const reported = [3, null, { level: 'high' }, undefined].map(
      (severity) => parseReviewResult(withIssue({ severity, line: 1, message: 'm' })).issues[0]!,
    );
    expect(reported.map((i) => [i.severity, i.reportedSeverity])).toEqual([
      ['error', '3'],
      ['error', 'null'],
      ['error', '{"level":"high"}'],
      ['error', 'nothing'],
    ]);
  });

  it('fills a missing suggestion with an empty string and missing lists with []', () => {
    const { suggestions: _s, security_flags: _f, ...rest } = REVIEW_OK;
    const result = parseReviewResult({ ...rest, issues: [{ severity: 'warning', line: 2, message: 'm' }] });
    expect(result.issues[0]!.suggestion).toBe('');
    expect(result.suggestions).toEqual([]);
    expect(result.security_flags).toEqual([]);
  });

  it('keeps security flags of any shape as sent', () => {
    const flags = [{ type: 'sql_injection', line: 4 }, 'hard-coded secret'];
    expect(parseReviewResult({ ...REVIEW_OK, security_flags: flags }).security_flags).toEqual(flags);
  });

  it('keeps a single flag sent instead of a list as one flag, so it is never lost to a refused answer', () => {
    expect(parseReviewResult({ ...REVIEW_OK, security_flags: { type: 'xss' } }).security_flags).toEqual([{ type: 'xss' }]);
    expect(parseReviewResult({ ...REVIEW_OK, security_flags: 'secret in code' }).security_flags).toEqual(['secret in code']);
    expect(parseReviewResult({ ...REVIEW_OK, security_flags: null }).security_flags).toEqual([]);
  });

  it('keeps the quality score exactly as sent: never rounded up to pass a threshold', () => {
    const score = (quality_score: number) => parseReviewResult({ ...REVIEW_OK, quality_score }).quality_score;
    expect([score(0), score(59.5), score(59.99), score(60), score(100)]).toEqual([0, 59.5, 59.99, 60, 100]);
  });

  it('refuses a quality score outside 0–100, which would pass or fail any min-score, naming the value', () => {
    for (const quality_score of [-5, 100.5, 140]) {
      expect(() => parseReviewResult({ ...REVIEW_OK, quality_score })).toThrow(
        `Invalid review answer: quality_score must be a number from 0 to 100, got ${quality_score}`,
      );
    }
  });
});

describe('parseCompletionResult', () => {
  it('returns a well-formed answer as sent, with the request id', () => {
    expect(parseCompletionResult(COMPLETION_OK, 'svc_req_2')).toEqual({ ...COMPLETION_OK, requestId: 'svc_req_2' });
  });

  it('accepts a finish_reason beyond stop and length', () => {
    expect(parseCompletionResult({ ...COMPLETION_OK, finish_reason: 'content_filter' }).finish_reason).toBe('content_filter');
  });

  it.each(['id', 'object', 'model', 'content', 'finish_reason', 'latency_ms', 'created_at', 'usage'])(
    'rejects an answer without %s and names the field',
    (field) => {
      const body: Record<string, unknown> = { ...COMPLETION_OK };
      delete body[field];
      expect(invalidField(() => parseCompletionResult(body))).toBe(field);
    },
  );

  it('rejects usage without a numeric completion_tokens', () => {
    const usage = { prompt_tokens: 1, total_tokens: 2 };
    expect(invalidField(() => parseCompletionResult({ ...COMPLETION_OK, usage }))).toBe('usage.completion_tokens');
  });
});
