/**
 * End to end, the action: a `neutral` or `success` never replaces a `failure` on a
 * head unless it comes from a run that reviewed that head, against the pull request's current
 * base, having read GitHub's state at least as recently as the run that failed it. And whether the
 * pull request is a draft is GitHub's answer at run time, never the event's payload: a payload can
 * be old (a re-run of an earlier event, a run that started late).
 */
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import type { FakeCheckRun } from '../doubles/fake-github-checks';
import { fakePullOf, pullRequestEvent, runBundledAction } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import type { RunningSimulator } from '../doubles/simulator';
import { added } from '../support/fixture-files';
import { useAction } from './harness';
import { EVAL_PY } from './pull-request-runs';

const harness = useAction({ bundles: ['dist/index.js'] });
const { demo, runAgainst } = harness;

const X = '1'.repeat(40);

/** A JavaScript file whose one finding is a warning (console.log): it fails only under fail-on-severity: warning. */
const WARNS = { filename: 'web/log.js', status: 'added', content: 'console.log("ready");\n', patch: '@@ -0,0 +1 @@\n+console.log("ready");', additions: 1 };

const pr: PullRequestFixture = { ...demo, number: 7, headSha: X, files: [added('app/run.py', EVAL_PY)] };

/** The pull_request event of #7 with `action`, its payload saying `draft` (which may be stale). */
function event(fixture: PullRequestFixture, action: string, draft: boolean): unknown {
  const base = pullRequestEvent(fixture) as { pull_request: Record<string, unknown> };
  return { ...base, action, pull_request: { ...base.pull_request, draft } };
}

/** #7 made ready (GitHub: not a draft), and the run on ready_for_review failing it. */
async function failedWhenReady() {
  const pull: FakePull = { ...fakePullOf(pr), draft: false };
  const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull] } });
  const ready = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true' }, { event: event(pr, 'ready_for_review', false) });
  expect(ready.exitCode).toBe(1);
  return { simulator, github, pull };
}

const onX = (github: FakeGitHub): FakeCheckRun[] => github.checkRuns.filter((c) => c.head_sha === X);
const newestOnX = (github: FakeGitHub): FakeCheckRun | undefined => onX(github).reduce<FakeCheckRun | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined);
const reviews = (simulator: RunningSimulator, since = 0) => simulator.requests.slice(since).filter((r) => r.path === '/v1/agent/review').length;
const FAILED = 'Failed: 1 error finding on added lines (fail-on-severity: error)';

describe('a run whose payload says draft while GitHub says ready', () => {
  it('reviews the pull request, and the failure of the ready_for_review run stays', async () => {
    const { simulator, github } = await failedWhenReady();
    const before = simulator.requests.length;

    // The push made while #7 was a draft, run again (or started late): its payload still says draft.
    const stale = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true' }, { event: event(pr, 'synchronize', true) });

    expect(stale.exitCode).toBe(1);
    expect(stale.outputs.result).toBe('failed');
    expect(reviews(simulator, before)).toBe(1);
    expect(stale.stdout).toContain('draft: true → false');
    expect(onX(github).map((c) => c.conclusion)).not.toContain('neutral');
    expect(newestOnX(github)).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: FAILED } });
  });
});

describe('a skip never turns a reviewed failure neutral', () => {
  it('keeps the failure when the pull request is made a draft again and skip-drafts skips it', async () => {
    const { simulator, github, pull } = await failedWhenReady();
    pull.draft = true;
    const before = simulator.requests.length;

    const skipped = await runAgainst(simulator, github, pr, { 'skip-drafts': 'true' }, { event: event(pr, 'converted_to_draft', true) });

    // The run itself skipped: nothing reviewed, the step is not shown as broken.
    expect(skipped.exitCode).toBe(0);
    expect(skipped.outputs.result).toBe('neutral');
    expect(reviews(simulator, before)).toBe(0);
    // The check on the head still says what the last review found.
    expect(newestOnX(github)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(newestOnX(github)?.output.title).toContain('1 error finding on added lines');
    expect(skipped.stdout).toContain('The check run on 111111111111 stays failure: a run that reviews nothing does not replace the verdict of one that reviewed #7 at this commit');
  });
});

describe('a passing run that read GitHub before a failing run did', () => {
  it('does not replace that failure, though it writes last', async () => {
    const warns: PullRequestFixture = { ...pr, files: [WARNS] };
    const { simulator, github } = await harness.servers({ fixture: warns });
    // Run B starts first and reads GitHub; when it first writes the check run, run A — which reads
    // GitHub after B did — runs to its end and fails the head. Then B goes on, and passes.
    let failing: Awaited<ReturnType<typeof runAgainst>> | undefined;
    github.onNext({ method: 'POST', path: `/repos/${warns.owner}/${warns.repo}/check-runs` }, async () => {
      // A runs while B, in this process, is under way: A gets a process of its own, as another job would.
      failing = await runAgainst(simulator, github, warns, { 'fail-on-severity': 'warning' }, { runner: runBundledAction });
    });

    const passing = await runAgainst(simulator, github, warns);

    expect(failing?.exitCode).toBe(1);
    expect(passing.exitCode).toBe(0);
    expect(passing.outputs.result).toBe('passed');
    expect(newestOnX(github)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(newestOnX(github)?.output.title).toContain('1 warning finding on added lines');
    expect(onX(github).every((c) => c.status === 'completed')).toBe(true);
  });
});
