/**
 * Reading the review threads and closing the fixed ones, against the fake GitHub: thread ids
 * from the paginated GraphQL query, the resolve mutation, the fallback edit, and the split of a
 * listing into review-gate's comments and the dismissal replies to them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteGate } from '../../src/github/write-gate';
import { createReviewFeedback, readSnapshot } from '../../src/write/review-feedback';
import type { ListedComment } from '../../src/write/review-feedback';
import { createAuthorTrust } from '../../src/write/identity';
import { fixedBody, listReviewThreads } from '../../src/write/review-threads';
import { FIXED_MARKER, fingerprintMarker } from '../../src/domain/markers';
import type { FakeGitHub, FakeGitHubOptions, FakePull } from '../doubles/fake-github';
import { createVirtualClock } from '../support/virtual-clock';
import { HEAD, addedFilePatch, prRef, startFake } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const pull: FakePull = { number: 7, headSha: HEAD, files: [{ filename: 'src/a.ts', status: 'added', patch: addedFilePatch(200), additions: 200 }] };
const fp = (n: number): string => n.toString(16).padStart(32, '0');

/** A fake with `count` review-gate comments, one per line, each its own thread. */
async function setup(count: number, extra: Partial<FakeGitHubOptions> = {}) {
  const started = await startFake([pull], extra);
  fake = started.fake;
  const comments = Array.from({ length: count }, (_, i) => ({ path: 'src/a.ts', line: i + 1, side: 'RIGHT', body: `Finding ${i + 1}\n\n${fingerprintMarker(fp(i + 1))}` }));
  const response = await fetch(`${fake.url}/repos/acme/widgets/pulls/7/reviews`, {
    method: 'POST',
    headers: { authorization: 'token ghs_testtoken_0123456789abcdef' },
    body: JSON.stringify({ commit_id: HEAD, event: 'COMMENT', body: 'review', comments }),
  });
  expect(response.status).toBe(200);
  const feedback = createReviewFeedback({ octokit: started.octokit, gate: createWriteGate(createVirtualClock()), trusted: createAuthorTrust(started.octokit), log: started.log });
  return { ...started, fake: started.fake, feedback };
}

describe('listReviewThreads', () => {
  it('pages through every thread, 100 at a time', async () => {
    const { octokit, fake } = await setup(150);
    const threads = await listReviewThreads(octokit, prRef());
    expect(threads.size).toBe(150);
    const ids = fake.reviewComments.map((c) => c.id);
    expect(threads.get(ids[149] as number)).toEqual({ id: `PRRT_${ids[149]}`, isResolved: false });
    expect(fake.requests.filter((r) => r.path === '/graphql')).toHaveLength(2);
  });
});

describe('closing fixed threads', () => {
  it('resolves the thread of each fixed finding', async () => {
    const { fake, feedback } = await setup(3);
    const snapshot = await feedback.read(prRef());
    const report = await feedback.closeFixed(prRef(), snapshot.own.slice(0, 2));
    expect(report).toEqual({ fixed: 2, resolved: 2, markedFixed: 0, left: [] });
    expect(fake.reviewComments.map((c) => fake.isThreadResolved(c.id))).toEqual([true, true, false]);
  });

  it('edits the comments instead when the mutation is refused, asking GraphQL only once', async () => {
    const { fake, feedback } = await setup(3, { refuseThreadResolution: true });
    const snapshot = await feedback.read(prRef());
    const report = await feedback.closeFixed(prRef(), snapshot.own);
    expect(report).toEqual({ fixed: 3, resolved: 0, markedFixed: 3, left: [] });
    expect(fake.reviewComments.every((c) => c.body.startsWith(FIXED_MARKER))).toBe(true);
    const mutations = fake.requests.filter((r) => r.path === '/graphql' && JSON.stringify(r.body).includes('resolveReviewThread'));
    expect(mutations).toHaveLength(1);
  });

  it('edits the comments when the threads cannot be listed at all', async () => {
    const { fake, feedback } = await setup(1);
    const snapshot = await feedback.read(prRef());
    fake.failNext({ method: 'POST', path: '/graphql' }, { status: 404, body: { message: 'Not Found' } });
    const report = await feedback.closeFixed(prRef(), snapshot.own);
    expect(report).toMatchObject({ fixed: 1, resolved: 0, markedFixed: 1 });
    expect(fake.reviewComments[0]?.body).toBe(fixedBody(snapshot.own[0]?.body ?? '', HEAD));
  });

  it('leaves a thread open, for the next run, when resolving fails for another reason than permission', async () => {
    const { fake, feedback } = await setup(1);
    const snapshot = await feedback.read(prRef());
    // The listing (first request) goes through; the mutation (second) gets an error that is no refusal.
    const graphql = { method: 'POST', path: '/graphql' };
    fake.onNext(graphql, () => {
      fake.onNext(graphql, () => fake.failNext(graphql, { status: 200, body: { errors: [{ type: 'INTERNAL', message: 'Something went wrong' }] } }));
    });
    const report = await feedback.closeFixed(prRef(), snapshot.own);
    expect(report.left).toEqual([{ path: 'src/a.ts', why: 'resolving its thread failed (Something went wrong); the next run tries again' }]);
    expect(fake.reviewComments[0]?.body).not.toContain(FIXED_MARKER);
  });
});

describe('readSnapshot', () => {
  const listed = (over: Partial<ListedComment> & { id: number }): ListedComment => ({
    body: '', path: 'src/a.ts', user: { login: 'github-actions[bot]', type: 'Bot' }, ...over,
  });

  it("keeps review-gate's comments with fingerprints, counts people's replies, and takes dismissals only under its comments", () => {
    const comments = [
      listed({ id: 1, body: `Finding\n${fingerprintMarker(fp(1))}` }),
      listed({ id: 2, in_reply_to_id: 1, body: '/review-gate dismiss safe', user: { login: 'mona', type: 'User' } }),
      listed({ id: 3, in_reply_to_id: 1, body: 'thanks', user: { login: 'hubot', type: 'User' } }),
      // A person's comment that imitates one of review-gate's: replies to it dismiss nothing.
      listed({ id: 4, body: `fake ${fingerprintMarker(fp(4))}`, user: { login: 'mallory', type: 'User' } }),
      listed({ id: 5, in_reply_to_id: 4, body: '/review-gate dismiss mine', user: { login: 'mallory', type: 'User' } }),
      // review-gate's own text in a reply (never a dismissal) and a reply whose parent is gone.
      listed({ id: 6, in_reply_to_id: 1, body: '/review-gate dismiss bot' }),
      listed({ id: 7, in_reply_to_id: 99, body: '/review-gate dismiss orphan', user: { login: 'mona', type: 'User' } }),
    ];
    const snapshot = readSnapshot(comments, new Set([1, 6]));
    expect(snapshot.own).toEqual([{ id: 1, path: 'src/a.ts', fingerprints: [fp(1)], body: comments[0]?.body, humanReplies: 2, markedFixed: false }]);
    expect(snapshot.dismissals).toEqual([
      { commentId: 2, fingerprints: [fp(1)], threadId: 1, line: undefined, occurrences: 1, login: 'mona', body: '/review-gate dismiss safe' },
    ]);
  });
});
