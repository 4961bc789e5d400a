/**
 * End to end, the action: the check run describes the commit that was reviewed,
 * and only that commit.
 * - The files reviewed are those of the commit the check run goes on: a list GitHub gives for
 *   another head (a push before or while the run lists) writes no success on the event's commit.
 * - In the two-stage flow, `pr-number` (from the fork's artifact) must name the pull request whose
 *   head repository, branch and commit the workflow_run event names: otherwise nothing is
 *   reviewed or written.
 * - A check run belongs to (commit, name), not to a pull request: when one commit heads several
 *   open pull requests, a success on it holds for each of them.
 */
import { describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../src/domain/markers';
import type { RunningSimulator } from '../doubles/simulator';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import { runBundledAction } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';

const harness = useAction({ bundles: ['dist/index.js'] });
const { demo, runAgainst } = harness;

/** The commit the event names. */
const X = '1'.repeat(40);
/** The commit GitHub has as the head instead (a push the event does not know of yet). */
const Y = '2'.repeat(40);
const BASE = '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567';

/** An added Python file of these lines, with its patch. */
function added(filename: string, lines: string[]) {
  const patch = [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n');
  return { filename, status: 'added', content: `${lines.join('\n')}\n`, patch, additions: lines.length };
}
const EVAL = ['import sys', '', 'def run(expr):', '    return eval(expr)', '', 'run(sys.argv[1])'];
const CLEAN = ['def total(values):', '    return sum(values)'];

function fixture(files: PullRequestFixture['files'], extra: Partial<PullRequestFixture> = {}): PullRequestFixture {
  return { ...demo, number: 7, headSha: X, baseSha: BASE, files, ...extra };
}

const writes = (github: FakeGitHub) => github.requests.filter(isWriteRequest);
const checkOn = (github: FakeGitHub, sha: string) => github.checkRuns.filter((c) => c.head_sha === sha);
const newestOn = (github: FakeGitHub, sha: string) => checkOn(github, sha).reduce<(typeof github.checkRuns)[number] | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined);
const summaries = (github: FakeGitHub) => github.issueComments.filter((c) => c.body.startsWith(SUMMARY_MARKER));

describe('the files reviewed are those of the commit the check run is written on', () => {
  it('reviews the head GitHub has when the event names an older one, and writes nothing on the event’s commit', async () => {
    const pr = fixture([added('app/run.py', EVAL)]);
    const { simulator, github } = await harness.servers({ fixture: pr });
    // The push came before the run started: GitHub's head is Y, and so is its file list.
    github.push(pr.number, Y, [added('app/run.py', CLEAN)]);

    const result = await runAgainst(simulator, github, pr);

    expect(result.stdout).toContain('head: 111111111111 → 222222222222');
    expect(checkOn(github, X)).toEqual([]);
    expect(checkOn(github, Y).map((c) => [c.status, c.conclusion])).toEqual([['completed', 'success']]);
    expect(result.exitCode).toBe(0);
    // Y's file, the one GitHub lists, and nothing of X's.
    const sent = simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => String((JSON.parse(r.body ?? '{}') as { code?: unknown }).code));
    expect(sent).toEqual([`${CLEAN.join('\n')}\n`]);
    expect(summaries(github)).toHaveLength(1);
  });

  it('writes no success when a push lands between two pages of the list, and reviews no file of the later page', async () => {
    // 145 files, two pages of 100: X adds eval() in the last one, on the second page, which is
    // asked for after a push that makes that file clean. Each file's code names it.
    const named = (path: string, lines: string[]) => added(path, [`# ${path}`, ...lines]);
    const clean = Array.from({ length: 144 }, (_, i) => named(`pkg/m${String(i).padStart(3, '0')}.py`, CLEAN));
    const pr = fixture([...clean, named('pkg/z_run.py', EVAL)]);
    const { simulator, github } = await harness.servers({ fixture: pr });
    let pages = 0;
    github.onNext({ method: 'GET', path: `/repos/${pr.owner}/${pr.repo}/pulls/${pr.number}/files` }, () => {
      if (++pages === 2) github.push(pr.number, Y, [...clean, named('pkg/z_run.py', CLEAN)]);
    }, 2);

    const result = await runAgainst(simulator, github, pr);

    expect(pages).toBe(2);
    expect(checkOn(github, X).map((c) => c.conclusion)).toEqual(['failure']);
    expect(checkOn(github, X)[0]?.output.summary).toContain('the run on 222222222222 decides');
    expect(result.exitCode).toBe(1);
    // Files of the first page, X's, may have gone out while the list was read; nothing of a page
    // read after the push, and nothing posted.
    const sent = simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => String((r.body as { code?: unknown }).code));
    expect(sent.filter((code) => code.includes('pkg/z_run.py'))).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(100);
    expect(github.reviews).toEqual([]);
    expect(summaries(github)).toEqual([]);
  });

  it('reviews and concludes as before when the head did not move while listing', async () => {
    const pr = fixture([added('app/run.py', CLEAN)]);
    const { simulator, github } = await harness.servers({ fixture: pr });

    const result = await runAgainst(simulator, github, pr);

    expect(result.exitCode).toBe(0);
    expect(checkOn(github, X).map((c) => c.conclusion)).toEqual(['success']);
    expect(simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(1);
  });
});

describe('in the two-stage flow, pr-number must name the pull request the workflow_run ran for', () => {
  const FORK = 'mallory/shop';
  const BRANCH = 'patch-1';
  /** The fork's pull request #7, head X on mallory/shop@patch-1; #8 is someone else's, on the base repository. */
  const pulls = (pr: PullRequestFixture): FakePull[] => [
    { number: 7, headSha: X, baseSha: BASE, headRepo: FORK, headRef: BRANCH, files: pr.files },
    { number: 8, headSha: Y, baseSha: BASE, headRef: 'release-notes', files: [added('docs/notes.py', CLEAN)] },
  ];
  const workflowRun = (head: { repository?: string; branch?: string; sha?: string }) => ({
    action: 'completed',
    workflow_run: {
      id: 9,
      event: 'pull_request',
      head_sha: head.sha ?? X,
      head_branch: head.branch ?? BRANCH,
      head_repository: { full_name: head.repository ?? FORK },
      pull_requests: [],
    },
  });
  const run = (simulator: RunningSimulator, github: FakeGitHub, pr: PullRequestFixture, number: number, event: unknown) =>
    runAgainst(simulator, github, pr, { 'pr-number': String(number) }, { eventName: 'workflow_run', event, env: { GITHUB_SHA: 'd'.repeat(40) } });

  const refused: Array<[string, number, Parameters<typeof workflowRun>[0], RegExp]> = [
    ['another pull request of the repository (head repository, branch and commit differ)', 8, {}, /its head repository is 'acme\/shop', the event's 'mallory\/shop'; its head branch is 'release-notes', the event's 'patch-1'; its head commit is 222222222222, the event's 111111111111/],
    ['the right number, but the event ran on another repository', 7, { repository: 'eve/shop' }, /its head repository is 'mallory\/shop', the event's 'eve\/shop'/],
    ['the right number, but the event ran on another branch', 7, { branch: 'main' }, /its head branch is 'patch-1', the event's 'main'/],
    ['the right number, but the event ran on another commit', 7, { sha: Y }, /its head commit is 111111111111, the event's 222222222222/],
  ];
  it.each(refused)('reviews and writes nothing for %s, and says why', async (_, number, head, why) => {
    const pr = fixture([added('app/run.py', EVAL)]);
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: pulls(pr) } });

    const result = await run(simulator, github, pr, number, workflowRun(head));

    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.stdout).toMatch(new RegExp(`^::error::pr-number ${number} does not name the pull request this workflow_run ran for: ${why.source}`, 'm'));
    expect(result.stdout).toContain('Nothing was reviewed or written.');
    expect(simulator.requests).toEqual([]);
    expect(writes(github)).toEqual([]);
    expect(github.requests.filter((r) => r.path.endsWith('/files'))).toEqual([]);
  });

  it('refuses a workflow_run payload that names no head, before any request', async () => {
    const pr = fixture([added('app/run.py', EVAL)]);
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: pulls(pr) } });

    const result = await run(simulator, github, pr, 7, { action: 'completed', workflow_run: { id: 9, head_sha: X } });

    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('::error::The workflow_run event payload has no workflow_run.head_repository.full_name, head_branch and head_sha');
    expect(simulator.requests).toEqual([]);
    expect(github.requests).toEqual([]);
  });

  it('reviews the pull request whose head the event names, and writes its check run on that head', async () => {
    const pr = fixture([added('app/run.py', EVAL)]);
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: pulls(pr) } });

    // GitHub compares repository names without case.
    const result = await run(simulator, github, pr, 7, workflowRun({ repository: 'Mallory/Shop' }));

    expect(result.exitCode).toBe(1);
    expect(result.outputs.reasons).toContain('1 error finding on added lines');
    expect(github.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[X, 'failure']]);
    expect(github.reviews.map((r) => [r.pull_number, r.commit_id])).toEqual([[7, X]]);
  });
});

describe('one commit heading several open pull requests', () => {
  // #7 into main adds legacy/util.py with eval(); #8 into legacy, which already holds that file,
  // changes only a clean file. Commit X heads both.
  const seven = fixture([added('legacy/util.py', EVAL)]);
  const eight: PullRequestFixture = { ...seven, number: 8, baseSha: '3'.repeat(40), files: [added('legacy/notes.py', CLEAN)] };
  const pulls = (): FakePull[] => [
    { number: 7, headSha: X, baseSha: seven.baseSha, baseRef: 'main', files: seven.files },
    { number: 8, headSha: X, baseSha: eight.baseSha, baseRef: 'legacy', files: eight.files },
  ];
  const start = () => harness.servers({ fixture: seven, github: { pulls: pulls() } });
  const FAILS_7 = 'Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)';

  it('keeps the check failing, naming #7, when #8 passes after #7 failed', async () => {
    const { simulator, github } = await start();
    const first = await runAgainst(simulator, github, seven);
    const second = await runAgainst(simulator, github, eight);

    expect([first.exitCode, second.exitCode]).toEqual([1, 0]);
    // #8's own verdict stands on its own surfaces; the check on X says why it fails.
    expect(second.outputs.result).toBe('passed');
    expect(newestOn(github, X)).toMatchObject({ conclusion: 'failure', output: { title: FAILS_7 } });
    const summary = newestOn(github, X)?.output.summary ?? '';
    expect(summary).toMatch(/^## ❌ Failed: #7 fails at this commit\n/);
    expect(summary).toContain('| #7 | ❌ Failed: 1 error finding on added lines (fail-on-severity: error) |\n| #8 (this run) | ✅ Passed |');
    const note = "The check run on 111111111111 concludes failure, not as this pull request's own verdict: another open pull request with the same head commit is stricter there: #7 (Failed: 1 error finding on added lines (fail-on-severity: error))";
    expect(second.stdout).toContain(`::notice::${note}`);
    expect(second.stepSummary).toContain(`⚠️ ${note}`);
  });

  it('keeps it failing in the other order, and when #8 runs again', async () => {
    const { simulator, github } = await start();
    const results = [await runAgainst(simulator, github, eight)];
    expect(newestOn(github, X)?.conclusion).toBe('success');
    results.push(await runAgainst(simulator, github, seven));
    expect(newestOn(github, X)).toMatchObject({ conclusion: 'failure', output: { title: FAILS_7 } });
    results.push(await runAgainst(simulator, github, eight));

    expect(results.map((r) => r.exitCode)).toEqual([0, 1, 0]);
    expect(newestOn(github, X)).toMatchObject({ conclusion: 'failure', output: { title: FAILS_7 } });
  });

  it('converges on failure when both runs write the check at the same time', async () => {
    const ROUNDS = 3;
    let raced = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const { simulator, github } = await start();
      // Both runs have listed the check runs (none) before either creates one.
      let arrived = 0;
      let release: () => void = () => undefined;
      const both = new Promise<void>((resolve) => (release = resolve));
      setTimeout(() => release(), 15_000).unref();
      github.onNext({ method: 'POST', path: `/repos/${seven.owner}/${seven.repo}/check-runs` }, async () => {
        if (++arrived === 2) release();
        await both;
      }, 2);

      // Two runs at once: two processes, as two jobs of a workflow are.
      const results = await Promise.all([runAgainst(simulator, github, seven, {}, { runner: runBundledAction }), runAgainst(simulator, github, eight, {}, { runner: runBundledAction })]);

      expect(results.map((r) => r.exitCode), `round ${round}`).toEqual([1, 0]);
      expect(newestOn(github, X), `round ${round}`).toMatchObject({ conclusion: 'failure', output: { title: FAILS_7 } });
      if (arrived === 2) raced++;
      await harness.closeAll();
    }
    expect(raced).toBe(ROUNDS);
  }, 90_000);

  it.each([
    ['closed', (github: FakeGitHub) => github.setPullState(7, 'closed')],
    ['pushed to since', (github: FakeGitHub) => github.movePullHead(7, Y)],
  ])('drops the verdict of #7 once it is %s: #8 passes at X', async (_, change) => {
    const { simulator, github } = await start();
    await runAgainst(simulator, github, seven);
    change(github);

    const result = await runAgainst(simulator, github, eight);

    expect(result.exitCode).toBe(0);
    expect(newestOn(github, X)).toMatchObject({ conclusion: 'success', output: { title: 'Passed' } });
  });

  it('gives a lone pull request its success, asking GitHub about no other pull request', async () => {
    const { simulator, github } = await harness.servers({ fixture: eight, github: { pulls: [pulls()[1] as FakePull] } });

    const result = await runAgainst(simulator, github, eight);

    expect(result.exitCode).toBe(0);
    expect(checkOn(github, X).map((c) => [c.conclusion, c.output.title])).toEqual([['success', 'Passed']]);
    expect(github.requests.filter((r) => /\/pulls\/\d+$/.test(r.path) && !r.path.endsWith('/pulls/8'))).toEqual([]);
    // Marked in progress before the review; then the list the write always makes, the completion, and one read back, for a racing run of another pull request.
    expect(github.requests.filter((r) => r.path.includes('check-runs')).map((r) => r.method)).toEqual(['POST', 'GET', 'PATCH', 'GET']);
  });

  it('lets no other app’s check run of the same name and marker loosen the check', async () => {
    const { simulator, github } = await start();
    await runAgainst(simulator, github, seven);
    // A job of some pull request writes, as another app, a newer check run whose record says #7 passes.
    const forged = '<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"success","title":"Passed","at":99999999999999} -->';
    github.addCheckRun({ name: 'review-gate', head_sha: X, conclusion: 'success', app: { id: 99, slug: 'mallory-bot' }, external_id: 'review-gate', summary: forged });

    const result = await runAgainst(simulator, github, eight);

    expect(result.exitCode).toBe(0);
    const ours = github.checkRuns.filter((c) => c.app.id !== 99);
    expect(ours.reduce((a, c) => (c.id > a.id ? c : a))).toMatchObject({ conclusion: 'failure', output: { title: FAILS_7 } });
  });
});
