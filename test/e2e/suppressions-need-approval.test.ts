/**
 * End to end: `suppressions-need-approval: true`. A `review-gate-ignore` marker the pull request
 * adds counts only once someone with write access has approved the pull request at its head: an
 * approval of an older commit, or by someone with read access only, is not one, and until then
 * the finding counts and the summary lists it under "Suppressions waiting for approval" with the
 * marker's reason. A marker already in the base counts as always. The approval itself
 * (`pull_request_review`, submitted) runs the check again and it passes. With the setting off,
 * every suppression the pull request adds is still listed, apart, for a reviewer to see.
 */
import { describe, expect, it } from 'vitest';
import type { FakeFile, FakeGitHub } from '../doubles/fake-github';
import { pullRequestEvent } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { addedFile, fixtureOf, summaryBody } from './thread-fixtures';
import { useAction } from './harness';

const { servers, runAgainst } = useAction();

const files: Array<FakeFile & { content: string }> = [
  addedFile('src/load.py', ['def load(raw):', '    return eval(raw)  # review-gate-ignore: sandboxed by the caller']),
  {
    filename: 'src/legacy.py',
    status: 'modified',
    content: 'def old(raw):\n    # review-gate-ignore: legacy, tracked in #12\n    return eval(raw)\nVALUE = 1\n',
    patch: '@@ -1,3 +1,4 @@\n def old(raw):\n     # review-gate-ignore: legacy, tracked in #12\n     return eval(raw)\n+VALUE = 1',
    additions: 1,
  },
];
const fixture: PullRequestFixture = fixtureOf(files);
// gate-scope file: the base's eval counts too, so its marker (in the base) has something to suppress.
const inputs = { 'gate-scope': 'file', 'suppressions-need-approval': 'true' };

const waiting = 'Suppressions waiting for approval (1)';
const reason = 'sandboxed by the caller';

function approvalsRead(github: FakeGitHub): number {
  return github.requests.filter((r) => r.method === 'GET' && /\/pulls\/\d+\/reviews/.test(r.path)).length;
}

describe('suppressions-need-approval', () => {
  it('counts an added marker until a writer approves at the head, then passes on the approval’s own run; a base marker counts throughout', async () => {
    const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
    github.addReview(fixture.number, { login: 'reader', state: 'APPROVED', permission: 'read' });
    github.addReview(fixture.number, { login: 'maintainer', state: 'APPROVED', commitId: 'a'.repeat(40), permission: 'write' });

    const held = await runAgainst(simulator, github, fixture, inputs);
    expect(held.exitCode).toBe(1);
    expect(held.outputs).toMatchObject({ result: 'failed', errors: '1' });
    expect(approvalsRead(github)).toBeGreaterThan(0);
    const summary = summaryBody(github);
    expect(summary).toContain(waiting);
    expect(summary).toContain(`\`src/load.py:2\``);
    expect(summary).toContain(reason);
    expect(summary).toContain('only by people without write access');
    // The base's marker suppresses as always.
    expect(summary).toContain('legacy, tracked in #12');
    expect(held.stdout).toContain('wait for approval');

    github.addReview(fixture.number, { login: 'maintainer', state: 'APPROVED', permission: 'write' });
    const event = { ...(pullRequestEvent(fixture) as Record<string, unknown>), action: 'submitted', review: { state: 'approved', user: { login: 'maintainer' } } };
    const approved = await runAgainst(simulator, github, fixture, inputs, { eventName: 'pull_request_review', event });
    expect(approved.exitCode).toBe(0);
    expect(approved.outputs).toMatchObject({ result: 'passed', errors: '0' });
    expect(approved.stdout).toContain('@maintainer approved it at this head');
    expect(summaryBody(github)).not.toContain(waiting);
    expect(summaryBody(github)).toContain(`suppressed by \`review-gate-ignore\` on line 2: ${reason}`);
  });

  it('off (the default): the added marker counts as written, reads no approval, and is listed apart for a reviewer', async () => {
    const { simulator, github } = await servers({ fixture: structuredClone(fixture) });
    const run = await runAgainst(simulator, github, fixture, { 'gate-scope': 'file' });
    expect(run.exitCode).toBe(0);
    expect(approvalsRead(github)).toBe(0);
    const summary = summaryBody(github);
    expect(summary).toContain('### Suppressions this pull request adds (1)');
    // The check run's summary lists it too, where a reviewer looks before approving.
    expect(github.checkRuns[0]?.output.summary).toContain('Suppressions this pull request adds (1)');
    expect(summary).toContain(`suppressed by \`review-gate-ignore\` on line 2: ${reason}`);
    expect(summary).not.toContain(waiting);
  });
});
