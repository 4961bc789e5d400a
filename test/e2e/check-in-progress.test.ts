/**
 * End to end, the action: a run marks its check `in_progress` on the head before it
 * sends the first review request, so no earlier verdict on that head (a draft's `neutral`, which
 * branch protection lets through) stands while the run reviews. The final write completes that
 * same check run — one that stops with an error included — so none is left `in_progress` behind a
 * run that ended. A merge group's check is marked the same way. In the two-stage set-up a first
 * stage that names no pull request (no artifact) still gets the head judged.
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakeMergeGroup, RecordedRequest } from '../doubles/fake-github';
import type { FakeCheckRun } from '../doubles/fake-github-checks';
import { fakePullOf, pullRequestEvent } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { useAction } from './harness';

const harness = useAction();
const { demo, runAgainst } = harness;

const X = '1'.repeat(40);
const pr: PullRequestFixture = { ...demo, number: 7, headSha: X };

function draftEvent(action: string, draft: boolean): unknown {
  const base = pullRequestEvent(pr) as { pull_request: Record<string, unknown> };
  return { ...base, action, pull_request: { ...base.pull_request, draft } };
}

const onX = (github: FakeGitHub, sha = X): FakeCheckRun[] => github.checkRuns.filter((c) => c.head_sha === sha);
const newest = (runs: FakeCheckRun[]): FakeCheckRun | undefined => runs.reduce<FakeCheckRun | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined);
const reviewRequests = (simulator: RunningSimulator, since = 0) => simulator.requests.slice(since).filter((r) => r.path === '/v1/agent/review');
/** The writes to check runs GitHub received before `at` (performance.now(), the simulator's clock too). */
const checkWritesBefore = (github: FakeGitHub, at: number, since = 0): RecordedRequest[] =>
  github.requests.slice(since).filter((r) => r.method !== 'GET' && r.path.includes('/check-runs') && r.receivedAt < at);

/** Each check-run write of `writes` as [method, status, conclusion] sent. */
const described = (writes: RecordedRequest[]) =>
  writes.map((r) => {
    const body = r.body as { status?: unknown; conclusion?: unknown };
    return [r.method, body.status ?? null, body.conclusion ?? null];
  });

describe('the check on the head while a run reviews', () => {
  it('is in_progress, not the draft’s neutral, from before the first review request until that same check run concludes', async () => {
    const pull = { ...fakePullOf(pr), draft: true };
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull] } });
    const draft = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true' }, { event: draftEvent('opened', true) });
    expect(draft.exitCode).toBe(0);
    const neutral = newest(onX(github));
    expect(neutral).toMatchObject({ status: 'completed', conclusion: 'neutral' });
    pull.draft = false;
    const since = github.requests.length;

    const ready = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true' }, { event: draftEvent('ready_for_review', false) });

    expect(ready.exitCode).toBe(1);
    const first = reviewRequests(simulator)[0];
    expect(first).toBeDefined();
    // Exactly one write before the first review request: a new check run on the head, in progress.
    const early = checkWritesBefore(github, first?.receivedAt ?? 0, since);
    expect(described(early)).toEqual([['POST', 'in_progress', null]]);
    expect(early[0]?.body).toMatchObject({ head_sha: X, name: 'review-gate' });
    // That check run is the one that concludes, and it is the head's newest.
    const started = onX(github).filter((c) => c.id > (neutral?.id ?? 0));
    expect(started).toHaveLength(1);
    expect(newest(onX(github))).toMatchObject({ id: started[0]?.id, status: 'completed', conclusion: 'failure' });
    expect(onX(github).filter((c) => c.status !== 'completed')).toEqual([]);
  });

  it('is concluded failure when the service refuses the key at the first review request', async () => {
    const { simulator, github } = await harness.servers({ fixture: pr });

    const result = await runAgainst(simulator, github, pr, { 'api-key': 'svc_live_not_a_real_key', concurrency: '1' });

    expect(result.exitCode).toBe(1);
    const first = reviewRequests(simulator)[0];
    expect(described(checkWritesBefore(github, first?.receivedAt ?? 0))).toEqual([['POST', 'in_progress', null]]);
    expect(onX(github).map((c) => [c.status, c.conclusion])).toEqual([['completed', 'failure']]);
  });

  it('is concluded failure, saying why, when the run stops with an error before any review: the check run it started, none left in progress', async () => {
    const invalid = { ...fakePullOf(pr), baseFiles: { '.github/review-gate.yml': 'fail-on-severity: sometimes\n' } };
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [invalid] } });

    const result = await runAgainst(simulator, github, pr);

    expect(result.exitCode).toBe(1);
    expect(reviewRequests(simulator)).toEqual([]);
    expect(described(checkWritesBefore(github, Number.POSITIVE_INFINITY))).toEqual([
      ['POST', 'in_progress', null],
      ['PATCH', 'completed', 'failure'],
    ]);
    expect(onX(github)).toHaveLength(1);
    expect(onX(github)[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(onX(github)[0]?.output.summary).toContain('fail-on-severity');
  });

  it('of a merge group is in_progress before its first review request, and completed after', async () => {
    const BASE = 'b0'.repeat(20);
    const HEAD = 'c1'.repeat(20);
    const mergeGroup: FakeMergeGroup = { baseSha: BASE, headSha: HEAD, files: demo.files };
    const { simulator, github } = await harness.servers({ github: { mergeGroups: [mergeGroup] } });
    const event = {
      action: 'checks_requested',
      merge_group: { head_sha: HEAD, base_sha: BASE, head_ref: `refs/heads/gh-readonly-queue/main/pr-${demo.number}-${demo.headSha}`, base_ref: 'refs/heads/main' },
    };

    const result = await runAgainst(simulator, github, demo, {}, { eventName: 'merge_group', event });

    expect(result.exitCode).toBe(1);
    const first = reviewRequests(simulator)[0];
    expect(described(checkWritesBefore(github, first?.receivedAt ?? 0))).toEqual([['POST', 'in_progress', null]]);
    expect(onX(github, HEAD).map((c) => [c.status, c.conclusion])).toEqual([['completed', 'failure']]);
  });
});

describe('in the two-stage set-up, a first stage that names no pull request', () => {
  const FORK = 'mallory/shop';
  const BRANCH = 'patch-1';
  const workflowRun = {
    action: 'completed',
    workflow_run: { id: 9, event: 'pull_request', head_sha: X, head_branch: BRANCH, head_repository: { full_name: FORK, owner: { login: 'mallory' } }, pull_requests: [] },
  };

  it('leaves no draft’s neutral on the head once the pull request is ready: the head is judged all the same', async () => {
    const pull = { ...fakePullOf(pr), headRepo: FORK, headRef: BRANCH, draft: true };
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull] } });
    const env = { GITHUB_SHA: 'd'.repeat(40) };
    // While a draft, the first stage named #7 and the second stage skipped it.
    const draft = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true', 'pr-number': '7' }, { eventName: 'workflow_run', event: workflowRun, env });
    expect(draft.exitCode).toBe(0);
    expect(newest(onX(github))?.conclusion).toBe('neutral');
    pull.draft = false;

    // Made ready, the fork's first stage uploads no artifact: pr-number is empty.
    const ready = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true', 'pr-number': '' }, { eventName: 'workflow_run', event: workflowRun, env });

    expect(ready.exitCode).toBe(1);
    expect(ready.outputs.result).toBe('failed');
    expect(reviewRequests(simulator).length).toBeGreaterThan(0);
    expect(newest(onX(github))).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(github.reviews.map((r) => [r.pull_number, r.commit_id])).toEqual([[7, X]]);
  });
});
