import { readRunnerEnvironment } from '../../src/config/environment';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGitHubClient } from '../../src/github/octokit';
import { createRequestCounter, describeRequestCounts } from '../../src/github/request-count';
import { createPullRequestSource } from '../../src/collect/api/pull-request-source';
import { createReviewPublisher } from '../../src/write/publisher';
import { createWriteGate } from '../../src/github/write-gate';
import { CLOSED_PORT } from '../support/closed-port';
import { startHungServer } from '../support/hung-server';
import { startFakeGitHub } from '../doubles/fake-github';
import type { FakeGitHub } from '../doubles/fake-github';
import { addedFilePatch, HEAD, planned, prRef, recordingLog, startFake, TOKEN } from './helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await fake?.close();
  fake = undefined;
});

const pull = { number: 7, headSha: HEAD, files: [{ filename: 'src/a.ts', status: 'added', patch: addedFilePatch(5), content: 'a\nb\nc\nd\ne\n' }] };
/** @octokit/rest logs every request at debug level; these tests look at what users see. */
const notDebug = <T extends { level: string }>(lines: T[]): T[] => lines.filter((l) => l.level !== 'debug');
const instantWrites = createWriteGate(undefined, { burst: 1, intervalMs: 0 });
const commentsPath = '/repos/acme/widgets/issues/7/comments';

describe('createGitHubClient', () => {
  it('sends the token only in the Authorization header', async () => {
    const started = await startFake([pull]);
    fake = started.fake;
    const source = createPullRequestSource(started.octokit);
    const publisher = createReviewPublisher(started.octokit, { writeGate: instantWrites });

    const [file] = (await source.listChangedFiles(prRef())).files;
    await source.readFile(prRef(), file!);
    await publisher.postReview(prRef(), [planned('src/a.ts', 2, 1)], 'Review body');
    await publisher.upsertSummary(prRef(), 'summary');

    expect(fake.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of fake.requests) {
      expect(request.authorization).toBe(`token ${TOKEN}`);
      expect(JSON.stringify({ ...request, authorization: undefined })).not.toContain(TOKEN);
    }
  });

  it('is refused by a server that expects another token', async () => {
    fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', token: 'the-right-one', pulls: [pull] });
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });

    await expect(createPullRequestSource(octokit).listChangedFiles(prRef())).rejects.toMatchObject({ name: 'GitHubApiError', status: 401 });
    expect(fake.requests).toHaveLength(1);
  });

  it('talks to the runner\'s GITHUB_API_URL, as config/environment.ts reads it (a trailing slash dropped)', async () => {
    fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', pulls: [pull] });
    const { apiUrl } = readRunnerEnvironment({ GITHUB_API_URL: `${fake.url}/` }, '/work');
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: apiUrl });

    expect((await createPullRequestSource(octokit).listChangedFiles(prRef())).files).toHaveLength(1);
    expect(fake.requests.map((r) => r.path)).toEqual(['/repos/acme/widgets/pulls/7/files', '/repos/acme/widgets/pulls/7']);
  });

  it('counts every request it sends by kind, a retried one twice, as the server received them', async () => {
    fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', pulls: [pull] });
    const counter = createRequestCounter();
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url, counter, retry: { retryAfterBaseValue: 1 } });
    fake.failNext({ method: 'GET', path: '/repos/acme/widgets/pulls/7' }, { status: 502 });

    await octokit.rest.pulls.listFiles({ owner: 'acme', repo: 'widgets', pull_number: 7, per_page: 100, page: 1 });
    await octokit.rest.pulls.get({ owner: 'acme', repo: 'widgets', pull_number: 7 });
    await octokit.rest.repos.compareCommitsWithBasehead({ owner: 'acme', repo: 'widgets', basehead: `${'0'.repeat(40)}...${HEAD}`, per_page: 1 }).catch(() => undefined);
    await octokit.rest.issues.createComment({ owner: 'acme', repo: 'widgets', issue_number: 7, body: 'hi' });
    await octokit.graphql('query { viewer { login } }').catch(() => undefined);

    expect(counter.counts()).toEqual({ list: 1, read: 3, write: 1, graphql: 1 });
    const kinds = fake.requests.map((r) => (r.path === '/graphql' ? 'graphql' : r.method !== 'GET' ? 'write' : 'page' in r.query ? 'list' : 'read'));
    expect(kinds.filter((k) => k === 'read')).toHaveLength(3);
    expect(describeRequestCounts(counter.counts())).toBe('GitHub requests: 1 list, 3 read, 1 write, 1 GraphQL (6 in all).');
  });

  it('retries after a secondary rate limit as GitHub asks, logging one line per retry', async () => {
    const started = await startFake([pull]);
    fake = started.fake;
    fake.failNext(
      { method: 'POST', path: commentsPath },
      { status: 403, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': '3' } },
      2,
    );

    await started.octokit.rest.issues.createComment({ owner: 'acme', repo: 'widgets', issue_number: 7, body: 'hi' });

    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
    expect(notDebug(started.log.lines).map((l) => l.message)).toEqual([
      'GitHub secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: retrying in 3s (retry 1 of 3)',
      'GitHub secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: retrying in 3s (retry 2 of 3)',
    ]);
  });

  it('retries after a primary rate limit once the reset time passes', async () => {
    const started = await startFake([pull]);
    fake = started.fake;
    const reset = String(Math.floor(Date.now() / 1000) + 2);
    fake.failNext(
      { method: 'GET', path: '/repos/acme/widgets/pulls/7/files' },
      { status: 403, body: { message: 'API rate limit exceeded' }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } },
    );

    expect((await createPullRequestSource(started.octokit).listChangedFiles(prRef())).files).toHaveLength(1);
    expect(notDebug(started.log.lines)).toEqual([{ level: 'info', message: expect.stringMatching(/^GitHub rate limit on GET .*: retrying in [23]s \(retry 1 of 3\)$/) }]);
  });

  it('gives up when GitHub asks for a wait past the bound, and says so', async () => {
    fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', pulls: [pull] });
    const log = recordingLog();
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url, log, throttle: { maxWaitSeconds: 60, retryAfterBaseValue: 1 } });
    fake.failNext(
      { method: 'GET', path: '/repos/acme/widgets/pulls/7/files' },
      { status: 403, body: { message: 'API rate limit exceeded' }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) } },
    );

    await expect(createPullRequestSource(octokit).listChangedFiles(prRef())).rejects.toMatchObject({ status: 403 });
    expect(fake.requests).toHaveLength(1);
    expect(notDebug(log.lines)).toEqual([{ level: 'warning', message: expect.stringMatching(/GitHub asks to wait 360\ds, over the 60s bound; not retrying$/) }]);
  });

  it('stops retrying a secondary rate limit after maxRetries', async () => {
    fake = await startFakeGitHub({ owner: 'acme', repo: 'widgets', pulls: [pull] });
    const log = recordingLog();
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url, log, throttle: { maxRetries: 1, retryAfterBaseValue: 1 } });
    fake.failNext({ method: 'POST', path: commentsPath }, { status: 403, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': '1' } }, 5);
    const publisher = createReviewPublisher(octokit, { writeGate: instantWrites });

    // Out of retries, a rate-limit 403 is an error to report, not a read-only token.
    await expect(publisher.upsertSummary(prRef(), 'summary')).rejects.toThrow(/Creating the summary comment of acme\/widgets#7 failed: GitHub answered 403 — You have exceeded a secondary rate limit/);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(notDebug(log.lines).map((l) => l.level)).toEqual(['info', 'warning']);
  });

  it('gives up on a GitHub that never answers after the timeout and a bounded number of retries', async () => {
    // Each request's timeout is a signal the test aborts as the server takes the request.
    const deadlines: AbortController[] = [];
    const hung = await startHungServer(() => deadlines.at(-1)?.abort());
    const timeoutSignal = (): AbortSignal => {
      const deadline = new AbortController();
      deadlines.push(deadline);
      return deadline.signal;
    };
    try {
      const octokit = createGitHubClient({ token: TOKEN, baseUrl: hung.url, timeoutMs: 50, timeoutSignal, retry: { retries: 2, retryAfterBaseValue: 1 } });
      const error = await createPullRequestSource(octokit).listChangedFiles(prRef()).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ name: 'GitHubApiError' });
      expect(error).toMatchObject({ status: undefined });
      expect(String((error as Error).message)).toContain('failed: no answer — GitHub did not answer GET /repos/acme/widgets/pulls/7/files within 50ms');
      expect(hung.received()).toBe(3);
    } finally {
      await hung.close();
    }
  });

  it('says a refused connection got no answer, not that GitHub answered 500', async () => {
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: `http://127.0.0.1:${CLOSED_PORT}`, retry: { retries: 0 } });
    const error = await createPullRequestSource(octokit).listChangedFiles(prRef()).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'GitHubApiError', status: undefined });
    expect(String((error as Error).message)).toMatch(/failed: no answer — .*ECONNREFUSED/);
    expect(String((error as Error).message)).not.toContain('answered 500');
  });
});
