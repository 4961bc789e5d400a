/**
 * End to end: review-gate takes a comment for its own only when its author is the account its
 * token posts as (GraphQL's `viewer`), never because it is a bot. Another app's comment carrying
 * review-gate's fingerprint is not its thread — a maintainer's dismissal under it counts for
 * nothing, and review-gate posts its own comment on the finding — and another app's comment
 * carrying the summary marker is never its summary. When the run cannot learn its identity, it
 * trusts no comment: no dismissal counts, the log and the summary say so once, and the copies of
 * its comments it may post meanwhile are removed by the next run that knows who it is.
 */
import { describe, expect, it } from 'vitest';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { SUMMARY_MARKER, fingerprintMarker } from '../../src/domain/markers';
import type { FakeGitHub, FakeReviewComment } from '../doubles/fake-github';
import type { ActionRun } from '../doubles/run-action';
import { NUMBER, addedFile, fixtureOf } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { runAgainst } = harness;

const EVAL = 'eval() runs arbitrary code; with untrusted input this is code injection.';
const ACTIONS_BOT = 'github-actions[bot]';
const OTHER_APP = 'other-app[bot]';
const REASON = 'false positive: the input is validated upstream';
const fixture = fixtureOf([
  addedFile('src/app.py', ['import json', 'def handle(raw):', '    return eval(json.loads(raw)["expr"])']),
  addedFile('src/own.py', ['def run(x):', '    return eval(x)']),
]);
const INPUTS = { 'check-run': 'false' };
const UNKNOWN = /review-gate could not learn which account its token posts as \(GraphQL viewer: [^)]*\), so it takes no comment on the pull request for its own: no dismissal counts/g;

/** Another app's inline comment on app.py's eval() line, carrying review-gate's markers for it, and its summary-marked comment. */
function otherAppComments(github: FakeGitHub): { thread: FakeReviewComment; summaryBody: string } {
  const lineText = '    return eval(json.loads(raw)["expr"])';
  const markers = [findingFingerprint({ path: 'src/app.py', message: EVAL, lineText }), findingFingerprint({ path: 'src/app.py', message: EVAL, lineText, source: 'security-flag' })];
  const thread = github.addReviewComment(NUMBER, { path: 'src/app.py', line: 3, body: `🛑 **Error**\n\n${EVAL}\n\n${markers.map(fingerprintMarker).join('\n')}` }, OTHER_APP);
  const summaryBody = `${SUMMARY_MARKER}\n## ✅ Passed\n\nNothing to see here.`;
  github.addIssueComment(NUMBER, summaryBody, OTHER_APP);
  return { thread, summaryBody };
}

const byUs = (github: FakeGitHub) => github.reviewComments.filter((c) => c.user.login === ACTIONS_BOT && c.in_reply_to_id === undefined);
const ourSummaries = (github: FakeGitHub) => github.issueComments.filter((c) => c.user.login === ACTIONS_BOT && c.body.startsWith(SUMMARY_MARKER));
const dismiss = (github: FakeGitHub, comment: FakeReviewComment | undefined) =>
  github.addReply(NUMBER, comment?.id ?? 0, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });
const lines = (run: ActionRun, pattern: RegExp) => [...`${run.stdout}${run.stderr}`.matchAll(pattern)].length;

describe('whose comments review-gate takes for its own', () => {
  it("is the token's own account only: another app's thread, its dismissal and its summary count for nothing, and without an identity no dismissal counts", async () => {
    const { simulator, github } = await harness.servers({ fixture: structuredClone(fixture) });
    const other = otherAppComments(github);
    dismiss(github, other.thread);

    // 1. The other app's thread is not review-gate's: the maintainer's reply to it dismisses nothing.
    const first = await runAgainst(simulator, github, fixture, INPUTS);
    expect(first.exitCode).toBe(1);
    expect(first.outputs).toMatchObject({ result: 'failed', errors: '2' });
    expect(first.stepSummary).not.toContain('dismissed by @mona');
    // review-gate posts its own comment on the finding the other app's comment imitates.
    expect(byUs(github).map((c) => `${c.path}:${c.line}`).sort()).toEqual(['src/app.py:3', 'src/own.py:2']);
    // Its summary is its own comment; the other app's is neither edited nor deleted.
    expect(ourSummaries(github)).toHaveLength(1);
    expect(github.issueComments.find((c) => c.user.login === OTHER_APP)?.body).toBe(other.summaryBody);
    expect(github.requests.filter((r) => r.method !== 'GET' && r.path.includes(`/comments/${other.thread.id}`))).toEqual([]);
    expect(lines(first, UNKNOWN)).toBe(0);

    // 2. GitHub cannot say who the token is: no comment is trusted, so a writer's dismissal of
    // review-gate's own comment does not count either, and the log and summaries say why, once.
    dismiss(github, byUs(github).find((c) => c.path === 'src/own.py'));
    github.setViewerRefused(true);
    const second = await runAgainst(simulator, github, fixture, INPUTS);
    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '2' });
    expect(lines(second, UNKNOWN)).toBe(1);
    expect([...second.stepSummary.matchAll(UNKNOWN)]).toHaveLength(1);
    const latest = ourSummaries(github).at(-1)?.body.replaceAll('\u200B', '') ?? '';
    expect([...latest.matchAll(UNKNOWN)]).toHaveLength(1);
    expect(latest).not.toContain('dismissed by @mona');

    // 3. Knowing its identity again, the dismissal of its own comment counts, the other app's
    // never does, and the copies the second run posted are gone: one of each stays.
    github.setViewerRefused(false);
    const third = await runAgainst(simulator, github, fixture, INPUTS);
    expect(third.exitCode).toBe(1);
    expect(third.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(third.stepSummary.replaceAll('\u200B', '')).toMatch(/`src\/own\.py:2` — eval\(\)[^\n]* — \*\*dismissed by @mona: false positive/);
    expect(byUs(github).map((c) => `${c.path}:${c.line}`).sort()).toEqual(['src/app.py:3', 'src/own.py:2']);
    expect(ourSummaries(github)).toHaveLength(1);
    expect(github.reviewComments.filter((c) => c.user.login === OTHER_APP)).toEqual([other.thread]);
  });
});
