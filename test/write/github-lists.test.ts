/**
 * Every list the report stage reads from GitHub — review comments, reviews, issue comments, check
 * runs, annotations and review threads — against the fake GitHub serving pages that overlap or
 * hold a null entry: each entry is read once, and a null one is refused with the list, the page
 * and the position, never a TypeError.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createWriteGate } from '../../src/github/write-gate';
import { upsertCheckRun } from '../../src/write/check-run/upsert';
import type { CheckRunContent } from '../../src/write/check-run/upsert';
import { createAuthorTrust } from '../../src/write/identity';
import { listReviewComments } from '../../src/write/inline-convergence';
import { listReviews } from '../../src/write/pending-reviews';
import { listReviewThreads } from '../../src/write/review-threads';
import { upsertSummaryComment } from '../../src/write/summary-comment';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { FakeGitHub, FakeGitHubOptions, FakePull } from '../doubles/fake-github';
import { createVirtualClock } from '../support/virtual-clock';
import { HEAD, TOKEN, addedFilePatch, listRefusal, prRef, startFake } from '../github/helpers';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const pull: FakePull = { number: 7, headSha: HEAD, files: [{ filename: 'src/a.ts', status: 'added', patch: addedFilePatch(10), additions: 10 }] };

/** Every list whose path ends with `suffix` served by `pages(entries)`. */
const served = (suffix: string, pages: (items: unknown[]) => unknown[][]): Partial<FakeGitHubOptions> => ({
  listPages: ({ path, items }) => (path.endsWith(suffix) && items.length > 0 ? pages(items) : undefined),
});
const twice = (items: unknown[]) => [items, items];
const withNull = (items: unknown[]) => [[items[0], null]];

async function withReview(extra: Partial<FakeGitHubOptions>) {
  const started = await startFake([pull], extra);
  fake = started.fake;
  const comments = [1, 2].map((line) => ({ path: 'src/a.ts', line, side: 'RIGHT', body: `Finding ${line}` }));
  const response = await fetch(`${fake.url}/repos/acme/widgets/pulls/7/reviews`, {
    method: 'POST',
    headers: { authorization: `token ${TOKEN}` },
    body: JSON.stringify({ commit_id: HEAD, event: 'COMMENT', body: 'review', comments }),
  });
  expect(response.status).toBe(200);
  return started;
}


describe('review comments', () => {
  it('lists each comment once when the pages overlap', async () => {
    const { octokit } = await withReview(served('/pulls/7/comments', twice));
    expect((await listReviewComments(octokit, prRef())).map((c) => c.line)).toEqual([1, 2]);
  });

  it('refuses a null comment', async () => {
    const { octokit } = await withReview(served('/pulls/7/comments', withNull));
    expect(await listRefusal(listReviewComments(octokit, prRef()))).toBe("GitHub's list of the review comments of acme/widgets#7 has a null entry (page 1, position 2)");
  });
});

describe('reviews', () => {
  it('lists each review once when the pages overlap', async () => {
    const { octokit } = await withReview(served('/pulls/7/reviews', twice));
    expect(await listReviews(octokit, prRef())).toHaveLength(1);
  });

  it('refuses a review without an id', async () => {
    const { octokit } = await withReview(served('/pulls/7/reviews', (items) => [[{ ...(items[0] as object), id: null }]]));
    expect(await listRefusal(listReviews(octokit, prRef()))).toBe(
      "GitHub's list of the reviews of acme/widgets#7 has a malformed entry (page 1, position 1): id is not a whole number (got null)",
    );
  });
});

describe('issue comments (the summary comment)', () => {
  const context = (octokit: Parameters<typeof createAuthorTrust>[0]) => ({ octokit, gate: createWriteGate(createVirtualClock()), log: undefined, trusted: createAuthorTrust(octokit) });

  it('updates its one summary listed twice, and deletes nothing', async () => {
    const started = await startFake([pull], served('/issues/7/comments', twice));
    fake = started.fake;
    fake.addIssueComment(7, `${SUMMARY_MARKER}\nold`);

    expect(await upsertSummaryComment(context(started.octokit), prRef(), 'new')).toMatchObject({ kind: 'updated' });
    expect(fake.issueComments.map((c) => c.body)).toEqual([`${SUMMARY_MARKER}\nnew`]);
    expect(fake.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('refuses a null comment', async () => {
    const started = await startFake([pull], served('/issues/7/comments', withNull));
    fake = started.fake;
    fake.addIssueComment(7, 'a person');

    expect(await listRefusal(upsertSummaryComment(context(started.octokit), prRef(), 'new'))).toBe(
      "GitHub's list of the comments of acme/widgets#7 has a null entry (page 1, position 2)",
    );
  });
});

describe('check runs and their annotations', () => {
  const content: CheckRunContent = { name: 'review-gate', headSha: HEAD, conclusion: 'success', title: 'Passed', summary: 'ok', annotations: [] };

  it('refuses a null check run, and writes nothing', async () => {
    const started = await startFake([pull]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: /\/check-runs$/ }, { status: 200, body: { total_count: 1, check_runs: [null] } });

    expect(await listRefusal(upsertCheckRun({ octokit: started.octokit, gate: createWriteGate(createVirtualClock()) }, { owner: 'acme', repo: 'widgets' }, content))).toBe(
      `GitHub's list of the check runs named 'review-gate' on ${HEAD.slice(0, 12)} has a null entry (page 1, position 1)`,
    );
    expect(fake.checkRuns).toEqual([]);
  });

  it('refuses an annotation without a path', async () => {
    const started = await startFake([pull]);
    fake = started.fake;
    const context = { octokit: started.octokit, gate: createWriteGate(createVirtualClock()) };
    const repository = { owner: 'acme', repo: 'widgets' };
    await upsertCheckRun(context, repository, content);
    fake.failNext({ method: 'GET', path: /\/annotations$/ }, { status: 200, body: [{ start_line: 1, end_line: 1, annotation_level: 'failure', message: 'm' }] });

    expect(await listRefusal(upsertCheckRun(context, repository, content))).toMatch(
      /^GitHub's list of the annotations of check run \d+ has a malformed entry \(page 1, position 1\): path is not a string \(got nothing\)$/,
    );
  });
});

describe('review threads (GraphQL)', () => {
  it('refuses a null thread', async () => {
    const { octokit } = await withReview({});
    fake?.failNext({ method: 'POST', path: '/graphql' }, {
      status: 200,
      body: { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [null] } } } } },
    });
    expect(await listRefusal(listReviewThreads(octokit, prRef()))).toBe("GitHub's list of the review threads of acme/widgets#7 has a null entry (page 1, position 1)");
  });

  it('refuses a cursor that never ends after 100 pages', async () => {
    const { octokit } = await withReview({});
    const page = { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: true, endCursor: 'same' }, nodes: [] } } } } };
    fake?.failNext({ method: 'POST', path: '/graphql' }, { status: 200, body: page }, 200);
    expect(await listRefusal(listReviewThreads(octokit, prRef()))).toBe("GitHub's list of the review threads of acme/widgets#7 did not end after 100 pages; it is not read further");
    expect(fake?.requests.filter((r) => r.path === '/graphql')).toHaveLength(100);
  });
});
