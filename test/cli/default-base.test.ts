/**
 * End to end, `review-gate` (in-process) without `--base`: it compares with what a pull request
 * would, or stops. When no base other than the branch's own upstream copy can be found (no remote
 * default branch, no remote at all, a detached HEAD), it exits 2 with a hint that fits the
 * repository: the branches that exist, `git remote set-head` where a remote lacks its HEAD, and
 * never `origin` where there is no remote. It never passes on a comparison it could not make; a
 * change that is truly empty against a base it found passes, and says which base.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { useCli } from './in-process';
import { repoTemplate } from '../support/repo-copies';
import type { RepoTemplate } from '../support/repo-copies';

const cli = useCli();
const { reviewGate } = cli;
const reviewRequests = () => cli.simulator.requests.filter((r) => r.path === '/v1/agent/review').length;

const remotes: string[] = [];
afterEach(() => {
  for (const remote of remotes.splice(0)) rmSync(remote, { recursive: true, force: true });
});

/** A bare repository added as `name`, with nothing pushed and no HEAD recorded for it: `git remote add`. */
function addRemote(name = 'origin'): void {
  const remote = mkdtempSync(join(tmpdir(), 'review-gate-remote-'));
  remotes.push(remote);
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main'], { cwd: remote, stdio: 'pipe' });
  cli.repo.git('remote', 'add', name, remote);
}

/** Per branch name: main with one file, then that branch with four new files, one adding an eval; committed. Built once, copied. */
const fourFilesAhead = new Map<string, RepoTemplate<void>>();
afterAll(() => {
  for (const template of fourFilesAhead.values()) template.remove();
});

/** main with one file, then branch `branch` with four new files, one adding an eval; committed. */
function branchFourFilesAhead(branch: string): void {
  const template =
    fourFilesAhead.get(branch) ??
    repoTemplate('review-gate-cli-', (r) => {
      r.write('app.py', 'def add(a, b):\n    return a + b\n');
      r.commit('base');
      r.git('checkout', '-q', '-b', branch);
      r.write('one.py', 'x = 1\n');
      r.write('two.py', 'y = 2\n');
      r.write('three.py', 'z = 3\n');
      r.write('rules.py', 'def run(rule):\n    return eval(rule)\n');
      r.commit('four files');
    });
  fourFilesAhead.set(branch, template);
  template.into(cli.repo);
}

/** What every refusal shares: exit 2, nothing reviewed, no verdict printed. */
function expectStopped(run: { code: number; out: string; err: string }): void {
  expect(run.code).toBe(EXIT.usage);
  expect(reviewRequests()).toBe(0);
  expect(run.out + run.err).not.toMatch(/review-gate passed|Nothing to review/);
}

describe('no base but the branch\'s own copy: exit 2 with a hint that fits the repository', () => {
  it('a branch pushed with -u to a remote whose HEAD is not recorded (git remote add, git push -u)', async () => {
    branchFourFilesAhead('feature2');
    addRemote();
    cli.repo.git('push', '-q', 'origin', 'main');
    cli.repo.git('push', '-q', '-u', 'origin', 'feature2');
    const run = await reviewGate([]);
    expectStopped(run);
    expect(run.err).toContain('origin/feature2');
    expect(run.err).toContain('git remote set-head origin --auto');
    expect(run.err).toContain('--base origin/main');
    // Once the remote's default branch is recorded, the same branch is reviewed from where it left main.
    cli.repo.git('remote', 'set-head', 'origin', 'main');
    const after = await reviewGate(['--format', 'json']);
    expect(after.code).toBe(EXIT.failed);
    expect((JSON.parse(after.out) as { files: Array<{ path: string }> }).files.map((f) => f.path).sort()).toEqual(['one.py', 'rules.py', 'three.py', 'two.py']);
  });

  it('a remote without a recorded HEAD and a branch without an upstream', async () => {
    branchFourFilesAhead('feature');
    addRemote('upstream');
    cli.repo.git('push', '-q', 'upstream', 'main');
    const run = await reviewGate([]);
    expectStopped(run);
    expect(run.err).toContain('git remote set-head upstream --auto');
    expect(run.err).toContain('--base upstream/main');
    expect(run.err).not.toContain('origin');
  });

  it('no remote at all: names --base with a local branch, and no origin', async () => {
    branchFourFilesAhead('feature');
    const run = await reviewGate([]);
    expectStopped(run);
    expect(run.err).toContain('--base main');
    expect(run.err).not.toContain('origin');
    expect(run.err).not.toContain('commit on a branch');
  });

  it('no remote and a detached HEAD', async () => {
    branchFourFilesAhead('feature');
    cli.repo.git('checkout', '-q', '--detach');
    cli.repo.write('one.py', 'x = 10\n');
    const run = await reviewGate([]);
    expectStopped(run);
    expect(run.err).toContain('--base main');
  });

  it("no remote and the repository's only branch with nothing uncommitted: nothing to compare, never a pass", async () => {
    cli.repo.write('app.py', 'def run(rule):\n    return eval(rule)\n');
    cli.repo.commit('base');
    const run = await reviewGate([]);
    expectStopped(run);
    expect(run.err).toContain('--base');
    expect(run.err).not.toContain('origin');
  });
});

describe('a base that was found', () => {
  it("the repository's only branch and no remote: the uncommitted changes are the change", async () => {
    cli.repo.write('app.py', 'def add(a, b):\n    return a + b\n');
    cli.repo.commit('base');
    cli.repo.write('app.py', 'def run(rule):\n    return eval(rule)\n');
    const run = await reviewGate([]);
    expect(run.code).toBe(EXIT.failed);
    expect(reviewRequests()).toBe(1);
  });

  it("a truly empty change against the remote's default branch passes, naming that base, with no wrong advice", async () => {
    cli.repo.write('app.py', 'def add(a, b):\n    return a + b\n');
    cli.repo.commit('base');
    addRemote();
    cli.repo.git('push', '-q', 'origin', 'main');
    cli.repo.git('remote', 'set-head', 'origin', 'main');
    cli.repo.git('checkout', '-q', '-b', 'feature3');
    const run = await reviewGate([]);
    expect(run.code).toBe(EXIT.passed);
    expect(run.out).toContain("Nothing to review: no changes between the working tree and the merge base of HEAD and origin/main (the remote's default branch)");
    expect(run.out).not.toContain('commit on a branch');
    expect(run.out.trimEnd().split('\n').at(-1)).toBe('review-gate passed.');
  });
});
