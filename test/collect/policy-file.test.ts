/**
 * Reading the policy file at a commit: from git by the commit's tree (whatever is checked out, and
 * whatever folder git runs in), or through the contents API at that SHA. A symbolic link is
 * refused rather than followed, so is anything but a file; a missing file is "none".
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitRunner } from '../../src/collect/git/run';
import { holdsCommit, readPolicyFromApi, readPolicyFromGit } from '../../src/collect/policy-file';
import { POLICY_PATH } from '../../src/config/policy/keys';
import { PolicyError } from '../../src/config/policy/policy-error';
import type { FakeGitHub } from '../doubles/fake-github';
import { startFake } from '../github/helpers';

const folders: string[] = [];
let fake: FakeGitHub | undefined;
afterEach(async () => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  await fake?.close();
  fake = undefined;
});

/** A repository whose one commit is built by `build` in its work tree; then the work tree says something else. */
function repoAt(build: (dir: string) => void): { dir: string; commit: string } {
  const dir = mkdtempSync(join(tmpdir(), 'review-gate-policy-'));
  folders.push(dir);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'README.md'), '# x\n');
  build(dir);
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  const commit = git('rev-parse', 'HEAD');
  // The work tree moves on: what is read is the commit's, never the files on disk.
  mkdirSync(join(dir, '.github'), { recursive: true });
  rmSync(join(dir, POLICY_PATH), { recursive: true, force: true });
  writeFileSync(join(dir, POLICY_PATH), 'min-score: 0\n');
  return { dir, commit };
}

const git = (dir: string) => gitRunner(dir, { PATH: process.env.PATH ?? '' });

describe('readPolicyFromGit', () => {
  it("reads the commit's file, not the work tree's, from any folder of the repository", async () => {
    const { dir, commit } = repoAt((d) => {
      mkdirSync(join(d, '.github'));
      mkdirSync(join(d, 'src'));
      writeFileSync(join(d, 'src/a.py'), 'x = 1\n');
      writeFileSync(join(d, POLICY_PATH), 'min-score: 90\n');
    });
    expect(await readPolicyFromGit(git(join(dir, 'src')), commit)).toEqual({ kind: 'found', text: 'min-score: 90\n', commit, from: 'git' });
    expect(await holdsCommit(git(dir), commit)).toBe(true);
    expect(await holdsCommit(git(dir), 'f'.repeat(40))).toBe(false);
  });

  it('says there is none when the commit has no such file', async () => {
    const { dir, commit } = repoAt(() => undefined);
    expect(await readPolicyFromGit(git(dir), commit)).toEqual({ kind: 'absent', commit });
  });

  it('refuses a symbolic link at the path, and finds nothing through a linked folder', async () => {
    const link = repoAt((d) => {
      mkdirSync(join(d, '.github'));
      writeFileSync(join(d, 'lenient.yml'), 'fail-on-severity: never\n');
      symlinkSync('../lenient.yml', join(d, POLICY_PATH));
    });
    await expect(readPolicyFromGit(git(link.dir), link.commit)).rejects.toThrow(new PolicyError(`${POLICY_PATH} at ${link.commit.slice(0, 12)}`, ['It is a symbolic link, which is never followed: commit the policy itself at that path']));

    const folder = repoAt((d) => {
      mkdirSync(join(d, 'elsewhere'));
      writeFileSync(join(d, 'elsewhere/review-gate.yml'), 'fail-on-severity: never\n');
      symlinkSync('elsewhere', join(d, '.github'));
    });
    expect(await readPolicyFromGit(git(folder.dir), folder.commit)).toEqual({ kind: 'absent', commit: folder.commit });
  });

  it('refuses a folder at the path, and a file over 64 KiB', async () => {
    const folder = repoAt((d) => {
      mkdirSync(join(d, POLICY_PATH), { recursive: true });
      writeFileSync(join(d, POLICY_PATH, 'x'), 'y\n');
    });
    await expect(readPolicyFromGit(git(folder.dir), folder.commit)).rejects.toThrow(/is invalid, so nothing was reviewed: It is a folder, not a file/);

    const big = repoAt((d) => {
      mkdirSync(join(d, '.github'));
      writeFileSync(join(d, POLICY_PATH), `# ${'x'.repeat(70_000)}\n`);
    });
    await expect(readPolicyFromGit(git(big.dir), big.commit)).rejects.toThrow(/It is 70,003 bytes; a policy file may hold 65,536 at most/);
  });
});

describe('readPolicyFromApi', () => {
  const BASE = 'b'.repeat(40);
  const repository = { owner: 'acme', repo: 'widgets' };

  it('reads the file at the SHA, and says there is none on 404', async () => {
    const started = await startFake([{ number: 7, headSha: 'a'.repeat(40), baseSha: BASE, files: [], baseFiles: { [POLICY_PATH]: 'min-score: 90\n' } }]);
    fake = started.fake;
    // A pull request's reference carries more than owner and repo: none of it reaches the query.
    const pull = { ...repository, number: 7, headSha: 'a'.repeat(40) };
    expect(await readPolicyFromApi(started.octokit, pull, BASE)).toEqual({ kind: 'found', text: 'min-score: 90\n', commit: BASE, from: 'api' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', query: { ref: BASE } });
    expect(Object.keys(fake.requests.at(-1)?.query ?? {})).toEqual(['ref']);
    expect(await readPolicyFromApi(started.octokit, repository, 'c'.repeat(40))).toEqual({ kind: 'absent', commit: 'c'.repeat(40) });
  });

  it('refuses a symbolic link GitHub describes as one, and stops when GitHub fails', async () => {
    const started = await startFake([]);
    fake = started.fake;
    fake.failNext({ method: 'GET', path: /\/contents\// }, { status: 200, body: { type: 'symlink', target: '../lenient.yml', path: POLICY_PATH } });
    await expect(readPolicyFromApi(started.octokit, repository, BASE)).rejects.toThrow(/It is a symbolic link, which is never followed/);
    fake.failNext({ method: 'GET', path: /\/contents\// }, { status: 502 }, 10);
    await expect(readPolicyFromApi(started.octokit, repository, BASE)).rejects.toMatchObject({ name: 'GitHubApiError' });
  });
});
