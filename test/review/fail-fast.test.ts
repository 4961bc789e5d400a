/**
 * Fail fast on an unreachable service: the queue stops after the first connection failures
 * instead of retrying every file, while a single failed connection among answers is retried.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/service/client';
import { NetworkError, TimeoutError } from '../../src/service/errors';
import type { ReviewResult } from '../../src/service/types';
import { connectFailureCode } from '../../src/review/unreachable';
import { CLOSED_PORT } from '../support/closed-port';
import { reviewResult } from '../support/review-result';
import { reviewWithAnswers } from '../support/review-run';

const API_URL = 'https://review.example.com';
const refused = () =>
  new NetworkError('Review service at https://review.example.com failed before answering: connect ECONNREFUSED 10.0.0.1:443 (ECONNREFUSED)', {
    cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }),
  });

const review = (files: number, answer: (path: string, attempt: number) => Promise<ReviewResult>, inputs: Record<string, string> = {}) =>
  reviewWithAnswers(files, answer, { 'api-url': API_URL, ...inputs });

describe('fail fast when the review service cannot be reached', () => {
  it('stops after the first connection failures, in one line naming the base URL, and marks every file not reviewed', async () => {
    const { report, lines, attempts, elapsedMs } = await review(80, () => Promise.reject(refused()));

    const reason = `not reviewed: the review service at ${API_URL} cannot be reached (ECONNREFUSED)`;
    expect(report.outcomes.map((o) => [o.kind, o.kind === 'failed' ? o.reason : ''])).toEqual(Array(80).fill(['failed', reason]));
    expect(report.verdict.result).toBe('failed');
    // The first attempts of the 4 workers, not 80 files × 4 attempts.
    expect(attempts.length).toBeLessThanOrEqual(4);
    expect(elapsedMs).toBeLessThan(10_000);
    expect(lines.filter((l) => l.startsWith('WARN'))).toEqual([
      `WARN The review service at ${API_URL} cannot be reached: connect ECONNREFUSED 10.0.0.1:443. Stopping the review: no file is sent while it is unreachable.`,
    ]);
    expect(lines.filter((l) => l.startsWith('↻')).length).toBeLessThanOrEqual(2);
  });

  it('stops within seconds with one worker too, after three failed connections', async () => {
    const { report, attempts, elapsedMs } = await review(5, () => Promise.reject(refused()), { concurrency: '1' });
    // While src/m0.py backs off, the slot serves the next file; its retry at 1 s is the third failure.
    expect(attempts).toEqual(['src/m0.py', 'src/m1.py', 'src/m0.py']);
    expect(elapsedMs).toBe(1000);
    expect(report.outcomes.every((o) => o.kind === 'failed' && o.reason.includes('cannot be reached'))).toBe(true);
  });

  it('retries one failed connection among answers, as before', async () => {
    const { report, lines, attempts } = await review(6, (path, attempt) =>
      path === 'src/m2.py' && attempt === 1 ? Promise.reject(refused()) : Promise.resolve(reviewResult()),
    );
    expect(report.outcomes.map((o) => o.kind)).toEqual(Array(6).fill('reviewed'));
    expect(attempts.filter((p) => p === 'src/m2.py')).toHaveLength(2);
    expect(lines.some((l) => l.startsWith('WARN'))).toBe(false);
  });

  it('keeps retrying once the service has answered in this run: an outage later is not an unreachable service', async () => {
    let answered = 0;
    const { report, attempts } = await review(4, () => (answered++ < 1 ? Promise.resolve(reviewResult()) : Promise.reject(refused())), { concurrency: '1' });
    expect(report.outcomes.map((o) => o.kind)).toEqual(['reviewed', 'failed', 'failed', 'failed']);
    // Every other file got its attempt and its 3 retries.
    expect(attempts).toHaveLength(1 + 3 * 4);
  });
});

describe('what counts as failing to connect', () => {
  const withCause = (code: string) => new NetworkError('failed', { cause: Object.assign(new Error(code), { code }) });

  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_WRONG_VERSION_NUMBER'])(
    '%s is a connection failure',
    (code) => expect(connectFailureCode(withCause(code))).toBe(code),
  );

  it('a reset connection, a slow answer or a service error is not', () => {
    expect(connectFailureCode(withCause('ECONNRESET'))).toBeUndefined();
    expect(connectFailureCode(new TimeoutError('slow', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_HEADERS_TIMEOUT' }) }))).toBeUndefined();
    expect(connectFailureCode(new Error('connect ECONNREFUSED'))).toBeUndefined();
  });

  it('the client reports a closed port as ECONNREFUSED', async () => {
    const client = createClient({ apiKey: 'svc_live_test_0000000000000000', baseUrl: `http://127.0.0.1:${CLOSED_PORT}` });
    const error = await client.reviewOnce({ code: 'x = 1' }).catch((e: unknown) => e);
    expect(connectFailureCode(error)).toBe('ECONNREFUSED');
  });

  const hasOpenssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // openssl makes the self-signed certificate; without it there is no TLS server to refuse.
  it.skipIf(!hasOpenssl)('the client reports a certificate it cannot trust as a TLS connection failure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'review-gate-tls-'));
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('{}'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const client = createClient({ apiKey: 'svc_live_test_0000000000000000', baseUrl: `https://127.0.0.1:${port}` });
      const error = await client.reviewOnce({ code: 'x = 1' }).catch((e: unknown) => e);
      server.close();
      expect(connectFailureCode(error)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
