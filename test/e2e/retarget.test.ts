/**
 * End to end, the action: the base a pull request is judged against is the one
 * GitHub has when the run starts, never the event's. A pull request retargeted from `legacy` to
 * `main` is judged by `main`'s policy file, on the diff from `main` — through the API and from a
 * checkout alike — whatever base an older payload names. An `edited` event runs only when the edit
 * changed the base; any other edit (title, body) has nothing to review.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWriteRequest } from '../doubles/fake-github';
import type { FakeGitHub, FakePull } from '../doubles/fake-github';
import type { FakeCheckRun } from '../doubles/fake-github-checks';
import type { PullRequestFixture } from '../doubles/run-action';
import { added } from '../support/fixture-files';
import { useAction } from './harness';
import { CLEAN_PY, EVAL_PY } from './pull-request-runs';

const harness = useAction();
const { demo, runAgainst } = harness;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});


/** The event of #7 as sent while it was still into `legacy` (or as `edited` sends it, with `changes`). */
function eventInto(fixture: PullRequestFixture, base: { ref: string; sha: string }, action = 'synchronize', changes?: unknown): unknown {
  const full = `${fixture.owner}/${fixture.repo}`;
  return {
    action,
    number: fixture.number,
    ...(changes === undefined ? {} : { changes }),
    pull_request: {
      number: fixture.number,
      head: { sha: fixture.headSha, ref: 'feature', repo: { full_name: full } },
      base: { sha: base.sha, ref: base.ref, repo: { full_name: full } },
    },
    repository: { full_name: full, name: fixture.repo, owner: { login: fixture.owner } },
  };
}

const newestOn = (github: FakeGitHub, sha: string): FakeCheckRun | undefined =>
  github.checkRuns.filter((c) => c.head_sha === sha).reduce<FakeCheckRun | undefined>((a, c) => (a === undefined || c.id > a.id ? c : a), undefined);

const X = '1'.repeat(40);
const MAIN = '3'.repeat(40);
const LEGACY = '4'.repeat(40);

describe('a pull request retargeted from legacy to main, through the API', () => {
  const pr: PullRequestFixture = { ...demo, number: 7, headSha: X, baseSha: MAIN, files: [added('app/run.py', EVAL_PY)] };
  const pull: FakePull = { number: 7, headSha: X, baseSha: MAIN, baseRef: 'main', files: pr.files };
  // legacy's policy lets everything through; main has none (the inputs: fail on errors).
  const commitFiles = { [LEGACY]: { '.github/review-gate.yml': 'fail-on-severity: never\n' } };

  it('is judged by main’s policy, not by the policy of the base an older payload names, and says GitHub’s base differs', async () => {
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull], commitFiles } });

    const result = await runAgainst(simulator, github, pr, {}, { event: eventInto(pr, { ref: 'legacy', sha: LEGACY }) });

    expect(result.exitCode).toBe(1);
    expect(result.outputs.reasons).toContain('1 error finding on added lines (fail-on-severity: error)');
    expect(github.requests.filter((r) => decodeURIComponent(r.path).endsWith('/contents/.github/review-gate.yml')).map((r) => r.query.ref)).toEqual([MAIN]);
    expect(result.stdout).toContain(`base: legacy (${LEGACY.slice(0, 12)}) → main (${MAIN.slice(0, 12)})`);
    expect(newestOn(github, X)).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  it('is reviewed on the edited event that retargeted it, against the new base', async () => {
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull], commitFiles } });
    const changes = { base: { ref: { from: 'legacy' }, sha: { from: LEGACY } } };

    const result = await runAgainst(simulator, github, pr, {}, { event: eventInto(pr, { ref: 'main', sha: MAIN }, 'edited', changes) });

    expect(result.exitCode).toBe(1);
    expect(simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(1);
    expect(newestOn(github, X)).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  it('has nothing to do on an edit that leaves the base as it was: no request, no write, the check untouched', async () => {
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull], commitFiles } });
    const changes = { title: { from: 'Add a runner' }, body: { from: '' } };

    const result = await runAgainst(simulator, github, pr, {}, { event: eventInto(pr, { ref: 'main', sha: MAIN }, 'edited', changes) });

    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('review-gate has nothing to do: the pull request was edited (title, body), not retargeted');
    expect(simulator.requests).toEqual([]);
    expect(github.requests.filter(isWriteRequest)).toEqual([]);
    expect(github.checkRuns).toEqual([]);
  });
});

describe('a pull request retargeted from legacy to main, from a checkout', () => {
  it('is diffed against main, which lacks the code legacy already holds, not against legacy', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'review-gate-e2e-retarget-'));
    folders.push(repo);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' }).trim();
    const commit = (files: Record<string, string>, message: string) => {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(repo, path)), { recursive: true });
        writeFileSync(join(repo, path), content);
      }
      git('add', '-A');
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD');
    };
    git('init', '-q', '-b', 'main');
    const main = commit({ 'README.md': '# shop\n' }, 'base');
    git('checkout', '-q', '-b', 'legacy');
    const legacy = commit({ 'app/run.py': EVAL_PY }, 'legacy holds the runner');
    git('checkout', '-q', '-b', 'feature');
    const head = commit({ 'docs/notes.py': CLEAN_PY }, 'the change');

    const pr: PullRequestFixture = { ...demo, number: 7, headSha: head, baseSha: main, files: [added('app/run.py', EVAL_PY), added('docs/notes.py', CLEAN_PY)] };
    const pull: FakePull = { number: 7, headSha: head, baseSha: main, baseRef: 'main', files: pr.files };
    const { simulator, github } = await harness.servers({ fixture: pr, github: { pulls: [pull] } });

    const result = await runAgainst(simulator, github, pr, {}, { event: eventInto(pr, { ref: 'legacy', sha: legacy }), env: { GITHUB_WORKSPACE: repo } });

    expect(result.stdout).toContain(`from the checkout (git diff ${main.slice(0, 12)}...${head.slice(0, 12)})`);
    expect(result.exitCode).toBe(1);
    expect(result.outputs['files-reviewed']).toBe('2');
    expect(result.outputs.reasons).toContain('1 error finding on added lines');
    expect(newestOn(github, head)).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});
