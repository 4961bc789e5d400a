/**
 * Small pull requests for the end-to-end tests of dismissals, suppressions and fixed threads:
 * files added whole (every line is an added line), pushes that change them, and the
 * `pull_request_review_comment` event a reply sends. The simulator finds `eval(` (an error) on
 * python, javascript and typescript lines; see test/doubles/simulator/rules.ts.
 */
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { FakeFile, FakeGitHub, FakeReviewComment } from '../doubles/fake-github';
import type { PullRequestFixture } from '../doubles/run-action';

export const OWNER = 'acme';
export const REPO = 'widgets';
export const NUMBER = 12;
export const FIRST_HEAD = 'c'.repeat(40);
export const SECOND_HEAD = 'd'.repeat(40);

/** A file the pull request adds: its whole content is one hunk of added lines. */
export function addedFile(filename: string, lines: readonly string[]): FakeFile & { content: string; patch: string } {
  return {
    filename,
    status: 'added',
    content: `${lines.join('\n')}\n`,
    patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n'),
    additions: lines.length,
  };
}

/** Lines no simulator rule finds anything in: `value_1 = 1`, `value_2 = 2`, … */
export function quietLines(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `value_${i + 1} = ${i + 1}`);
}

/** src/app.py, 6 lines, of which the pull request changes line 3: lines 2 and 4 are context, 6 is outside the diff. */
export function modifiedLineThree(): FakeFile & { content: string; patch: string } {
  return {
    filename: 'src/app.py',
    status: 'modified',
    content: 'a = 1\nb = 2\nc = 30\nd = 4\ne = 5\nf = 6\n',
    patch: '@@ -2,3 +2,3 @@\n b = 2\n-c = 3\n+c = 30\n d = 4',
    additions: 1,
    deletions: 1,
  };
}

export function fixtureOf(files: Array<FakeFile & { content: string }>, headSha = FIRST_HEAD): PullRequestFixture {
  return {
    owner: OWNER,
    repo: REPO,
    number: NUMBER,
    title: 'Add a handler',
    headSha,
    baseSha: '0'.repeat(40),
    headRepo: `${OWNER}/${REPO}`,
    files: files.map(({ content, ...file }) => ({ ...file, content })),
  };
}

/** The payload GitHub sends for a new review comment (a reply when `in_reply_to_id` is set). */
export function reviewCommentEvent(fixture: PullRequestFixture, comment: FakeReviewComment, action = 'created'): unknown {
  const full = `${fixture.owner}/${fixture.repo}`;
  return {
    action,
    comment: {
      id: comment.id,
      body: comment.body,
      path: comment.path,
      user: comment.user,
      author_association: comment.author_association,
      ...(comment.in_reply_to_id === undefined ? {} : { in_reply_to_id: comment.in_reply_to_id }),
    },
    pull_request: {
      number: fixture.number,
      head: { sha: fixture.headSha, repo: { full_name: full } },
      base: { sha: fixture.baseSha, repo: { full_name: full } },
    },
    repository: { full_name: full, name: fixture.repo, owner: { login: fixture.owner } },
  };
}

/** The summary comment's body, with the zero-width spaces that defuse @mentions taken out. */
export function summaryBody(github: FakeGitHub): string {
  const summaries = github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));
  if (summaries.length !== 1) throw new Error(`Expected one summary comment, found ${summaries.length}`);
  return (summaries[0]?.body ?? '').replaceAll('\u200B', '');
}

/** review-gate's inline comments (not replies). */
export function ownComments(github: FakeGitHub): FakeReviewComment[] {
  return github.reviewComments.filter((c) => c.user.type === 'Bot' && c.in_reply_to_id === undefined);
}
