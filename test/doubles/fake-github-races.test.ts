import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGitHub } from './fake-github';
import type { FakeGitHub } from './fake-github';
import { HEAD } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const patch = '@@ -1,2 +1,3 @@\n a\n+b\n c';
const start = async (): Promise<FakeGitHub> => {
  fake = await startFakeGitHub({ owner: 'o', repo: 'r', pulls: [{ number: 1, headSha: HEAD, files: [{ filename: 'a', status: 'modified', patch }] }] });
  return fake;
};
const send = (f: FakeGitHub, method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${f.url}/repos/o/r${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

describe('fake GitHub: lost answers, held writes, pushes and deletions', () => {
  it('cuts the connection after storing a write when asked to reset', async () => {
    const f = await start();
    f.failNext({ method: 'POST', path: '/repos/o/r/issues/1/comments' }, { reset: true, afterHandling: true });

    await expect(send(f, 'POST', '/issues/1/comments', { body: 'hi' })).rejects.toThrow(/fetch failed/);
    expect(f.issueComments.map((c) => c.body)).toEqual(['hi']);
  });

  it('never answers a hanging request; closing the fake ends it', async () => {
    const f = await start();
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    f.onNext({ method: 'POST', path: '/repos/o/r/issues/1/comments' }, () => arrived());
    f.failNext({ method: 'POST', path: '/repos/o/r/issues/1/comments' }, { hang: true });

    const answer = send(f, 'POST', '/issues/1/comments', { body: 'hi' }).then(
      () => 'answered',
      () => 'cut',
    );
    await arrival;
    await f.close();
    fake = undefined;

    expect(await answer).toBe('cut');
    expect(f.issueComments).toEqual([]);
  });

  it('stores a held write only when it is let go, after a later one', async () => {
    const f = await start();
    const created = (await (await send(f, 'POST', '/issues/1/comments', { body: 'first' })).json()) as { id: number };
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    f.onNext({ method: 'PATCH', path: /^\/repos\/o\/r\/issues\/comments\/\d+$/ }, async () => {
      arrived();
      await released;
    });

    const slow = send(f, 'PATCH', `/issues/comments/${created.id}`, { body: 'slow' });
    await arrival;
    await send(f, 'POST', '/issues/1/comments', { body: 'fast' });
    expect(f.issueComments.map((c) => c.body)).toEqual(['first', 'fast']);
    release();
    await slow;
    expect(f.issueComments.map((c) => c.body)).toEqual(['slow', 'fast']);
  });

  it('moves the head: the pull request shows it, and reviews on earlier commits are still accepted', async () => {
    const f = await start();
    f.movePullHead(1, 'b'.repeat(40));

    expect(((await (await send(f, 'GET', '/pulls/1')).json()) as { head: { sha: string } }).head.sha).toBe('b'.repeat(40));
    expect((await send(f, 'POST', '/pulls/1/reviews', { commit_id: HEAD, event: 'COMMENT', body: 'old' })).status).toBe(200);
    expect((await send(f, 'POST', '/pulls/1/reviews', { commit_id: 'c'.repeat(40), event: 'COMMENT', body: 'x' })).status).toBe(422);
    expect(() => f.movePullHead(2, HEAD)).toThrow(/Expected a pull request of the fake, got #2/);
  });

  it("deletes its own issue and review comments, edits its own review's body, and refuses someone else's", async () => {
    const f = await start();
    const review = (await (
      await send(f, 'POST', '/pulls/1/reviews', { commit_id: HEAD, event: 'COMMENT', body: 'b', comments: [{ path: 'a', line: 2, side: 'RIGHT', body: 'c' }] })
    ).json()) as { id: number };
    const own = f.addIssueComment(1, 'ours');
    const theirs = f.addIssueComment(1, 'theirs', 'mallory');
    const personsReviewComment = f.addReviewComment(1, { path: 'a', line: 2, body: 'p' }, 'mallory');

    expect((await send(f, 'DELETE', `/issues/comments/${theirs.id}`)).status).toBe(403);
    expect((await send(f, 'DELETE', `/issues/comments/${own.id}`)).status).toBe(204);
    expect((await send(f, 'DELETE', `/issues/comments/${own.id}`)).status).toBe(404);
    expect((await send(f, 'DELETE', `/pulls/comments/${personsReviewComment.id}`)).status).toBe(403);
    expect((await send(f, 'DELETE', `/pulls/comments/${f.reviewComments[0]?.id}`)).status).toBe(204);
    expect((await send(f, 'PUT', `/pulls/1/reviews/${review.id}`, { body: 'edited' })).status).toBe(200);

    expect(f.issueComments.map((c) => c.body)).toEqual(['theirs']);
    expect(f.reviewComments.map((c) => c.body)).toEqual(['p']);
    expect(f.reviews.map((r) => r.body)).toEqual(['edited']);
  });
});
