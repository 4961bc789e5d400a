/**
 * End to end: a dismissal covers the finding it was made on, not every line that looks the same.
 * The fingerprint leaves the line number out (so a dismissal follows its finding when lines are
 * added above it), so a second `return eval(data["expr"])` added later in the same file has the
 * dismissed finding's fingerprint. It must be commented on and fail the gate like any new finding,
 * while the dismissed one stays dismissed, also after it moved down.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import type { FakeGitHub } from '../doubles/fake-github';
import { GITHUB_TOKEN } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture } from '../doubles/run-action';
import { NUMBER, SECOND_HEAD, addedFile, fixtureOf, ownComments, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const harness = useAction();
const { run: runAction } = harness;

const HANDLER = ['import json', '', '', 'def handle(raw):', '    data = json.loads(raw)', '    return eval(data["expr"])'];
/** Added later: a new function whose last line is the dismissed line, word for word. */
const SECOND_HANDLER = ['', '', 'def handle_again(raw):', '    data = json.loads(raw)', '    return eval(data["expr"])'];
const fixture = fixtureOf([addedFile('src/handler.py', HANDLER)]);
const REASON = 'false positive: input is validated upstream';

function run(simulator: RunningSimulator, github: FakeGitHub, head: PullRequestFixture): Promise<ActionRun> {
  return runAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
    githubApiUrl: github.url,
    fixture: head,
  });
}

/** First run: one comment on line 6, which a writer dismisses; then a push with `lines`. */
async function dismissThenPush(lines: string[]): Promise<{ second: ActionRun; simulator: RunningSimulator; github: FakeGitHub; dismissedId: number }> {
  const { simulator, github } = await harness.servers({ fixture: structuredClone(fixture) });
  const first = await run(simulator, github, fixture);
  expect(first.exitCode).toBe(1);
  const [comment] = ownComments(github);
  expect(comment?.line).toBe(6);
  github.addReply(NUMBER, comment?.id ?? 0, `/review-gate dismiss ${REASON}`, { login: 'mona', association: 'MEMBER', permission: 'write' });

  const pushed = addedFile('src/handler.py', lines);
  github.push(NUMBER, SECOND_HEAD, [pushed]);
  const second = await run(simulator, github, fixtureOf([pushed], SECOND_HEAD));
  return { second, simulator, github, dismissedId: comment?.id ?? 0 };
}

describe('a dismissal and a second identical line added later', () => {
  it.each([
    ['in place', [...HANDLER, ...SECOND_HANDLER], 6, 11],
    ['moved down by lines added above it', ['"""Handlers."""', '', ...HANDLER, ...SECOND_HANDLER], 8, 13],
  ])('comments on the second line and fails the gate; the first, %s, stays dismissed', async (_, lines, dismissedLine, newLine) => {
    const { second, github, dismissedId } = await dismissThenPush(lines);

    expect(second.exitCode).toBe(1);
    expect(second.outputs).toMatchObject({ result: 'failed', errors: '1' });
    // The new line gets its own inline comment, like any new finding; the dismissed one no second.
    const comments = ownComments(github);
    expect(comments.map((c) => c.line)).toEqual([6, newLine]);
    expect(comments[0]?.id).toBe(dismissedId);
    expect(comments[1]?.body).toContain('eval()');
    expect(second.stdout).toMatch(new RegExp(`^::error title=[^,]*,file=src/handler\\.py,line=${newLine}::`, 'm'));
    expect(second.stdout).not.toMatch(new RegExp(`^::error title=[^,]*,file=src/handler\\.py,line=${dismissedLine}::`, 'm'));

    const summary = summaryBody(github);
    expect(summary).toMatch(/^## ❌ Failed: 1 error finding on added lines/m);
    expect(summary).toContain('Suppressed or dismissed, not counted by the gate (1)');
    expect(summary).toMatch(new RegExp(`\`src/handler\\.py:${dismissedLine}\` — eval\\(\\).* — \\*\\*dismissed by @mona: false positive`));
    expect(summary).not.toMatch(new RegExp(`\`src/handler\\.py:${newLine}\` — eval\\(\\).* — \\*\\*dismissed`));
  });

  it('posts the second comment once: a further run finds it there and still fails', async () => {
    const lines = [...HANDLER, ...SECOND_HANDLER];
    const { simulator, github } = await dismissThenPush(lines);
    const third = await run(simulator, github, fixtureOf([addedFile('src/handler.py', lines)], SECOND_HEAD));

    expect(third.exitCode).toBe(1);
    expect(ownComments(github).map((c) => c.line)).toEqual([6, 11]);
  });
});
