import { afterEach, describe, expect, it } from 'vitest';
import { GitHubApiError, PendingReviewConflictError } from '../../src/github/errors';
import { PROBE_BODY } from '../../src/write/pending-reviews';
import { createWriteGate } from '../../src/github/write-gate';
import { createReviewPublisher } from '../../src/write/publisher';
import { CONTINUATION_BODY } from '../../src/write/review-batches';
import { SUMMARY_MARKER, fingerprintMarker } from '../../src/domain/markers';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import { createVirtualClock } from '../support/virtual-clock';
import { addedFilePatch, HEAD, planned, posts, prRef, reviewStates, reviewWrites, startFake, TOKEN } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Two files: a.ts adds lines 1–40; b.ts changes lines 10–14 of an existing file. */
const pull: FakePull = {
  number: 7,
  headSha: HEAD,
  files: [
    { filename: 'src/a.ts', status: 'added', patch: addedFilePatch(40), additions: 40 },
    { filename: 'src/b.ts', status: 'modified', patch: '@@ -10,4 +10,5 @@\n ctx\n-old\n+new\n+new2\n ctx\n ctx', additions: 2, deletions: 1 },
  ],
};

/** A fake GitHub holding `pull`, and a publisher writing to it; the caller closes the fake. */
async function startPublisher(extra: Parameters<typeof startFake>[1] = {}) {
  const started = await startFake([pull], extra);
  const clock = createVirtualClock();
  const publisher = createReviewPublisher(started.octokit, { log: started.log, writeGate: createWriteGate(clock) });
  return { ...started, publisher, sleeps: clock.sleeps };
}

/** startPublisher(), its fake closed after the test. */
async function setup(extra: Parameters<typeof startFake>[1] = {}) {
  const started = await startPublisher(extra);
  fake = started.fake;
  return started;
}

const reviewPosts = (f: FakeGitHub): number => posts(f, '/pulls/7/reviews');
const reviewsPath = '/repos/acme/widgets/pulls/7/reviews';

/** A review created straight on the fake, as another run or a person would have. */
async function createReviewDirectly(f: FakeGitHub, input: Record<string, unknown>): Promise<{ id: number }> {
  const response = await fetch(`${f.url}${reviewsPath}`, {
    method: 'POST',
    headers: { authorization: `token ${TOKEN}` },
    body: JSON.stringify({ commit_id: HEAD, ...input }),
  });
  return (await response.json()) as { id: number };
}

describe('postReview', () => {
  it.each([
    ['a person', 'mallory'],
    ['another app', 'other-app[bot]'],
  ])('does not let %s suppress a finding by posting its fingerprint first', async (_, login) => {
    const { fake, publisher } = await setup();
    const comment = planned('src/a.ts', 3, 1);
    fake.addReviewComment(7, { path: 'src/a.ts', line: 3, body: `lgtm ${fingerprintMarker(comment.fingerprint)}` }, login);

    const result = await publisher.postReview(prRef(), [comment], 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [comment], alreadyPresent: [] });
    expect(fake.reviewComments.map((c) => c.user.login)).toEqual([login, 'github-actions[bot]']);
  });

  it('posts its comments again, and deletes none, when it cannot learn whose they are', async () => {
    const { fake, publisher, log } = await setup({ viewerRefused: true });
    const comment = planned('src/a.ts', 3, 1);
    await publisher.postReview(prRef(), [comment], 'run 1');
    const second = await publisher.postReview(prRef(), [comment], 'run 2');

    expect(second).toMatchObject({ kind: 'posted', posted: [comment], alreadyPresent: [] });
    expect(fake.reviewComments).toHaveLength(2);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(log.lines.filter((l) => l.level === 'warning' && l.message.includes('could not learn which account'))).toHaveLength(1);
  });

  it('recognises its own earlier comments when it runs with a personal token', async () => {
    const { fake, publisher } = await setup({ login: 'alice' });
    const comment = planned('src/a.ts', 3, 1);
    await publisher.postReview(prRef(), [comment], 'run 1');
    const second = await publisher.postReview(prRef(), [comment], 'run 2');

    expect(second).toMatchObject({ kind: 'posted', posted: [], alreadyPresent: [comment] });
    expect(fake.reviewComments).toHaveLength(1);
  });

  it('posts one review on the head commit with every comment on the RIGHT side', async () => {
    const { fake, publisher } = await setup();
    const comments = [planned('src/a.ts', 3, 1), planned('src/b.ts', 11, 2), planned('src/b.ts', 12, 3)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(reviewPosts(fake)).toBe(1);
    // Each comment's own link, from the listing made after posting (the job summary links to it).
    const links = new Map(comments.map((c, i) => [c.fingerprint, fake.reviewComments[i]?.html_url]));
    expect(result).toEqual({ kind: 'posted', posted: comments, alreadyPresent: [], rejected: [], reviewUrl: fake.reviews[0]?.html_url, links });
    const sent = fake.requests.find((r) => r.method === 'POST')?.body;
    expect(sent).toEqual({
      commit_id: HEAD,
      event: 'COMMENT',
      body: 'Review body',
      comments: comments.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT', body: c.body })),
    });
    expect(fake.reviewComments.map((c) => `${c.path}:${c.line}`)).toEqual(['src/a.ts:3', 'src/b.ts:11', 'src/b.ts:12']);
  });

  it('leaves one copy of each comment when the same review is posted twice', async () => {
    const { fake, publisher } = await setup();
    const comments = [planned('src/a.ts', 3, 1), planned('src/a.ts', 4, 2), planned('src/b.ts', 11, 3)];

    await publisher.postReview(prRef(), comments, 'Review body');
    const second = await publisher.postReview(prRef(), comments, 'Review body');

    expect(reviewPosts(fake)).toBe(1);
    const links = new Map(comments.map((c, i) => [c.fingerprint, fake.reviewComments[i]?.html_url]));
    expect(second).toEqual({ kind: 'posted', posted: [], alreadyPresent: comments, rejected: [], links });
    expect(fake.reviews).toHaveLength(1);
    expect(fake.reviewComments).toHaveLength(3);
  });

  it('posts only the comments not already there', async () => {
    const { fake, publisher } = await setup();
    await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1)], 'first');

    const result = await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1), planned('src/a.ts', 5, 2)], 'second');

    expect(result).toMatchObject({ posted: [planned('src/a.ts', 5, 2)], alreadyPresent: [planned('src/a.ts', 3, 1)] });
    expect(fake.reviewComments).toHaveLength(2);
  });

  it('posts one review, probing refused comments as pending reviews it deletes at once', async () => {
    // Every position of the bad comment, so the bound holds in the worst case, not a lucky one. The
    // positions run at once, each against a fake of its own: each waits on its own round trips.
    const writesAt = await Promise.all(
      Array.from({ length: 20 }, async (_, bad) => {
        const { fake: f, publisher } = await startPublisher();
        try {
          const comments = Array.from({ length: 20 }, (_, i) => planned('src/a.ts', i === bad ? 99 : i + 1, i + 1));

          const result = await publisher.postReview(prRef(), comments, 'Review body');

          expect(result.kind).toBe('posted');
          if (result.kind !== 'posted') throw new Error(`not posted: ${result.kind}`);
          expect(result.rejected).toEqual([comments[bad]]);
          expect(result.posted).toEqual(comments.filter((_, i) => i !== bad));
          expect(reviewStates(f)).toEqual({ submitted: 1, pending: 0 });
          expect(f.reviews[0]).toMatchObject({ body: 'Review body', state: 'COMMENTED', html_url: result.reviewUrl });
          expect(f.reviewComments.map((c) => c.pull_request_review_id)).toEqual(Array.from({ length: 19 }, () => f.reviews[0]?.id));
          const writes = reviewWrites(f);
          // The first attempt (refused) and the one review; every accepted probe deleted.
          expect(writes.submits).toBe(2);
          expect(f.reviewCounts).toEqual({ pendingCreated: writes.deletes, pendingDeleted: writes.deletes, submitted: 1 });
          expect(writes.probes).toBeLessThanOrEqual(2 * Math.log2(20));
          return writes;
        } finally {
          await f.close();
        }
      }),
    );
    const worst = (key: keyof (typeof writesAt)[number]) => Math.max(...writesAt.map((writes) => writes[key]));
    expect({ probes: worst('probes'), deletes: worst('deletes'), submits: worst('submits'), total: worst('total') }).toEqual({ probes: 8, deletes: 5, submits: 2, total: 15 });
  });

  it('still lands the review body when GitHub refuses every comment', async () => {
    const { fake, publisher } = await setup();
    const comments = [planned('src/a.ts', 41, 1), planned('src/b.ts', 2, 2), planned('src/missing.ts', 1, 3)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [], rejected: comments });
    expect(fake.reviews).toEqual([expect.objectContaining({ body: 'Review body', commit_id: HEAD, state: 'COMMENTED' })]);
    expect(fake.reviewComments).toEqual([]);
    expect(result.kind === 'posted' && result.reviewUrl).toBe(fake.reviews[0]?.html_url);
    // Refused attempt, probes [1] [2,3] [2] [3] (none accepted, so nothing to delete), body alone.
    expect(reviewWrites(fake)).toEqual({ probes: 4, deletes: 0, submits: 2, total: 6 });
  });

  it('stops probing at its budget when GitHub refuses all 20 comments, and still posts one review', async () => {
    const { fake, publisher } = await setup();
    const comments = Array.from({ length: 20 }, (_, i) => planned('src/a.ts', 41 + i, i + 1));

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [], rejected: expect.arrayContaining(comments) });
    expect(result.kind === 'posted' && result.rejected).toHaveLength(20);
    expect(reviewWrites(fake)).toEqual({ probes: 25, deletes: 0, submits: 2, total: 27 });
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
  });

  it('deletes a probe a crashed run left pending, then posts the review', async () => {
    const { fake, publisher, log } = await setup();
    const left = await createReviewDirectly(fake, { body: PROBE_BODY, comments: [{ path: 'src/a.ts', line: 1, side: 'RIGHT', body: 'x' }] });
    expect(reviewStates(fake)).toEqual({ submitted: 0, pending: 1 });
    const comments = [planned('src/a.ts', 3, 1), planned('src/a.ts', 99, 2)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [comments[0]], rejected: [comments[1]] });
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
    expect(fake.reviews.find((r) => r.id === left.id)).toBeUndefined();
    expect(fake.requests.filter((r) => r.method === 'DELETE')[0]?.path).toBe(`${reviewsPath}/${left.id}`);
    expect(log.lines).toContainEqual({ level: 'info', message: `acme/widgets#7: deleted 1 pending review(s) review-gate left behind (${left.id})` });
  });

  it("never deletes a pending review it did not create, and says what blocks the review", async () => {
    const { fake, publisher } = await setup();
    const draft = await createReviewDirectly(fake, { body: 'my draft', comments: [{ path: 'src/a.ts', line: 1, side: 'RIGHT', body: 'a thought' }] });

    const error: unknown = await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1)], 'Review body').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PendingReviewConflictError);
    expect((error as Error).message).toMatch(new RegExp(`^acme/widgets#7: the token's user has a pending review review-gate did not create \\(id ${draft.id}\\)`));
    expect(fake.reviews).toEqual([expect.objectContaining({ id: draft.id, state: 'PENDING', body: 'my draft' })]);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('deletes its probe in the end even when deleting it failed during the run', async () => {
    const { fake, publisher } = await setup();
    // The first try and plugin-retry's three retries of the DELETE all fail; the clean-up's works.
    fake.failNext({ method: 'DELETE', path: /\/pulls\/7\/reviews\/\d+$/ }, { status: 500, body: { message: 'Something broke' } }, 4);
    const comments = [planned('src/a.ts', 3, 1), planned('src/a.ts', 99, 2)];

    await expect(publisher.postReview(prRef(), comments, 'Review body')).rejects.toThrow(
      /^Deleting pending review \d+ of acme\/widgets#7 failed: GitHub answered 500 — Something broke$/,
    );
    expect(reviewStates(fake)).toEqual({ submitted: 0, pending: 0 });
    expect(fake.reviewCounts).toEqual({ pendingCreated: 1, pendingDeleted: 1, submitted: 0 });
  });

  it('leaves no pending review when a probe is stored but its answer is lost', async () => {
    const { fake, publisher } = await setup();
    // plugin-retry resends the probe; GitHub refuses it for the pending one, which is ours to delete.
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 422, body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] } });
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 502, afterHandling: true });
    const comments = [planned('src/a.ts', 3, 1), planned('src/a.ts', 99, 2)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [comments[0]], rejected: [comments[1]] });
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
    // The lost probe and its resend; [3] accepted, so [99] is known bad without asking.
    expect(fake.reviewCounts).toEqual({ pendingCreated: 2, pendingDeleted: 2, submitted: 1 });
    expect(reviewWrites(fake)).toEqual({ probes: 3, deletes: 2, submits: 2, total: 7 });
  });

  it('splits 45 comments into reviews of at most 30, the first carrying the body', async () => {
    const { fake, publisher } = await setup();
    const comments = Array.from({ length: 45 }, (_, i) => planned(i < 40 ? 'src/a.ts' : 'src/b.ts', i < 40 ? i + 1 : 10 + (i - 40), i + 1));

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(reviewPosts(fake)).toBe(2);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === reviewsPath).map((r) => r.body as { body: string; comments: unknown[] });
    expect(sent.map((b) => b.comments.length)).toEqual([30, 15]);
    expect(sent.map((b) => b.body)).toEqual(['Review body', CONTINUATION_BODY]);
    expect(result).toMatchObject({ posted: comments, rejected: [] });
  });

  it('answers read-only without throwing when the token cannot write', async () => {
    const { fake, publisher } = await setup({ readOnly: true });

    const result = await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1)], 'Review body');

    expect(result.kind).toBe('read-only');
    expect(result.kind === 'read-only' && result.message).toMatch(/cannot write to acme\/widgets#7 .*403: Resource not accessible by integration.*forks/);
    expect(reviewPosts(fake)).toBe(1);
    expect(fake.reviews).toEqual([]);
  });

  it('counts a review as posted when GitHub stored it but answered 502, and does not send it again', async () => {
    const { fake, publisher, log } = await setup();
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 502, body: { message: 'Server Error' }, afterHandling: true });
    const comments = [planned('src/a.ts', 3, 1), planned('src/b.ts', 11, 2)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: comments, alreadyPresent: [], rejected: [], reviewUrl: fake.reviews[0]?.html_url });
    expect(reviewPosts(fake)).toBe(1);
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
    expect(fake.reviewComments).toHaveLength(2);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/widgets/pulls/7',
      'GET /repos/acme/widgets/pulls/7/comments',
      `POST ${reviewsPath}`,
      'GET /repos/acme/widgets/pulls/7/comments',
      // Who the token posts as: asked once, when a listed comment is first judged.
      'POST /graphql',
      `GET ${reviewsPath}/${fake.reviews[0]?.id}`,
      // Duplicates a racing run may have posted meanwhile: none here.
      'GET /repos/acme/widgets/pulls/7/comments',
    ]);
    expect(log.lines).toContainEqual({ level: 'info', message: 'acme/widgets#7: GitHub answered 502 but the review landed with its 2 comment(s)' });
  });

  it('sends a review once more when GitHub answered 502 without storing it', async () => {
    const { fake, publisher } = await setup();
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 502, body: { message: 'Server Error' } });
    const comments = [planned('src/a.ts', 3, 1)];

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: comments, reviewUrl: fake.reviews[0]?.html_url });
    // Ours, not plugin-retry's: it would have resent at once without looking.
    expect(reviewPosts(fake)).toBe(2);
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
  });

  it('finds a body-only review GitHub stored before answering 502', async () => {
    const { fake, publisher } = await setup();
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 422, body: { message: 'Unprocessable Entity', errors: ['Line could not be resolved'] } });
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 502, afterHandling: true });

    const result = await publisher.postReview(prRef(), [planned('src/a.ts', 99, 1)], 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [], rejected: [planned('src/a.ts', 99, 1)], reviewUrl: fake.reviews[0]?.html_url });
    expect(reviewStates(fake)).toEqual({ submitted: 1, pending: 0 });
    expect(reviewWrites(fake)).toEqual({ probes: 0, deletes: 0, submits: 2, total: 2 });
  });

  it('gives up with GitHub status and message when the review fails twice and is not there, without the token', async () => {
    const { fake, publisher } = await setup();
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 500, body: { message: 'Something broke' } }, 10);

    const error: unknown = await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1)], 'Review body').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GitHubApiError);
    expect(error).toMatchObject({ status: 500, githubMessage: 'Something broke' });
    expect((error as Error).message).toBe(
      'Posting a review on acme/widgets#7 (sent 2 times, not on the pull request afterwards) failed: GitHub answered 500 — Something broke',
    );
    expect(reviewPosts(fake)).toBe(2);
    expect(fake.reviews).toEqual([]);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it('gives up within its request budget when GitHub refuses even the body', async () => {
    const { fake, publisher } = await setup();
    const comments = Array.from({ length: 20 }, (_, i) => planned('src/a.ts', i + 1, i + 1));
    // As GitHub answers when the head moves between the head check and the review.
    const notInPull = { message: 'Unprocessable Entity', errors: ['Commit ID is not part of the pull request'] };
    fake.failNext({ method: 'POST', path: reviewsPath }, { status: 422, body: notInPull }, 100);

    await expect(publisher.postReview(prRef(), comments, 'Review body')).rejects.toThrow(
      /Posting a review on acme\/widgets#7 failed: GitHub answered 422 — Unprocessable Entity \(Commit ID is not part/,
    );
    expect(reviewPosts(fake)).toBeLessThanOrEqual(1 + 25 + 1);
    expect(fake.reviews).toEqual([]);
  });

  it('retries a review after a secondary rate limit and logs it', async () => {
    const { fake, publisher, log } = await setup();
    fake.failNext(
      { method: 'POST', path: '/repos/acme/widgets/pulls/7/reviews' },
      { status: 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before trying again.' }, headers: { 'retry-after': '2' } },
    );

    const result = await publisher.postReview(prRef(), [planned('src/a.ts', 3, 1)], 'Review body');

    expect(result).toMatchObject({ kind: 'posted', posted: [planned('src/a.ts', 3, 1)] });
    expect(reviewPosts(fake)).toBe(2);
    expect(log.lines.filter((l) => l.message.includes('secondary rate limit'))).toEqual([
      { level: 'info', message: 'GitHub secondary rate limit on POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews: retrying in 2s (retry 1 of 3)' },
    ]);
  });

  it('makes a run of three writes without waiting between them', async () => {
    const { fake, publisher, sleeps } = await setup();
    const comments = Array.from({ length: 45 }, (_, i) => planned('src/a.ts', (i % 40) + 1, i + 1));

    await publisher.postReview(prRef(), comments, 'Review body');
    await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nsummary`);

    expect(fake.requests.filter(isWriteRequest)).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });
});

describe('upsertSummary', () => {
  const summaries = (f: FakeGitHub) => f.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));

  it('edits the one summary comment instead of adding another', async () => {
    const { fake, publisher } = await setup();

    const first = await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nrun 1`);
    const second = await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nrun 2`);

    expect(first).toEqual({ kind: 'created', url: fake.issueComments[0]?.html_url });
    expect(second).toEqual({ kind: 'updated', url: fake.issueComments[0]?.html_url });
    expect(summaries(fake).map((c) => c.body)).toEqual([`${SUMMARY_MARKER}\nrun 2`]);
    expect(posts(fake, '/issues/7/comments')).toBe(1);
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('adds the marker when the body lacks it, so the next run finds the comment', async () => {
    const { fake, publisher } = await setup();

    await publisher.upsertSummary(prRef(), 'run 1');
    await publisher.upsertSummary(prRef(), 'run 2');

    expect(summaries(fake).map((c) => c.body)).toEqual([`${SUMMARY_MARKER}\nrun 2`]);
  });

  it('edits the oldest of several summary comments and deletes the others', async () => {
    const { fake, publisher } = await setup();
    const old = fake.addIssueComment(7, `${SUMMARY_MARKER}\nold`);
    const unrelated = fake.addIssueComment(7, 'an unrelated comment');
    fake.addIssueComment(7, `${SUMMARY_MARKER}\nnewer`);

    const result = await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nnow`);

    expect(result).toEqual({ kind: 'updated', url: old.html_url });
    expect(fake.issueComments).toEqual([{ ...old, body: `${SUMMARY_MARKER}\nnow` }, unrelated]);
  });

  it("never takes a person's comment carrying the marker for the summary", async () => {
    const { fake, publisher } = await setup();
    fake.addIssueComment(7, `${SUMMARY_MARKER}\nposted by someone else`, 'mallory');

    const result = await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nours`);

    expect(result.kind).toBe('created');
    expect(fake.requests.filter((r) => r.method === 'PATCH')).toEqual([]);
    expect(summaries(fake).map((c) => [c.user.login, c.body])).toEqual([
      ['mallory', `${SUMMARY_MARKER}\nposted by someone else`],
      ['github-actions[bot]', `${SUMMARY_MARKER}\nours`],
    ]);
  });

  it('answers read-only when the summary cannot be created', async () => {
    const { fake, publisher } = await setup({ readOnly: true });

    const result = await publisher.upsertSummary(prRef(), `${SUMMARY_MARKER}\nsummary`);

    expect(result).toMatchObject({ kind: 'read-only', message: expect.stringContaining('Resource not accessible by integration') });
    expect(fake.issueComments).toEqual([]);
  });
});
