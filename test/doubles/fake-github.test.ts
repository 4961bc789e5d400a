import { afterEach, describe, expect, it } from 'vitest';
import { hunkRanges, startFakeGitHub } from './fake-github';
import type { FakeGitHub } from './fake-github';
import { HEAD } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const patch = '@@ -1 +1 @@\n-a\n+b\n@@ -10,3 +10,0 @@\n-x\n-y\n-z\n@@ -20,2 +17,4 @@\n c\n+d\n+e\n c';

describe('fake GitHub', () => {
  it('reads hunk headers on both sides, counts defaulting to one and empty sides left out', () => {
    expect(hunkRanges(patch)).toEqual({ right: [[1, 1], [17, 20]], left: [[1, 1], [10, 12], [20, 21]] });
  });

  it('pages with Link headers the way GitHub does', async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ filename: `f${i}`, status: 'added' }));
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files }] });

    const first = await fetch(`${fake.url}/repos/o/r/pulls/1/files?per_page=2`);
    const last = await fetch(`${fake.url}/repos/o/r/pulls/1/files?per_page=2&page=3`);

    expect(first.headers.get('link')).toBe(
      `<${fake.url}/repos/o/r/pulls/1/files?per_page=2&page=2>; rel="next", <${fake.url}/repos/o/r/pulls/1/files?per_page=2&page=3>; rel="last"`,
    );
    expect(((await first.json()) as unknown[]).length).toBe(2);
    expect(last.headers.get('link')).toBeNull();
    expect(((await last.json()) as unknown[]).length).toBe(1);
  });

  it('keeps a check run’s status as GitHub does: created queued or in_progress, completed by a conclusion, never back', async () => {
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files: [] }] });
    const send = (method: string, path: string, body: unknown) => fetch(`${fake!.url}/repos/o/r${path}`, { method, body: JSON.stringify(body) });

    const started = (await (await send('POST', '/check-runs', { name: 'c', head_sha: HEAD, status: 'in_progress' })).json()) as { id: number; status: string; completed_at: unknown };
    expect(started).toMatchObject({ status: 'in_progress', completed_at: null });
    expect((await send('POST', '/check-runs', { name: 'c', head_sha: HEAD, status: 'pending' })).status).toBe(422);
    expect((await send('PATCH', `/check-runs/${started.id}`, { conclusion: 'failure' })).status).toBe(200);
    expect(fake.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(fake.checkRuns[0]?.completed_at).toEqual(expect.any(String));
    expect((await send('PATCH', `/check-runs/${started.id}`, { status: 'in_progress' })).status).toBe(422);
    expect((await send('POST', '/check-runs', { name: 'c', head_sha: HEAD })).status).toBe(201);
    expect(fake.checkRuns.map((c) => c.status)).toEqual(['completed', 'queued']);
  });

  it('lists open pull requests by head, as owner:branch, a fork’s included', async () => {
    fake = await startFakeGitHub({
      owner: 'o',
      repo: 'r',
      pulls: [
        { number: 1, headSha: HEAD, headRepo: 'fork/r', headRef: 'patch', files: [] },
        { number: 2, headSha: HEAD, headRepo: 'fork/r', headRef: 'patch', baseRef: 'legacy', files: [] },
        { number: 3, headSha: HEAD, headRef: 'patch', files: [] },
        { number: 4, headSha: HEAD, headRepo: 'fork/r', headRef: 'patch', state: 'closed', files: [] },
      ],
    });
    const numbers = async (query: string) => ((await (await fetch(`${fake!.url}/repos/o/r/pulls?${query}`)).json()) as Array<{ number: number }>).map((p) => p.number);

    expect(await numbers('head=fork:patch')).toEqual([1, 2]);
    expect(await numbers('head=o:patch')).toEqual([3]);
    expect(await numbers('head=fork:patch&state=all')).toEqual([1, 2, 4]);
    expect(await numbers('head=fork:patch&base=legacy')).toEqual([2]);
  });

  it('refuses a review with a comment outside the hunks and stores nothing', async () => {
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files: [{ filename: 'a', status: 'modified', patch }] }] });
    const review = (line: number, side = 'RIGHT') =>
      fetch(`${fake!.url}/repos/o/r/pulls/1/reviews`, {
        method: 'POST',
        body: JSON.stringify({ commit_id: HEAD, event: 'COMMENT', body: 'b', comments: [{ path: 'a', line: 17, side: 'RIGHT', body: 'ok' }, { path: 'a', line, side, body: 'x' }] }),
      });

    const refused = await review(12);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: 'Unprocessable Entity', errors: ['Line could not be resolved'], status: '422' });
    expect((await review(12, 'LEFT')).status).toBe(200);
    expect(fake.reviews).toHaveLength(1);
    expect(fake.reviewComments.map((c) => [c.line, c.side])).toEqual([[17, 'RIGHT'], [12, 'LEFT']]);
  });

  it('keeps a review without event pending: unlisted comments, one per user, deletable only while pending', async () => {
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files: [{ filename: 'a', status: 'modified', patch }] }] });
    const base = `${fake.url}/repos/o/r/pulls/1`;
    const review = async (input: Record<string, unknown>) => {
      const response = await fetch(`${base}/reviews`, { method: 'POST', body: JSON.stringify({ commit_id: HEAD, comments: [{ path: 'a', line: 17, side: 'RIGHT', body: 'c' }], ...input }) });
      return { status: response.status, body: (await response.json()) as { id: number; state: string; submitted_at?: string } };
    };

    const pending = await review({ body: 'draft' });
    expect(pending).toMatchObject({ status: 200, body: { state: 'PENDING' } });
    expect('submitted_at' in pending.body).toBe(false);
    expect(await (await fetch(`${base}/comments`)).json()).toEqual([]);
    // A second review of any kind is refused while the pending one is there.
    for (const input of [{ body: 'another draft' }, { body: 'b', event: 'COMMENT' }]) {
      expect(await review(input)).toEqual({ status: 422, body: { message: 'Unprocessable Entity', errors: ['User can only have one pending review per pull request'], status: '422' } });
    }
    expect(((await (await fetch(`${base}/reviews`)).json()) as Array<{ state: string }>).map((r) => r.state)).toEqual(['PENDING']);

    expect((await fetch(`${base}/reviews/${pending.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(fake.reviews).toEqual([]);
    expect(fake.reviewComments).toEqual([]);
    const submitted = await review({ body: 'b', event: 'COMMENT' });
    expect(submitted).toMatchObject({ status: 200, body: { state: 'COMMENTED', submitted_at: expect.any(String) } });
    expect(await (await fetch(`${base}/comments`)).json()).toHaveLength(1);
    const refused = await fetch(`${base}/reviews/${submitted.body.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(422);
    expect((await fetch(`${base}/reviews/${pending.body.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(fake.reviewCounts).toEqual({ pendingCreated: 1, pendingDeleted: 1, submitted: 1 });
  });

  it('stores a write and still answers the forced status when asked to handle it first', async () => {
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files: [{ filename: 'a', status: 'modified', patch }] }] });
    fake.failNext({ method: 'POST', path: '/repos/o/r/pulls/1/reviews' }, { status: 502, afterHandling: true });
    fake.failNext({ method: 'POST', path: '/repos/o/r/pulls/1/reviews' }, { status: 502 });
    const post = () =>
      fetch(`${fake!.url}/repos/o/r/pulls/1/reviews`, { method: 'POST', body: JSON.stringify({ commit_id: HEAD, event: 'COMMENT', body: 'b' }) });

    expect((await post()).status).toBe(502);
    expect((await post()).status).toBe(502);

    expect(fake.reviews).toEqual([expect.objectContaining({ body: 'b', state: 'COMMENTED' })]);
  });

  it('answers unknown routes with 404 JSON and forced answers for the next N requests', async () => {
    fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [] });
    fake.failNext({ method: 'GET', path: /\/zen$/ }, { status: 502 }, 2);

    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${fake.url}/zen`)).status);

    expect(statuses).toEqual([502, 502, 404]);
    expect(await (await fetch(`${fake.url}/nope`)).json()).toMatchObject({ message: 'Not Found' });
  });
});
