/**
 * End to end, the action in the two-stage set-up for forks: the `workflow_run` run
 * judges every open pull request whose head is the one the event names (head repository, branch
 * and commit), each against its own base and policy, whichever of them the first stage's artifact
 * names, and when it names none. The check on the shared head passes only if every one of them
 * passes. A file whose content the pull requests share is reviewed once.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import type { FakeCheckRun } from '../doubles/fake-github-checks';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { added } from '../support/fixture-files';
import { useAction } from './harness';
import { CLEAN_PY, EVAL_PY } from './pull-request-runs';

const harness = useAction();
const { demo, runAgainst } = harness;

const X = '1'.repeat(40);
const MAIN = '3'.repeat(40);
const LEGACY = '4'.repeat(40);
const FORK = 'mallory/shop';
const BRANCH = 'patch-1';

/** A file both pull requests add, with the same content at the shared head. */
const SHARED = added('app/shared.py', 'def shared(values):\n    return max(values)\n');

const fixture: PullRequestFixture = { ...demo, number: 7, headSha: X, baseSha: MAIN, headRepo: FORK, files: [added('legacy/util.py', EVAL_PY), SHARED] };
/**
 * One branch of the fork, two pull requests: #7 into main adds legacy/util.py with eval(); #8 into
 * legacy, which already holds that file, adds only clean files. #9, someone else's, is on another head.
 */
const pulls = (): FakePull[] => [
  { number: 7, headSha: X, baseSha: MAIN, baseRef: 'main', headRepo: FORK, headRef: BRANCH, files: fixture.files },
  { number: 8, headSha: X, baseSha: LEGACY, baseRef: 'legacy', headRepo: FORK, headRef: BRANCH, files: [added('legacy/notes.py', CLEAN_PY), SHARED] },
  { number: 9, headSha: '2'.repeat(40), baseSha: MAIN, baseRef: 'main', headRef: 'release-notes', files: [added('docs/notes.py', CLEAN_PY)] },
];
const workflowRun = {
  action: 'completed',
  workflow_run: { id: 9, event: 'pull_request', head_sha: X, head_branch: BRANCH, head_repository: { full_name: FORK, owner: { login: 'mallory' } }, pull_requests: [] },
};

const newestOnX = (github: FakeGitHub): FakeCheckRun | undefined =>
  github.checkRuns.filter((c) => c.head_sha === X).reduce<FakeCheckRun | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined);
const sentCodes = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => String((JSON.parse(r.body ?? '{}') as { code?: unknown }).code));

async function secondStage(prNumber: string) {
  const { simulator, github } = await harness.servers({ fixture, github: { pulls: pulls() } });
  const result = await runAgainst(simulator, github, fixture, { 'pr-number': prNumber }, { eventName: 'workflow_run', event: workflowRun, env: { GITHUB_SHA: 'd'.repeat(40) } });
  return { simulator, github, result };
}

describe('one fork branch heading two open pull requests, in the two-stage flow', () => {
  it.each([
    ['the artifact names the passing one (#8)', '8'],
    ['there is no artifact (pr-number empty)', ''],
  ])('judges both when %s: the head fails for #7, and the step fails', async (_, prNumber) => {
    const { simulator, github, result } = await secondStage(prNumber);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toBe('#7: 1 error finding on added lines (fail-on-severity: error)');
    // The step's outputs describe both: counts summed over each pull request's files.
    expect(result.outputs).toMatchObject({ errors: '1', 'files-reviewed': '4', 'files-failed': '0' });
    expect(result.stdout).toMatch(/^::error::review-gate failed \(#7, #8 judged at this head\): #7: 1 error finding on added lines/m);
    // Each pull request got its own summary comment, from its own review against its own base.
    expect(github.issueComments.map((c) => c.issue_number).sort()).toEqual([7, 8]);
    expect(github.reviews.map((r) => r.pull_number)).toEqual([7]);
    expect(newestOnX(github)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(newestOnX(github)?.output.title).toContain('#7 fails at this commit');
    expect(github.checkRuns.every((c) => c.status === 'completed')).toBe(true);
    // #9 heads another commit: never judged here.
    expect(github.requests.some((r) => /\/(pulls|issues)\/9(\/|$)/.test(r.path))).toBe(false);
    // The file both add with the same content is reviewed once.
    const codes = sentCodes(simulator);
    expect(codes.filter((code) => code.includes('return max(values)'))).toHaveLength(1);
    expect(codes).toHaveLength(3);
  });

  it('judges the others when one of them cannot be judged, and fails the head and the step for it', async () => {
    const broken = pulls().map((p) => (p.number === 7 ? { ...p, files: [added('legacy/notes2.py', CLEAN_PY)], baseFiles: { '.github/review-gate.yml': 'fail-on-severity: sometimes\n' } } : p));
    const { simulator, github } = await harness.servers({ fixture, github: { pulls: broken } });

    const result = await runAgainst(simulator, github, fixture, { 'pr-number': '' }, { eventName: 'workflow_run', event: workflowRun, env: { GITHUB_SHA: 'd'.repeat(40) } });

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs.reasons).toMatch(/^#7: The policy file \.github\/review-gate\.yml at 333333333333 is invalid/);
    // #8 was judged all the same: its summary comment, and its verdict on the head.
    expect(github.issueComments.map((c) => c.issue_number)).toEqual([8]);
    expect(newestOnX(github)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(newestOnX(github)?.output.title).toContain('#7 fails at this commit');
    expect(github.checkRuns.every((c) => c.status === 'completed')).toBe(true);
  });

  it('refuses a pr-number that names an open pull request on another head, and writes nothing', async () => {
    const { simulator, github, result } = await secondStage('9');

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('::error::pr-number 9 does not name the pull request this workflow_run ran for');
    expect(simulator.requests).toEqual([]);
    expect(github.checkRuns).toEqual([]);
    expect(github.reviews).toEqual([]);
  });
});
