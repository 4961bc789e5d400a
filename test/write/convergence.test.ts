import { afterEach, describe, expect, it } from 'vitest';
import { EMPTIED_REVIEW_BODY, planDuplicateRemoval } from '../../src/write/inline-convergence';
import { createReviewPublisher } from '../../src/write/publisher';
import { createWriteGate } from '../../src/github/write-gate';
import { createVirtualClock } from '../support/virtual-clock';
import { PullRequestNotFoundError } from '../../src/github/pull-head';
import { planSummary, reviewedHeadOf, supersededNote } from '../../src/write/summary-convergence';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import { renderSummary } from '../../src/render/summary/summary';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import { addedFilePatch, HEAD, planned, prRef, startFake, TOKEN } from '../github/helpers';

const NEW_HEAD = 'b'.repeat(40);
const body = (text: string, sha: string): string => `${SUMMARY_MARKER}\n${text}\n\n<sub>Tokens used: 1 · reviewed at \`${sha.slice(0, 12)}\` · review-gate</sub>\n`;

describe('reviewedHeadOf', () => {
  it('reads the commit from the footer renderSummary writes', () => {
    const rendered = renderSummary(
      {
        verdict: { result: 'passed', reasons: [], notices: [], counted: { error: 0, warning: 0, info: 0 } },
        files: [],
        overflow: [],
        notCommentable: [],
        rejected: [],
        tokensUsed: 10,
        headSha: HEAD,
      },
      { marker: true, maxLength: 65_536 },
    );
    expect(reviewedHeadOf(rendered)).toBe(HEAD.slice(0, 12));
  });

  it('ignores the words anywhere but in the footer', () => {
    expect(reviewedHeadOf(`${SUMMARY_MARKER}\nA finding says reviewed at \`bbbbbbbbbbbb\` · review-gate</sub> here.\n\n<sub>review-gate</sub>`)).toBeUndefined();
  });
});

describe('planSummary', () => {
  const run = { body: body('ours', HEAD), headSha: HEAD };

  it('creates when there is none, only for the current head', () => {
    expect(planSummary([], run, HEAD)).toEqual({ keep: undefined, write: run.body, remove: [] });
    expect(planSummary([], run, NEW_HEAD)).toEqual({ keep: undefined, write: undefined, remove: [] });
  });

  it('keeps the oldest, writes our content into it and removes the others', () => {
    const own = [{ id: 9, body: body('racing run', HEAD) }, { id: 4, body: body('old', HEAD) }];
    expect(planSummary(own, run, HEAD)).toEqual({ keep: own[1], write: run.body, remove: [9] });
  });

  it('writes nothing when the oldest already says what we would', () => {
    expect(planSummary([{ id: 4, body: run.body }], run, HEAD)).toEqual({ keep: { id: 4, body: run.body }, write: undefined, remove: [] });
  });

  it("moves a newer run's content for the current head into the oldest when ours is stale", () => {
    const newer = body('newer run', NEW_HEAD);
    const own = [{ id: 4, body: run.body }, { id: 9, body: newer }];
    expect(planSummary(own, run, NEW_HEAD)).toEqual({ keep: own[0], write: newer, remove: [9] });
  });

  it('leaves the content for the current head where it is when ours is stale', () => {
    const own = [{ id: 4, body: body('newer run', NEW_HEAD) }, { id: 9, body: run.body }];
    expect(planSummary(own, run, NEW_HEAD)).toEqual({ keep: own[0], write: undefined, remove: [9] });
  });

  it('replaces our stale content with a note naming both commits until the newer run writes', () => {
    const own = [{ id: 4, body: run.body }];
    expect(planSummary(own, run, NEW_HEAD)).toEqual({ keep: own[0], write: supersededNote(HEAD, NEW_HEAD), remove: [] });
    expect(supersededNote(HEAD, NEW_HEAD)).toContain('moved from `aaaaaaaaaaaa` to `bbbbbbbbbbbb`');
  });
});

describe('planDuplicateRemoval', () => {
  it('keeps the oldest copy of each fingerprint and names the reviews left empty', () => {
    const comments = [
      { id: 20, reviewId: 2, fingerprints: ['f1'] },
      { id: 11, reviewId: 1, fingerprints: ['f1'] },
      { id: 12, reviewId: 1, fingerprints: ['f2'] },
      { id: 21, reviewId: 2, fingerprints: ['f2'] },
      { id: 30, reviewId: 3, fingerprints: ['f3'] },
      { id: 31, reviewId: 3, fingerprints: ['f1'] },
      { id: 40, reviewId: 4, fingerprints: [] },
    ];
    const plan = planDuplicateRemoval(comments);
    expect(plan.remove.map((c) => c.id)).toEqual([20, 21, 31]);
    expect(plan.emptied).toEqual([2]);
  });
});

describe('the publisher when runs race or the head moves', () => {
  const pull: FakePull = { number: 7, headSha: HEAD, files: [{ filename: 'src/a.ts', status: 'added', patch: addedFilePatch(10), additions: 10 }] };
  let fake: FakeGitHub | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });
  async function setup() {
    const started = await startFake([{ ...pull }]);
    fake = started.fake;
    return { ...started, publisher: createReviewPublisher(started.octokit, { log: started.log, writeGate: createWriteGate(createVirtualClock()) }) };
  }
  const reviewsPath = '/repos/acme/widgets/pulls/7/reviews';
  const commentsPath = '/repos/acme/widgets/issues/7/comments';

  it('posts nothing and answers superseded when the head moved', async () => {
    const { fake, publisher } = await setup();
    fake.movePullHead(7, NEW_HEAD);

    expect(await publisher.postReview(prRef(), [planned('src/a.ts', 1, 1)], 'Review body')).toEqual({ kind: 'superseded', headSha: NEW_HEAD });
    expect(await publisher.upsertSummary(prRef(), body('ours', HEAD))).toEqual({ kind: 'superseded', headSha: NEW_HEAD });
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('deletes its own copies when a racing review with the same comments landed first, and counts them as already there', async () => {
    const { fake, publisher } = await setup();
    const comments = [planned('src/a.ts', 1, 1), planned('src/a.ts', 2, 2)];
    // The racing run's review lands while ours is on its way.
    fake.onNext({ method: 'POST', path: reviewsPath }, async () => {
      await fetch(`${fake.url}${reviewsPath}`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}` },
        body: JSON.stringify({ commit_id: HEAD, event: 'COMMENT', body: 'racing', comments: comments.map((c) => ({ path: c.path, line: c.line, side: 'RIGHT', body: c.body })) }),
      });
    });

    const result = await publisher.postReview(prRef(), comments, 'Review body');

    expect(fake.reviewComments.map((c) => [c.line, fake?.reviews.find((r) => r.id === c.pull_request_review_id)?.body])).toEqual([
      [1, 'racing'],
      [2, 'racing'],
    ]);
    expect(fake.reviews.find((r) => r.body !== 'racing')?.body).toBe(EMPTIED_REVIEW_BODY);
    expect(result).toMatchObject({ kind: 'posted', posted: [], alreadyPresent: comments });
  });

  it('sends the summary once more when GitHub answered 502 without storing it', async () => {
    const { fake, publisher } = await setup();
    fake.failNext({ method: 'POST', path: commentsPath }, { status: 502 });

    expect(await publisher.upsertSummary(prRef(), body('ours', HEAD))).toMatchObject({ kind: 'created' });
    expect(fake.issueComments.map((c) => c.body)).toEqual([body('ours', HEAD)]);
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path !== '/graphql')).toHaveLength(2);
  });

  it('takes an older summary by another app for none of its own: edits its own, and neither edits nor deletes the app’s', async () => {
    const { fake, publisher } = await setup();
    const other = fake.addIssueComment(7, body('another bot', HEAD), 'other-app[bot]');
    const mine = fake.addIssueComment(7, body('old', HEAD));

    expect(await publisher.upsertSummary(prRef(), body('ours', HEAD))).toEqual({ kind: 'updated', url: mine.html_url });
    expect(fake.issueComments.map((c) => c.body)).toEqual([body('another bot', HEAD), body('ours', HEAD)]);
    expect(fake.requests.filter((r) => r.method !== 'GET' && r.path.endsWith(`/comments/${other.id}`))).toEqual([]);
  });

  it('reports a pull request GitHub does not know as not found, naming it', async () => {
    const { publisher } = await setup();
    const error: unknown = await publisher.postReview(prRef(8), [], 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PullRequestNotFoundError);
    expect((error as Error).message).toMatch(/^Pull request #8 was not found in acme\/widgets \(GitHub answered 404\)/);
  });
});
