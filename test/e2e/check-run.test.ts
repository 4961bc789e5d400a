/**
 * End to end, the action: the check run on the pull request's head commit carries
 * the one verdict (conclusion = exit status), every finding on an added line as an annotation
 * (50 per request, no cap of 10), and is written on pull_request and on workflow_run with
 * pr-number alike. A token that may not write checks costs one line, never the verdict.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { FakeGitHub, FakeGitHubOptions } from '../doubles/fake-github';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const harness = useAction();
const { demo, runAgainst: run } = harness;

/** A pull request adding one Python file of 130 lines that no simulator rule flags. */
function addedFile(): PullRequestFixture {
  const text = Array.from({ length: 130 }, (_, i) => `value_${i + 1} = ${i + 1}`);
  const patch = [`@@ -0,0 +1,130 @@`, ...text.map((l) => `+${l}`)].join('\n');
  return { ...demo, files: [{ filename: 'src/app.py', status: 'added', content: `${text.join('\n')}\n`, patch, additions: 130 }] };
}

/** 120 findings on added lines 1–120: every tenth an error, the rest warnings. */
const FINDINGS = Array.from({ length: 120 }, (_, i) => ({
  severity: i % 10 === 0 ? 'error' : 'warning',
  line: i + 1,
  message: `finding number ${i + 1}`,
  suggestion: '',
}));

async function servers(github: Partial<FakeGitHubOptions> = {}, fixture = addedFile()) {
  return { ...(await harness.servers({ fixture, github })), fixture };
}

const checkWrites = (github: FakeGitHub) => github.requests.filter((r) => r.method !== 'GET' && r.path.includes('/check-runs'));

describe('the check run on the head commit', () => {
  it('concludes as the exit status and carries 120 annotations for 120 findings on added lines, 50 per request', async () => {
    const { simulator, github, fixture } = await servers();
    simulator.inject({ kind: 'answer', patch: { issues: FINDINGS }, path: '/v1/agent/review' });
    const result = await run(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(github.checkRuns).toHaveLength(1);
    const [check] = github.checkRuns;
    expect(check).toMatchObject({ name: 'review-gate', head_sha: fixture.headSha, status: 'completed', conclusion: 'failure' });
    expect(check?.output.title).toBe('Failed: 12 error findings on added lines (fail-on-severity: error)');
    expect(check?.output.summary).toMatch(/^## ❌ Failed: 12 error findings on added lines/);
    expect(check?.annotations).toHaveLength(120);
    expect(check?.annotationBatches).toEqual([50, 50, 20]);
    expect(new Set(check?.annotations.map((a) => a.start_line))).toEqual(new Set(FINDINGS.map((f) => f.line)));
    expect(check?.annotations.filter((a) => a.annotation_level === 'failure')).toHaveLength(12);
    expect(check?.annotations.find((a) => a.start_line === 2)).toMatchObject({ path: 'src/app.py', end_line: 2, annotation_level: 'warning', message: 'finding number 2' });
    // Marked in progress before the first review request, then completed with the first 50 annotations, then 50 and 20 more.
    expect(checkWrites(github).map((r) => [r.method, (r.body as { status?: string }).status])).toEqual([['POST', 'in_progress'], ['PATCH', 'completed'], ['PATCH', 'completed'], ['PATCH', 'completed']]);
    // The workflow's own annotations stay within GitHub's per-step caps; the check run has them all.
    expect(result.stdout.match(/^::warning [^:]*file=src\/app\.py/gm)?.length).toBe(8);
    expect(result.stdout).toMatch(/^Check run 'review-gate' created on 4f1c2a9e8d7b: failure, 120 annotations/m);
  });

  it('annotates the errors it counts without an added line: a file GitHub sent no diff for, a line that cannot be placed', async () => {
    const base = addedFile();
    const [file] = base.files;
    const fixture: PullRequestFixture = { ...base, files: [{ ...file!, status: 'modified', patch: undefined, additions: 4000 }] };
    const { simulator, github } = await servers({}, fixture);
    const issues = [
      { severity: 'error', line: 7, message: 'no diff for this one', suggestion: '' },
      { severity: 'error', line: 0, message: 'nowhere to put this one', suggestion: '' },
    ];
    simulator.inject({ kind: 'answer', patch: { issues }, path: '/v1/agent/review' });
    const result = await run(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.reasons).toContain('1 error finding in files whose diff GitHub did not send (src/app.py) counts toward the gate');
    expect(result.outputs.reasons).not.toContain('on added lines');
    expect(github.checkRuns[0]?.annotations.map((a) => [a.path, a.start_line, a.annotation_level, a.title, a.message])).toEqual([
      ['src/app.py', 1, 'failure', 'review-gate: Error at line 0, which cannot be placed', 'nowhere to put this one'],
      ['src/app.py', 7, 'failure', 'review-gate: Error, in a file whose diff GitHub did not send', 'no diff for this one'],
    ]);
  });

  it('concludes success with exit 0, and a second run on the same commit marks and completes a check run of its own', async () => {
    const { simulator, github, fixture } = await servers();
    const first = await run(simulator, github, fixture, { 'check-name': 'review-gate / quality' });
    const second = await run(simulator, github, fixture, { 'check-name': 'review-gate / quality' });

    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    // GitHub never moves a completed check run back to in progress: each run starts its own, and the newest decides.
    expect(github.checkRuns).toHaveLength(2);
    for (const check of github.checkRuns) {
      expect(check).toMatchObject({ name: 'review-gate / quality', head_sha: fixture.headSha, status: 'completed', conclusion: 'success', output: { title: 'Passed' } });
    }
    expect(checkWrites(github).map((r) => r.method)).toEqual(['POST', 'PATCH', 'POST', 'PATCH']);
  });

  it('on workflow_run with pr-number, writes it on the pull request head, not on the commit the workflow ran for', async () => {
    const { simulator, github, fixture } = await servers();
    const defaultBranchSha = 'd'.repeat(40);
    const result = await run(simulator, github, fixture, { 'pr-number': String(fixture.number) }, {
      eventName: 'workflow_run',
      event: {
        action: 'completed',
        workflow_run: { id: 9, event: 'pull_request', head_sha: fixture.headSha, head_branch: 'feature', head_repository: { full_name: 'acme/shop' }, pull_requests: [] },
      },
      env: { GITHUB_SHA: defaultBranchSha, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '9001' },
    });

    expect(result.exitCode).toBe(0);
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[fixture.headSha, 'success']]);
    expect(github.checkRuns[0]?.details_url).toBe(`https://github.com/${fixture.owner}/${fixture.repo}/actions/runs/9001`);
  });

  it('without checks: write, says in one line which permission to add, and the run and its verdict go on', async () => {
    const { simulator, github, fixture } = await servers({ checks: 'read' });
    simulator.inject({ kind: 'answer', patch: { issues: FINDINGS.slice(0, 3) }, path: '/v1/agent/review' });
    const result = await run(simulator, github, fixture);

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(github.checkRuns).toEqual([]);
    const lines = (result.stdout + result.stderr).split('\n').filter((l) => l.includes('checks: write'));
    expect(lines).toEqual([
      `::warning::No check run was written on 4f1c2a9e8d7b: the GitHub token may not write check runs in ${fixture.owner}/${fixture.repo} ` +
        '(GitHub answered 403: Resource not accessible by integration). Add `checks: write` to the job\'s permissions; a pull request from a fork gets a read-only token (see "Pull requests from forks" in the README). The verdict stands',
    ]);
    expect(github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER))).toHaveLength(1);
    expect(result.stepSummary).toMatch(/^⚠️ No check run was written on 4f1c2a9e8d7b/m);
    expect(result.stdout).toMatch(/^::error::review-gate failed: 1 error finding on added lines/m);
  });

  it('keeps the verdict when GitHub fails the check run, and says so on the other surfaces', async () => {
    const { simulator, github, fixture } = await servers();
    github.failNext({ method: 'POST', path: `/repos/${fixture.owner}/${fixture.repo}/check-runs` }, { status: 500, body: { message: 'Server Error' } }, 10);
    const result = await run(simulator, github, fixture);

    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(github.checkRuns).toEqual([]);
    expect(result.stdout).toMatch(/^::warning::the check run could not be written to GitHub: /m);
    expect(result.stdout).toMatch(/^::notice::The check run could not be written \(/m);
    expect(result.stepSummary).toMatch(/^⚠️ The check run could not be written/m);
    expect(result.stdout).toMatch(/^review-gate passed\.$/m);
  });

  it('fails the check of a run that cannot finish, saying why', async () => {
    const { simulator, github, fixture } = await servers();
    const files = `/repos/${fixture.owner}/${fixture.repo}/pulls/${fixture.number}/files`;
    github.failNext({ method: 'GET', path: files }, { status: 500, body: { message: 'Server Error' } }, 10);
    const result = await run(simulator, github, fixture, { 'max-retries': '0' });

    expect(result.exitCode).toBe(1);
    expect(github.checkRuns).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ head_sha: fixture.headSha, conclusion: 'failure' });
    expect(github.checkRuns[0]?.output.title).toMatch(/^Failed: review-gate could not complete: GitHubApiError: Listing the files of /);
  });

  it('writes none with check-run: false, nor in a dry run', async () => {
    const { simulator, github, fixture } = await servers();
    const off = await run(simulator, github, fixture, { 'check-run': 'false' });
    const dry = await run(simulator, github, fixture, { 'dry-run': 'true' });
    expect([off.exitCode, dry.exitCode]).toEqual([0, 0]);
    expect(github.requests.filter((r) => r.path.includes('check-runs'))).toEqual([]);
  });
});
