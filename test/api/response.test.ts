import { describe, expect, it } from 'vitest';
import { InvalidResponseError, parseCompletionResult, parseReviewResult } from '../../src/api';
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
    expect(invalidField(() => parseReviewResult({ ...REVIEW_OK, security_flags: {} }))).toBe('security_flags');
    expect(invalidField(() => parseReviewResult([REVIEW_OK]))).toBe('(body)');
  });

  it('rejects an issue that is not an object, or lacks a string severity or message', () => {
    expect(invalidField(() => parseReviewResult(withIssue('bad')))).toBe('issues[0]');
    expect(invalidField(() => parseReviewResult(withIssue({ line: 1, message: 'm' })))).toBe('issues[0].severity');
    expect(invalidField(() => parseReviewResult(withIssue({ severity: 'info', line: 1 })))).toBe('issues[0].message');
    expect(invalidField(() => parseReviewResult(withIssue({ severity: 'info', line: 1, message: 'm', suggestion: 5 })))).toBe(
      'issues[0].suggestion',
    );
  });

  it('keeps an issue whose line is not a positive integer: numbers as sent, anything else as null', () => {
    const lines = [0, -4, 2.5, '12', null, undefined].map(
      (line) => parseReviewResult(withIssue({ severity: 'info', line, message: 'm', suggestion: 's' })).issues[0]!.line,
    );
    expect(lines).toEqual([0, -4, 2.5, null, null, null]);
  });

  it('matches a severity case-insensitively', () => {
    const issue = parseReviewResult(withIssue({ severity: 'ERROR', line: 1, message: 'm' })).issues[0]!;
    expect(issue.severity).toBe('error');
    expect(issue.reportedSeverity).toBeUndefined();
  });

  it('maps an unknown severity to warning, never info, and keeps the original', () => {
    const issue = parseReviewResult(withIssue({ severity: 'critical', line: 1, message: 'm' })).issues[0]!;
    expect(issue).toEqual({ severity: 'warning', reportedSeverity: 'critical', line: 1, message: 'm', suggestion: '' });
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

  it('clamps the quality score to 0–100 and rounds it', () => {
    const score = (quality_score: number) => parseReviewResult({ ...REVIEW_OK, quality_score }).quality_score;
    expect([score(-5), score(140), score(72.6), score(72.4)]).toEqual([0, 100, 73, 72]);
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
