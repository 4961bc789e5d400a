/**
 * An api-url that does not lead to the review service: answers that say "nothing here reviews
 * code" (404, 405, a redirect, a web page) stop the queue after a few in a row, like an
 * unreachable service, and void the run with one reason naming api-url, the URL and the status.
 * The same answer among reviews, or after the service's own error answers, is one file's failure.
 */
import { reasonTexts } from '../../src/domain/verdict';
import { describe, expect, it } from 'vitest';
import { MISCONFIGURED_AFTER, notTheService } from '../../src/review/misconfigured';
import { MISCONFIGURED_CODE } from '../../src/domain/outcomes';
import { InvalidResponseError, NetworkError, ServiceError, TimeoutError } from '../../src/service/errors';
import type { ReviewResult } from '../../src/service/types';
import type { FileOutcome } from '../../src/domain/outcomes';
import { reviewResult } from '../support/review-result';
import { reviewWithAnswers } from '../support/review-run';

const API_URL = 'https://gateway.example.com/ai';
const PAGE = '<html> <head><title>404 Not Found</title></head> <body> <center><h1>404 Not Found</h1></center> </body> </html>';

let sequence = 0;
/** The service's own error answer for `status`, as the client builds it. */
const serviceAnswer = (status: number, code = 'invalid_request') => {
  const requestId = `svc_req_${String(++sequence).padStart(12, '0')}`;
  return new ServiceError(`Review service answered ${status} ${code}: No operation at POST /ai/v1/agent/review. (request ${requestId})`, code, { status, requestId });
};
/** A web server's page for `status`: no error object, no request id. */
const webPage = (status: number, snippet = PAGE) =>
  new InvalidResponseError(`Review service answered ${status} with a body that is not JSON: ${snippet}`, { status, snippet });
/** A success whose JSON is not a review answer, as the client builds it: the field that is off, the request id. */
const wrongShape = (field: string, status = 200) => {
  const requestId = `svc_req_${String(++sequence).padStart(12, '0')}`;
  return new InvalidResponseError(`Invalid review answer: ${field} must be an array, got nothing (request ${requestId})`, { status, field, requestId });
};

async function review(files: number, answer: (path: string, attempt: number) => Promise<ReviewResult>, inputs: Record<string, string> = {}) {
  const { report, lines, attempts } = await reviewWithAnswers(files, answer, { 'api-url': API_URL, ...inputs });
  return { report, attempts, warnings: lines.flatMap((l) => (l.startsWith('WARN ') ? [l.slice('WARN '.length)] : [])) };
}

const failed = (outcomes: readonly FileOutcome[]) => outcomes.filter((o): o is Extract<FileOutcome, { kind: 'failed' }> => o.kind === 'failed');
const REASON_404 = `not reviewed: api-url ${API_URL} does not lead to the review service: POST /ai/v1/agent/review was answered 404 Not Found, no such path`;

describe('a wrong api-url stops the review', () => {
  it('after three answers of 404 in a row: every file not reviewed for that reason, the run void whatever on-incomplete says', async () => {
    const { report, warnings, attempts } = await review(20, () => Promise.reject(serviceAnswer(404)), { concurrency: '1', 'on-incomplete': 'pass' });

    expect(attempts).toEqual(['src/m0.py', 'src/m1.py', 'src/m2.py']);
    expect(report.outcomes.map((o) => [o.kind, o.kind === 'failed' ? [o.reason, o.code] : []])).toEqual(Array(20).fill(['failed', [REASON_404, MISCONFIGURED_CODE]]));
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)).toEqual([REASON_404]);
    expect(warnings).toEqual([
      `api-url ${API_URL} does not lead to the review service: POST /ai/v1/agent/review was answered 404 Not Found, no such path, and no answer reviewed a file. ` +
        "Stopping the review: no further file is sent. Check api-url: the service's base URL, without /v1.",
    ]);
  });

  it('keeps the request id of every request sent, each on its own file, with four in flight', async () => {
    const sent: string[] = [];
    const { report, attempts } = await review(20, () => {
      const error = serviceAnswer(404);
      sent.push(error.requestId ?? '');
      return Promise.reject(error);
    });

    expect(attempts.length).toBeGreaterThanOrEqual(MISCONFIGURED_AFTER);
    expect(attempts.length).toBeLessThanOrEqual(MISCONFIGURED_AFTER + 3);
    const ids = failed(report.outcomes).flatMap((o) => (o.requestId === undefined ? [] : [o.requestId]));
    expect(ids.sort()).toEqual([...sent].sort());
    expect(failed(report.outcomes).every((o) => o.reason === REASON_404 && o.code === MISCONFIGURED_CODE)).toBe(true);
  });

  it('on a run too small to reach the stop, when every answer said so: no "Stopping" in the line', async () => {
    const { report, warnings, attempts } = await review(2, () => Promise.reject(webPage(405, '<html><title>405 Not Allowed</title></html>')));

    expect(attempts).toHaveLength(2);
    expect(failed(report.outcomes).map((o) => o.code)).toEqual([MISCONFIGURED_CODE, MISCONFIGURED_CODE]);
    expect(reasonTexts(report.verdict)).toEqual([
      `not reviewed: api-url ${API_URL} does not lead to the review service: POST /ai/v1/agent/review was answered 405 Method Not Allowed, POST is not taken there`,
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).not.toContain('Stopping');
  });

  it.each([
    ['a redirect', webPage(301, ''), '301, a redirect elsewhere, which review-gate does not follow since the key would go along'],
    ['a web page with 200', webPage(200), "200 with a web page instead of the service's JSON"],
    ['410 Gone', serviceAnswer(410, 'gone'), '410 Gone, no such path any more'],
  ])('on %s', async (_case, error, what) => {
    const { report, attempts } = await review(6, () => Promise.reject(error), { concurrency: '1' });
    expect(attempts).toHaveLength(MISCONFIGURED_AFTER);
    expect(reasonTexts(report.verdict)).toEqual([`not reviewed: api-url ${API_URL} does not lead to the review service: POST /ai/v1/agent/review was answered ${what}`]);
  });
});

describe('a success that is no review answer, on every request (another JSON API at api-url)', () => {
  const REASON = `not reviewed: api-url ${API_URL} does not lead to the review service: POST /ai/v1/agent/review was answered 200 with JSON that is not a review answer (its model is not what the service sends)`;

  it('stops after three, every file not reviewed for that one reason, the run void even with on-incomplete: pass', async () => {
    const { report, attempts, warnings } = await review(10, () => Promise.reject(wrongShape('model')), { concurrency: '1', 'on-incomplete': 'pass' });

    expect(attempts).toHaveLength(MISCONFIGURED_AFTER);
    expect(report.outcomes.map((o) => (o.kind === 'failed' ? [o.reason, o.code] : o.kind))).toEqual(Array(10).fill([REASON, MISCONFIGURED_CODE]));
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)).toEqual([REASON]);
    expect(warnings).toHaveLength(1);
    // Each file keeps its own request id, named once: never the first answer's id in every reason.
    expect(failed(report.outcomes).slice(0, 3).map((o) => o.requestId)).toEqual([expect.stringMatching(/^svc_req_/), expect.stringMatching(/^svc_req_/), expect.stringMatching(/^svc_req_/)]);
    expect(REASON).not.toContain('svc_req_');
  });

  it('on a run of one file whose one answer is no review', async () => {
    const { report } = await review(1, () => Promise.reject(wrongShape('issues')));
    expect(failed(report.outcomes).map((o) => o.code)).toEqual([MISCONFIGURED_CODE]);
  });

  it('keeps one such answer among reviews that file\'s own failure, before or after them', async () => {
    for (const odd of ['src/m0.py', 'src/m3.py']) {
      const error = wrongShape('issues');
      const { report, attempts, warnings } = await review(6, (path) => (path === odd ? Promise.reject(error) : Promise.resolve(reviewResult())), { concurrency: '1' });

      expect(attempts).toHaveLength(6);
      expect(failed(report.outcomes).map(({ settings: _settings, ...o }) => o)).toEqual([{ kind: 'failed', path: odd, reason: error.message, code: 'invalid_response', requestId: error.requestId }]);
      expect(warnings).toEqual([]);
    }
  });

  it('keeps two such answers before the first review each its own failure: fewer than the stop needs', async () => {
    const { report, attempts } = await review(6, (path) => (['src/m0.py', 'src/m1.py'].includes(path) ? Promise.reject(wrongShape('issues')) : Promise.resolve(reviewResult())), {
      concurrency: '1',
    });

    expect(attempts).toHaveLength(6);
    expect(failed(report.outcomes).map((o) => o.code)).toEqual(['invalid_response', 'invalid_response']);
  });
});

describe('a 404 that is one file\'s failure', () => {
  it('among reviews: that file alone is not reviewed, with its own reason and request id', async () => {
    const error = serviceAnswer(404);
    const { report, warnings, attempts } = await review(6, (path) => (path === 'src/m0.py' ? Promise.reject(error) : Promise.resolve(reviewResult())));

    expect(attempts).toHaveLength(6);
    expect(report.outcomes.map((o) => o.kind)).toEqual(['failed', 'reviewed', 'reviewed', 'reviewed', 'reviewed', 'reviewed']);
    expect(failed(report.outcomes)).toMatchObject([{ kind: 'failed', path: 'src/m0.py', reason: error.message, code: 'invalid_request', requestId: error.requestId }]);
    expect(reasonTexts(report.verdict)).toEqual([`1 file could not be reviewed: src/m0.py (${error.message}) (on-incomplete: fail)`]);
    expect(warnings).toEqual([]);
  });

  it('after the service answered with its own error: the path is right, every file is still sent', async () => {
    const { report, attempts } = await review(6, (path) => Promise.reject(path === 'src/m0.py' ? serviceAnswer(400, 'context_too_long') : serviceAnswer(404)), { concurrency: '1' });

    expect(attempts).toHaveLength(6);
    expect(failed(report.outcomes).some((o) => o.code === MISCONFIGURED_CODE)).toBe(false);
  });
});

describe('which answers say "not the review service here"', () => {
  it.each([404, 405, 410, 501, 301, 302, 307, 308])('%i, from the service or from a web server', (status) => {
    expect(notTheService(serviceAnswer(status))).toMatch(new RegExp(`^${status}\\b`));
    expect(notTheService(webPage(status))).toMatch(new RegExp(`^${status}\\b`));
  });

  it('any 2xx that is no review answer: a web page, a body that is not JSON, JSON of another shape', () => {
    expect(notTheService(webPage(200))).toBe("200 with a web page instead of the service's JSON");
    expect(notTheService(webPage(200, '{"model":"service-1","summary":"Reviewed 3 lines","issues":[{"severity":"error","line":'))).toBe(
      "200 with a body that is not the service's JSON",
    );
    expect(notTheService(wrongShape('issues'))).toBe('200 with JSON that is not a review answer (its issues is not what the service sends)');
    expect(notTheService(wrongShape('(body)', 201))).toBe('201 with JSON that is not a review answer (not a JSON object)');
  });

  it('not an unusable answer without a status: no answer was read', () => {
    expect(notTheService(new InvalidResponseError('Invalid review answer: issues must be an array, got nothing', { field: 'issues' }))).toBeUndefined();
  });

  it.each([400, 401, 403, 408, 413, 422, 429, 500, 502, 503, 504])('not %i: a rejected request, a rejected key, or an answer worth retrying', (status) => {
    expect(notTheService(serviceAnswer(status))).toBeUndefined();
    expect(notTheService(webPage(status))).toBeUndefined();
  });

  it('not a failure to connect or a timeout, nor anything but an answer', () => {
    expect(notTheService(new NetworkError('refused', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBeUndefined();
    expect(notTheService(new TimeoutError('slow'))).toBeUndefined();
    expect(notTheService(new Error('404'))).toBeUndefined();
    expect(notTheService(undefined)).toBeUndefined();
  });
});
