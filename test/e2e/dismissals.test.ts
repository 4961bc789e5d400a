/**
 * End to end: dismissals. A reply `/review-gate dismiss <reason>` by someone with write access to
 * review-gate's inline comment takes the finding out of the gate on the next run — the run the
 * reply itself starts (`pull_request_review_comment`) or one after a push that moves the line. A
 * reply without a reason, or by someone without write access, does not, and the summary says
 * why (fail-closed-dismiss.test.ts covers who has write access).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub, FakeReviewComment } from '../doubles/fake-github';
import type { FakeRole } from '../doubles/fake-github-permissions';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture, RunOptions } from '../doubles/run-action';
import { NUMBER, SECOND_HEAD, addedFile, fixtureOf, ownComments, reviewCommentEvent, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { run: runAction } = harness;

const HANDLER = ['import json', '', '', 'def handle(raw):', '    data = json.loads(raw)', '    return eval(data["expr"])'];
const fixture = fixtureOf([addedFile('src/handler.py', HANDLER)]);
const REASON = 'false positive: input is validated upstream';

function servers(): Promise<{ simulator: RunningSimulator; github: FakeGitHub }> {
  return harness.servers({ fixture: structuredClone(fixture) });
}

function run(simulator: RunningSimulator, github: FakeGitHub, extra: Partial<RunOptions> = {}, inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
    ...extra,
  });
}

/** The first run fails on the eval() finding and comments on it; returns that comment. */
async function failingFirstRun(simulator: RunningSimulator, github: FakeGitHub, inputs: Record<string, string> = {}): Promise<FakeReviewComment> {
  const first = await run(simulator, github, {}, inputs);
  expect(first.exitCode).toBe(1);
  expect(first.outputs.errors).toBe('1');
  const [comment, ...others] = ownComments(github);
  expect(others).toEqual([]);
  expect(comment?.line).toBe(6);
  return comment as FakeReviewComment;
}

/** The run a reply starts: the `pull_request_review_comment` event carrying it. */
function runOnReply(simulator: RunningSimulator, github: FakeGitHub, reply: FakeReviewComment, inputs: Record<string, string> = {}, head: PullRequestFixture = fixture) {
  return run(simulator, github, { eventName: 'pull_request_review_comment', event: reviewCommentEvent(head, reply) }, inputs);
}

describe('a dismissal reply', () => {
  it("passes the run a writer's reply starts, and the summary lists the finding, who dismissed it and why", async () => {
    const { simulator, github } = await servers();
    const comment = await failingFirstRun(simulator, github);

    const reply = github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });
    const second = await runOnReply(simulator, github, reply);

    expect(second.exitCode).toBe(0);
    expect(second.outputs).toMatchObject({ result: 'passed', errors: '0' });
    const summary = summaryBody(github);
    expect(summary).toMatch(/^## ✅ Passed/m);
    expect(summary).toContain('Suppressed or dismissed, not counted by the gate (1)');
    expect(summary).toMatch(/`src\/handler\.py:6` — eval\(\) runs arbitrary code.* — \*\*dismissed by @mona: false positive: input is validated upstream\*\*/);
    expect(second.stepSummary.replaceAll('\u200B', '')).toContain('dismissed by @mona: false positive: input is validated upstream');
    // The dismissed finding is not flagged again: no annotation, no second comment.
    expect(second.stdout).not.toMatch(/^::error file=src\/handler\.py/m);
    expect(ownComments(github)).toHaveLength(1);
  });

  it.each<[string, string, string, FakeRole, RegExp]>([
    ['gives no reason', '/review-gate dismiss', 'MEMBER', 'write', /@mona's dismissal gives no reason \(write "\/review-gate dismiss &lt;reason>"\), so it does not count/],
    ['gives only punctuation', '/review-gate dismiss: …', 'OWNER', 'admin', /@mona's dismissal gives no reason/],
    ['comes from a user with association NONE', `/review-gate dismiss ${REASON}`, 'NONE', 'none', /@mona's dismissal does not count: @mona has no access to the repository; only people with write access can dismiss/],
    ['comes from a CONTRIBUTOR with read', `/review-gate dismiss ${REASON}`, 'CONTRIBUTOR', 'read', /@mona has read access; only people with write access can dismiss/],
  ])('does not count when it %s, and the summary says why', async (_, body, association, permission, why) => {
    const { simulator, github } = await servers();
    const comment = await failingFirstRun(simulator, github);

    github.addReply(NUMBER, comment.id, body, { login: 'mona', association, permission });
    // A push starts this run: a reply that cannot count ends the run it starts at once.
    const second = await run(simulator, github);

    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '1' });
    const summary = summaryBody(github);
    expect(summary).toMatch(/^## ❌ Failed: 1 error finding on added lines/m);
    expect(summary).toContain('Suppressions or dismissals that do not count (1)');
    expect(summary).toMatch(why);
  });

  it('still holds after a push that moves the finding to another line', async () => {
    const { simulator, github } = await servers();
    const comment = await failingFirstRun(simulator, github);
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'COLLABORATOR', permission: 'write' });

    const moved = addedFile('src/handler.py', ['"""Handlers."""', ...HANDLER]);
    github.push(NUMBER, SECOND_HEAD, [moved]);
    const pushed = fixtureOf([moved], SECOND_HEAD);
    const second = await runAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
      githubApiUrl: github.url,
      fixture: pushed,
    });

    expect(second.exitCode).toBe(0);
    expect(second.outputs.result).toBe('passed');
    expect(summaryBody(github)).toMatch(/`src\/handler\.py:7` — eval\(\).* — \*\*dismissed by @mona: false positive/);
  });

  it('does not count with dismiss: off, and the summary says dismissals are turned off', async () => {
    const { simulator, github } = await servers();
    const comment = await failingFirstRun(simulator, github, { dismiss: 'off' });
    github.addReply(NUMBER, comment.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'OWNER', permission: 'admin' });

    const second = await run(simulator, github, {}, { dismiss: 'off' });

    expect(second.exitCode).toBe(1);
    expect(summaryBody(github)).toContain("@mona's dismissal does not count: dismissals are turned off (dismiss: off)");
  });
});

describe('a review comment event that is not a dismissal', () => {
  it.each([
    ['a reply that is not a dismissal', (c: FakeReviewComment, g: FakeGitHub) => g.addReply(NUMBER, c.id, 'Why is this an error?', { login: 'mona', association: 'MEMBER' }), /does not start with "\/review-gate dismiss"/],
    ["review-gate's own comment", (c: FakeReviewComment) => c, /review-gate’s own \(or another bot’s\), and review-gate never reacts to those/],
    ['a bot replying with the command', (c: FakeReviewComment, g: FakeGitHub) => g.addReply(NUMBER, c.id, `/review-gate dismiss ${REASON}`, { login: 'helper[bot]', association: 'NONE', type: 'Bot' }), /own \(or another bot’s\)/],
  ])('ends the run at once, reviewing nothing and writing nothing: %s', async (_, comment, why) => {
    const { simulator, github } = await servers();
    const ours = await failingFirstRun(simulator, github);
    const reviewsBefore = simulator.requests.length;
    const writesBefore = github.requests.filter((r) => r.method !== 'GET').length;

    const result = await runOnReply(simulator, github, comment(ours, github));

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^review-gate has nothing to do: /m);
    expect(result.stdout).toMatch(why);
    expect(result.outputs).toEqual({});
    expect(simulator.requests.length).toBe(reviewsBefore);
    expect(github.requests.filter((r) => r.method !== 'GET').length).toBe(writesBefore);
  });

  it('ends at once on a dismissal when dismiss is off', async () => {
    const { simulator, github } = await servers();
    const ours = await failingFirstRun(simulator, github, { dismiss: 'off' });
    const reply = github.addReply(NUMBER, ours.id, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER' });

    const result = await runOnReply(simulator, github, reply, { dismiss: 'off' });

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^review-gate has nothing to do: dismissals are turned off \(dismiss: off\)/m);
  });
});
