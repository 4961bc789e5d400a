/**
 * End to end: a finding review-gate commented on and that a later push fixes has its review
 * thread resolved (GraphQL `resolveReviewThread`); when the token may not resolve threads, its
 * comment says it was fixed at the new head instead — unless people replied in the thread. Only
 * files reviewed in the run count: a comment on a file the run left out stays open. The summary
 * counts the findings fixed since the last run.
 */
import { describe, expect, it } from 'vitest';
import { FIXED_MARKER, extractFingerprints } from '../../src/domain/markers';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub, FakeGitHubOptions, FakeReviewComment } from '../doubles/fake-github';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture } from '../doubles/run-action';
import { NUMBER, SECOND_HEAD, addedFile, fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { run: runAction } = harness;

/** handler.py: two eval() findings; the push fixes the one on line 6 and keeps the one on line 5. */
const HANDLER = ['import json', '', '', 'def handle(raw):', '    rule = eval(raw)', '    return eval(json.loads(raw)["expr"])'];
const FIXED_HANDLER = ['import json', '', '', 'def handle(raw):', '    rule = eval(raw)', '    return json.loads(raw)["expr"]'];
/** util.py keeps its finding, but the second run does not review it. */
const UTIL = ['def run(code):', '    return eval(code)'];
const first = fixtureOf([addedFile('src/handler.py', HANDLER), addedFile('src/util.py', UTIL)]);
const pushedFiles = () => [addedFile('src/handler.py', FIXED_HANDLER), addedFile('src/util.py', UTIL)];
const second = fixtureOf(pushedFiles(), SECOND_HEAD);

function servers(github: Partial<FakeGitHubOptions> = {}): Promise<{ simulator: RunningSimulator; github: FakeGitHub }> {
  return harness.servers({ fixture: structuredClone(first), github });
}

function run(simulator: RunningSimulator, github: FakeGitHub, fixture: PullRequestFixture): Promise<ActionRun> {
  return runAction({
    // util.py is left out of the later runs: its comment must stay open although its finding is not in them.
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...(fixture === first ? {} : { exclude: 'src/util.py' }) },
    githubApiUrl: github.url,
    fixture,
  });
}

/** Runs on the first head, then pushes the fix; returns the comments of the first run by line. */
async function commentThenPushFix(simulator: RunningSimulator, github: FakeGitHub): Promise<Record<'kept' | 'fixed' | 'util', FakeReviewComment>> {
  const result = await run(simulator, github, first);
  expect(result.exitCode).toBe(1);
  const at = (path: string, line: number): FakeReviewComment => {
    const comment = ownComments(github).find((c) => c.path === path && c.line === line);
    if (comment === undefined) throw new Error(`No review-gate comment on ${path}:${line}`);
    return comment;
  };
  const comments = { kept: at('src/handler.py', 5), fixed: at('src/handler.py', 6), util: at('src/util.py', 2) };
  github.push(NUMBER, SECOND_HEAD, pushedFiles());
  return comments;
}

describe('a finding fixed by a later push', () => {
  it('has its thread resolved; threads of findings still there, or in files not reviewed, stay open', async () => {
    const { simulator, github } = await servers();
    const comments = await commentThenPushFix(simulator, github);
    const fixedBody = comments.fixed.body;

    const result = await run(simulator, github, second);

    expect(github.isThreadResolved(comments.fixed.id)).toBe(true);
    expect(github.isThreadResolved(comments.kept.id)).toBe(false);
    expect(github.isThreadResolved(comments.util.id)).toBe(false);
    expect(github.reviewComments.find((c) => c.id === comments.fixed.id)?.body).toBe(fixedBody);
    expect(summaryBody(github)).toContain('**Fixed since the last run:** 1 finding (1 thread resolved).');
    // The verdict is the gate's, from the findings: the remaining eval() still fails it.
    expect(result.exitCode).toBe(1);
    expect(result.outputs.errors).toBe('1');

    // A later run finds the thread resolved already: nothing newly fixed, nothing written.
    const again = await run(simulator, github, second);
    expect(again.exitCode).toBe(1);
    expect(summaryBody(github)).not.toContain('Fixed since the last run');
    const mutations = github.requests.filter((r) => r.path === '/graphql' && JSON.stringify(r.body).includes('resolveReviewThread'));
    expect(mutations).toHaveLength(1);
  });

  it("has its comment edited to say it was fixed at the new head when the token may not resolve threads", async () => {
    const { simulator, github } = await servers({ refuseThreadResolution: true });
    const comments = await commentThenPushFix(simulator, github);

    const result = await run(simulator, github, second);

    expect(github.isThreadResolved(comments.fixed.id)).toBe(false);
    const edited = github.reviewComments.find((c) => c.id === comments.fixed.id)?.body ?? '';
    expect(edited).toContain(FIXED_MARKER);
    expect(edited).toContain("✅ **Fixed** at `dddddddddddd`: review-gate no longer finds this at the pull request's head.");
    // Still recognisable as the same comment: its fingerprint stays, and it is not posted again.
    expect(extractFingerprints(edited)).toEqual(extractFingerprints(comments.fixed.body));
    for (const other of [comments.kept, comments.util]) {
      expect(github.reviewComments.find((c) => c.id === other.id)?.body).not.toContain(FIXED_MARKER);
    }
    expect(summaryBody(github)).toContain('**Fixed since the last run:** 1 finding (1 comment marked fixed, as the token may not resolve threads).');
    expect(result.stdout).toMatch(/::warning::acme\/widgets#12: the token may not resolve review threads \(Resource not accessible by integration\)/);

    // The mark is the record: the next run neither edits it again nor counts it as newly fixed.
    const patchesBefore = github.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/pulls/comments/')).length;
    await run(simulator, github, second);
    expect(github.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/pulls/comments/')).length).toBe(patchesBefore);
    expect(summaryBody(github)).not.toContain('Fixed since the last run');
  });

  it('leaves a thread people replied in as it is when the token may not resolve it, and the summary says why', async () => {
    const { simulator, github } = await servers({ refuseThreadResolution: true });
    const comments = await commentThenPushFix(simulator, github);
    github.addReply(NUMBER, comments.fixed.id, 'Good catch, fixing.', { login: 'mona', association: 'MEMBER' });

    await run(simulator, github, second);

    expect(github.reviewComments.find((c) => c.id === comments.fixed.id)?.body).toBe(comments.fixed.body);
    const summary = summaryBody(github);
    expect(summary).toContain('**Fixed since the last run:** 1 finding (1 left open).');
    expect(summary).toContain('- `src/handler.py` — the token may not resolve its thread, and people replied in it, so it is not edited');
  });

  it('resolves a thread people replied in when the token may', async () => {
    const { simulator, github } = await servers();
    const comments = await commentThenPushFix(simulator, github);
    github.addReply(NUMBER, comments.fixed.id, 'Good catch, fixing.', { login: 'mona', association: 'MEMBER' });

    await run(simulator, github, second);

    expect(github.isThreadResolved(comments.fixed.id)).toBe(true);
    expect(github.reviewComments.find((c) => c.id === comments.fixed.id)?.body).toBe(comments.fixed.body);
  });
});
