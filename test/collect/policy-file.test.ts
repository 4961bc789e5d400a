/**
 * Reading the policy file at a commit: from git by the commit's tree (whatever is checked out, and
 * whatever folder git runs in), or through the contents API at that SHA. A symbolic link is
 * refused rather than followed, so is anything but a file; a missing file is "none".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gitRunner } from '../../src/collect/git/run';
import { holdsCommit, readPolicyFromApi, readPolicyFromGit } from '../../src/collect/policy-file';
import { POLICY_PATH } from '../../src/config/policy/keys';
import { PolicyError } from '../../src/config/policy/policy-error';
import type { FakeGitHub } from '../doubles/fake-github';
import { startFake } from '../github/helpers';
import { tempRepo } from '../cli/bundled';
import type { TempRepo } from '../cli/bundled';
import { commitTrees } from '../support/git-trees';
import type { Tree } from '../support/git-trees';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/**
 * The commits the tests read, each the whole tree of one case (README.md beside what it names), in
 * one repository written by one `git fast-import`; `withPolicy` last, so it is checked out. Then
 * the work tree moves on: what is read is the commit's, never the files on disk.
 */
const CASES = {
  absent: {},
  linkAtPath: { [POLICY_PATH]: { link: '../lenient.yml' }, 'lenient.yml': 'fail-on-severity: never\n' },
  linkedFolder: { '.github': { link: 'elsewhere' }, 'elsewhere/review-gate.yml': 'fail-on-severity: never\n' },
  folderAtPath: { [`${POLICY_PATH}/x`]: 'y\n' },
  big: { [POLICY_PATH]: `# ${'x'.repeat(70_000)}\n` },
  withPolicy: { 'src/a.py': 'x = 1\n', [POLICY_PATH]: 'min-score: 90\n' },
} satisfies Record<string, Tree>;
let repo: TempRepo;
let commits: Record<keyof typeof CASES, string>;
beforeAll(() => {
  repo = tempRepo('review-gate-policy-');
  const names = Object.keys(CASES) as Array<keyof typeof CASES>;
  const shas = commitTrees(repo.dir, 'main', names.map((name) => ({ 'README.md': '# x\n', ...CASES[name] })));
  commits = Object.fromEntries(names.map((name, i) => [name, shas[i] ?? ''])) as Record<keyof typeof CASES, string>;
  writeFileSync(join(repo.dir, POLICY_PATH), 'min-score: 0\n');
});
afterAll(() => repo.remove());

const git = (dir: string) => gitRunner(dir, { PATH: process.env.PATH ?? '' });

describe('readPolicyFromGit', () => {
  it("reads the commit's file, not the work tree's, from any folder of the repository", async () => {
    const { dir } = repo;
    const commit = commits.withPolicy;
    expect(await readPolicyFromGit(git(join(dir, 'src')), commit)).toEqual({ kind: 'found', text: 'min-score: 90\n', commit, from: 'git' });
    expect(await holdsCommit(git(dir), commit)).toBe(true);
    expect(await holdsCommit(git(dir), 'f'.repeat(40))).toBe(false);
  });

  it('says there is none when the commit has no such file', async () => {
    expect(await readPolicyFromGit(git(repo.dir), commits.absent)).toEqual({ kind: 'absent', commit: commits.absent });
  });

  it('refuses a symbolic link at the path, and finds nothing through a linked folder', async () => {
    await expect(readPolicyFromGit(git(repo.dir), commits.linkAtPath)).rejects.toThrow(new PolicyError(`${POLICY_PATH} at ${commits.linkAtPath.slice(0, 12)}`, ['It is a symbolic link, which is never followed: commit the policy itself at that path']));

    expect(await readPolicyFromGit(git(repo.dir), commits.linkedFolder)).toEqual({ kind: 'absent', commit: commits.linkedFolder });
  });

  it('refuses a folder at the path, and a file over 64 KiB', async () => {
    await expect(readPolicyFromGit(git(repo.dir), commits.folderAtPath)).rejects.toThrow(/is invalid, so nothing was reviewed: It is a folder, not a file/);

    await expect(readPolicyFromGit(git(repo.dir), commits.big)).rejects.toThrow(/It is 70,003 bytes; a policy file may hold 65,536 at most/);
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
