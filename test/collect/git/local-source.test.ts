/**
 * The local git source on real temporary repositories: what it compares by default and with
 * `--base`, ranges and `--staged`, and where it reads each file's content from.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GitError, GitUsageError, UnknownRevisionError, createGitSource } from '../../../src/collect/git/local-source';
import { NotReviewableError } from '../../../src/collect/errors';
import { EMPTY_TREE } from '../../../src/collect/git/base';
import { NoBaseError } from '../../../src/collect/git/base-hint';
import type { TempRepo } from '../../cli/bundled';
import { tempRepo, withOrigin } from '../../cli/bundled';
import { originCopy, repoTemplate } from '../../support/repo-copies';
import type { RepoTemplate } from '../../support/repo-copies';
import type { PullRequestRef } from '../../../src/domain/pull-request';

const pr: PullRequestRef = { owner: 'local', repo: 'working-tree', number: 0, headSha: 'HEAD' };
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup.splice(0)) step();
});

/** main with app.py; a feature branch adding feature.py; then main moves on (fixes app.py, adds main.py). On feature. */
function buildBranched(r: TempRepo): { branchPoint: string } {
  r.write('app.py', 'def run(rule):\n    return eval(rule)\n');
  const branchPoint = r.commit('base');
  r.git('checkout', '-q', '-b', 'feature');
  r.write('feature.py', 'value = 1\n');
  r.commit('feature');
  r.git('checkout', '-q', 'main');
  r.write('app.py', 'import ast\n\ndef run(rule):\n    return ast.literal_eval(rule)\n');
  r.write('main.py', 'x = 2\n');
  r.commit('main moves on');
  r.git('checkout', '-q', 'feature');
  return { branchPoint };
}

// Each test changes its repository, so each gets a copy of one of these, built once for the file.
const templates = {
  branched: repoTemplate('review-gate-git-', buildBranched),
  /** buildBranched() with a bare origin (main pushed and fetched, origin/HEAD set), as a clone has. */
  branchedWithOrigin: repoTemplate(
    'review-gate-git-',
    (r) => ({ ...buildBranched(r), origin: withOrigin(r) }),
    ({ origin }) => rmSync(origin, { recursive: true, force: true }),
  ),
  /** app.py committed on main, the only branch. */
  appOnMain: repoTemplate('review-gate-git-', (r) => {
    r.write('app.py', 'x = 1\n');
    r.commit('base');
  }),
  /** app.py committed on main; a branch feature made from it, checked out. */
  appOnFeature: repoTemplate('review-gate-git-', (r) => {
    r.write('app.py', 'x = 1\n');
    r.commit('base');
    r.git('checkout', '-q', '-b', 'feature');
  }),
};
afterAll(() => {
  for (const template of Object.values(templates)) template.remove();
});

/** A fresh copy of `template`, removed after the test. */
function copyOf<T>(template: RepoTemplate<T>): { r: TempRepo; built: T } {
  const copy = template.copy();
  cleanup.push(() => copy.r.remove());
  return copy;
}

function repo(): TempRepo {
  const r = tempRepo('review-gate-git-');
  cleanup.push(() => r.remove());
  return r;
}

function branchedRepo(): { r: TempRepo; branchPoint: string } {
  const { r, built } = copyOf(templates.branched);
  return { r, branchPoint: built.branchPoint };
}

/** branchedRepo() with an origin of its own whose default branch is main, on the feature branch. */
function branchedRepoWithOrigin(): { r: TempRepo; branchPoint: string } {
  const { r, built } = copyOf(templates.branchedWithOrigin);
  const origin = originCopy(r, built.origin);
  cleanup.push(() => rmSync(origin, { recursive: true, force: true }));
  return { r, branchPoint: built.branchPoint };
}

/** One listing: its `status path` lines, sorted, and the text of a file it lists, read through the source. */
async function listing(source: ReturnType<typeof createGitSource>) {
  const { files } = await source.listChangedFiles(pr);
  return {
    files,
    lines: files.map((f) => `${f.status} ${f.path}`).sort(),
    async text(path: string): Promise<string> {
      const file = files.find((f) => f.path === path);
      if (file === undefined) throw new Error(`${path} is not listed`);
      return Buffer.from(await source.readFile(pr, file)).toString('utf8');
    },
  };
}

const listed = async (source: ReturnType<typeof createGitSource>) => (await listing(source)).lines;

describe('the default base', () => {
  it('is the merge base with the upstream branch: later commits on main are neither blamed nor listed as removed', async () => {
    const { r, branchPoint } = branchedRepo();
    r.git('branch', '-q', '--set-upstream-to=main');
    const source = createGitSource({ env: process.env, cwd: r.dir });
    const comparison = await source.comparison();
    expect(comparison.base).toBe(branchPoint);
    expect(comparison.baseDescription).toBe('the merge base of HEAD and main (its upstream)');
    expect(await listed(source)).toEqual(['added feature.py']);
  });

  it("falls back to the merge base with the remote's default branch (origin/HEAD)", async () => {
    const { r, branchPoint } = branchedRepoWithOrigin();
    const comparison = await createGitSource({ env: process.env, cwd: r.dir }).comparison();
    expect(comparison.baseDescription).toBe("the merge base of HEAD and origin/main (the remote's default branch)");
    expect(comparison.base).toBe(branchPoint);
  });

  it("passes over an upstream that is the branch's own pushed copy (git push -u) for the remote's default branch", async () => {
    const { r, branchPoint } = branchedRepoWithOrigin();
    r.git('push', '-q', '-u', 'origin', 'feature');
    r.write('feature.py', 'value = 2\n');
    const source = createGitSource({ env: process.env, cwd: r.dir });
    const comparison = await source.comparison();
    expect(comparison.base).toBe(branchPoint);
    expect(comparison.baseDescription).toBe(
      "the merge base of HEAD and origin/main (the remote's default branch; the upstream origin/feature is this branch's own copy)",
    );
    expect(await listed(source)).toEqual(['added feature.py']);
  });

  it('keeps an upstream of another name: a branch made from origin/main to track it', async () => {
    const { r, branchPoint } = branchedRepoWithOrigin();
    r.git('branch', '-q', '--set-upstream-to=origin/main');
    const comparison = await createGitSource({ env: process.env, cwd: r.dir }).comparison();
    expect(comparison.baseDescription).toBe('the merge base of HEAD and origin/main (its upstream)');
    expect(comparison.base).toBe(branchPoint);
  });

  it('finds no base on a branch without upstream in a repository without remote, and says which branch to pass', async () => {
    const { r } = branchedRepo();
    r.write('feature.py', 'value = 2\n');
    const failure = await createGitSource({ env: process.env, cwd: r.dir }).comparison().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoBaseError);
    expect(failure).toBeInstanceOf(GitUsageError);
    expect((failure as Error).message).toContain('--base main (local branches: feature, main)');
    expect((failure as Error).message).not.toContain('origin');
  });

  it("passes over an own-copy upstream without a remote default branch: no base, and the remote's branches named", async () => {
    const { r } = branchedRepoWithOrigin();
    r.git('remote', 'set-head', 'origin', '--delete');
    r.git('push', '-q', '-u', 'origin', 'feature');
    const failure = await createGitSource({ env: process.env, cwd: r.dir }).comparison().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NoBaseError);
    expect((failure as Error).message).toContain('origin/feature, is this branch\'s own copy');
    expect((failure as Error).message).toContain('`git remote set-head origin --auto`');
    expect((failure as Error).message).toContain('--base origin/main (branches of origin: origin/feature, origin/main)');
  });

  it("takes HEAD on the repository's only branch without remote, and refuses an empty comparison there", async () => {
    const { r } = copyOf(templates.appOnMain);
    const clean = createGitSource({ env: process.env, cwd: r.dir });
    expect((await clean.comparison()).base).toBe(r.git('rev-parse', 'HEAD').trim());
    await expect(clean.listChangedFiles(pr)).rejects.toThrow(NoBaseError);
    r.write('app.py', 'x = 2\n');
    expect(await listed(createGitSource({ env: process.env, cwd: r.dir }))).toEqual(['modified app.py']);
  });

  it('compares with the empty tree before the first commit', async () => {
    const r = repo();
    r.write('new.py', 'x = 1\n');
    const source = createGitSource({ env: process.env, cwd: r.dir });
    expect((await source.comparison()).base).toBe(EMPTY_TREE);
    expect(await listed(source)).toEqual(['added new.py']);
  });
});

describe('--base and ranges', () => {
  it('--base REF is the merge base of HEAD and REF, with staged and unstaged changes on top', async () => {
    const { r, branchPoint } = branchedRepo();
    r.write('staged.py', 'a = 1\n');
    r.git('add', 'staged.py');
    r.write('feature.py', 'value = 3\n');
    const source = createGitSource({ env: process.env, cwd: r.dir, base: 'main' });
    expect((await source.comparison()).base).toBe(branchPoint);
    const seen = await listing(source);
    expect(seen.lines).toEqual(['added feature.py', 'added staged.py']);
    expect(await seen.text('feature.py')).toBe('value = 3\n');
  });

  it('A...B is the merge base of A and B against commit B, read from the commit, not the working tree', async () => {
    const { r, branchPoint } = branchedRepo();
    r.write('feature.py', 'value = "not committed"\n');
    const source = createGitSource({ env: process.env, cwd: r.dir, base: 'main...feature' });
    const comparison = await source.comparison();
    expect(comparison.base).toBe(branchPoint);
    expect(comparison.side).toMatchObject({ kind: 'commit', name: 'feature' });
    const seen = await listing(source);
    expect(seen.lines).toEqual(['added feature.py']);
    expect(await seen.text('feature.py')).toBe('value = 1\n');
  });

  it('A..B is A against B, as git diff A..B: main\'s later changes show', async () => {
    const { r } = branchedRepo();
    const source = createGitSource({ env: process.env, cwd: r.dir, base: 'main..feature' });
    expect(await listed(source)).toEqual(['added feature.py', 'modified app.py', 'removed main.py']);
  });

  it('a side left out of a range means HEAD', async () => {
    const { r, branchPoint } = branchedRepo();
    const comparison = await createGitSource({ env: process.env, cwd: r.dir, base: 'main...' }).comparison();
    expect(comparison.base).toBe(branchPoint);
    expect(comparison.side).toMatchObject({ kind: 'commit', name: 'HEAD' });
  });

  it('names an unknown revision, in a range too, as a usage error', async () => {
    const { r } = branchedRepo();
    await expect(createGitSource({ env: process.env, cwd: r.dir, base: 'nope' }).comparison()).rejects.toThrow(UnknownRevisionError);
    await expect(createGitSource({ env: process.env, cwd: r.dir, base: 'main...nope' }).comparison()).rejects.toThrow(
      "Unknown revision 'nope' in 'main...nope' for --base",
    );
  });

  it('refuses histories without a common ancestor, saying why', async () => {
    const { r } = branchedRepo();
    r.git('checkout', '-q', '--orphan', 'other');
    r.write('o.py', 'o = 1\n');
    r.commit('unrelated');
    const error = await createGitSource({ env: process.env, cwd: r.dir, base: 'main' }).comparison().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitUsageError);
    expect((error as Error).message).toContain('no common ancestor');
  });
});

describe('--staged', () => {
  it('reviews the index against HEAD, reading the staged content rather than the working tree', async () => {
    const { r } = branchedRepo();
    r.write('feature.py', 'value = "staged"\n');
    r.git('add', 'feature.py');
    r.write('feature.py', 'value = "unstaged edit on top"\n');
    r.write('untracked.py', 'u = 1\n');
    const source = createGitSource({ env: process.env, cwd: r.dir, staged: true });
    const seen = await listing(source);
    expect(seen.lines).toEqual(['modified feature.py']);
    expect(await seen.text('feature.py')).toBe('value = "staged"\n');
    expect(seen.files[0]?.patch).toContain('+value = "staged"');
  });

  it('cannot be combined with a range', async () => {
    const { r } = branchedRepo();
    await expect(createGitSource({ env: process.env, cwd: r.dir, base: 'main...feature', staged: true }).comparison()).rejects.toThrow(GitUsageError);
  });
});

describe('what the diff shows', () => {
  const HELPERS = 'function greet(name) {\n  return name;\n}\n';
  const EVAL_ADDED = '@@ -1,3 +1,4 @@\n function greet(name) {\n   return name;\n }\n+eval(x);';
  /** The comparisons a user can ask for, each with the repository in the state it needs. */
  const sides: Array<[string, (r: TempRepo) => ReturnType<typeof createGitSource>]> = [
    ['a range', (r) => (r.commit('feature'), createGitSource({ env: process.env, cwd: r.dir, base: 'main...feature' }))],
    ['--base', (r) => (r.commit('feature'), createGitSource({ env: process.env, cwd: r.dir, base: 'main' }))],
    ['--staged', (r) => (r.git('add', '-A'), createGitSource({ env: process.env, cwd: r.dir, staged: true }))],
    ['the working tree', (r) => (r.git('add', '-A'), createGitSource({ env: process.env, cwd: r.dir, base: 'HEAD' }))],
  ];
  /** main with web/helpers.js; a branch feature made from it, checked out. */
  const helpersOnFeature = repoTemplate('review-gate-git-', (r) => {
    r.write('web/helpers.js', HELPERS);
    r.commit('base');
    r.git('checkout', '-q', '-b', 'feature');
  });
  afterAll(() => helpersOnFeature.remove());
  /** main with web/helpers.js; on a branch, `change` runs and the side under test records it. */
  function changed(change: (r: TempRepo) => void, side: (r: TempRepo) => ReturnType<typeof createGitSource>) {
    const { r } = copyOf(helpersOnFeature);
    change(r);
    return side(r).listChangedFiles(pr);
  }

  it.each(sides)('does not let a .gitattributes of the branch hide a renamed file\'s patch (%s)', async (_, side) => {
    const { files } = await changed((r) => {
      r.write('.gitattributes', '*.js -diff\n*.py binary\n');
      r.git('mv', 'web/helpers.js', 'web/greet.js');
      r.write('web/greet.js', `${HELPERS}eval(x);\n`);
    }, side);
    expect(files.find((f) => f.path === 'web/greet.js')).toMatchObject({ status: 'renamed', patch: EVAL_ADDED });
    expect(files.find((f) => f.path === 'web/greet.js')?.sameBlobAsBase).toBeUndefined();
  });

  it.each(sides)('proves a pure rename unchanged (%s)', async (_, side) => {
    const { files } = await changed((r) => r.git('mv', 'web/helpers.js', 'web/greet.js'), side);
    expect(files).toEqual([expect.objectContaining({ path: 'web/greet.js', status: 'renamed', sameBlobAsBase: true })]);
    expect(files[0]?.patch).toBeUndefined();
  });

  it.each(sides)('gives no patch, and no proof, for a renamed file with a NUL byte, even one a .gitattributes marks as text (%s)', async (_, side) => {
    const { files } = await changed((r) => {
      r.write('.gitattributes', '*.js diff\n');
      r.git('mv', 'web/helpers.js', 'web/greet.js');
      r.write('web/greet.js', `// \0\n${HELPERS}eval(x);\n`);
    }, side);
    const greet = files.find((f) => f.path === 'web/greet.js');
    expect(greet).toMatchObject({ status: 'renamed', additions: 0, deletions: 0 });
    expect(greet?.patch).toBeUndefined();
    expect(greet?.sameBlobAsBase).toBeUndefined();
  });
});

it('says plainly when the folder is not a git repository', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'review-gate-git-'));
  cleanup.push(() => rmSync(folder, { recursive: true, force: true }));
  const error = await createGitSource({ env: process.env, cwd: folder }).comparison().catch((e: unknown) => e);
  expect(error).toBeInstanceOf(GitError);
  expect((error as Error).message).toBe('This folder is not inside a git repository: run review-gate in a clone of the repository to review.');
});

it('makes a file it cannot read a file not reviewed, in the system\'s words, without an internal class name', async () => {
  const { r } = copyOf(templates.appOnMain);
  r.write('app.py', 'x = 2\n');
  const source = createGitSource({ env: process.env, cwd: r.dir });
  const { files } = await source.listChangedFiles(pr);
  rmSync(`${r.dir}/app.py`);
  const error = await source.readFile(pr, files[0] as NonNullable<(typeof files)[0]>).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NotReviewableError);
  expect((error as NotReviewableError).reason).toMatch(/^not reviewed: could not read it: ENOENT: no such file or directory/);
});

describe('symbolic links', () => {
  /** A file outside the repository, as `~/.aws/credentials` is. */
  function secretOutside(): string {
    const home = mkdtempSync(join(tmpdir(), 'review-gate-home-'));
    cleanup.push(() => rmSync(home, { recursive: true, force: true }));
    writeFileSync(join(home, 'credentials'), 'aws_secret_access_key = SECRET\n');
    return join(home, 'credentials');
  }

  /** How the link is part of the change, and the source that sees it. */
  const sides: Array<[string, (r: TempRepo) => ReturnType<typeof createGitSource>]> = [
    ['committed, against the working tree', (r) => (r.commit('link'), createGitSource({ env: process.env, cwd: r.dir, base: 'main' }))],
    ['committed, in a range', (r) => (r.commit('link'), createGitSource({ env: process.env, cwd: r.dir, base: 'main...HEAD' }))],
    ['staged', (r) => (r.git('add', '-A'), createGitSource({ env: process.env, cwd: r.dir, staged: true, base: 'main' }))],
    ['untracked', (r) => createGitSource({ env: process.env, cwd: r.dir, base: 'main' })],
  ];

  it.each(sides)('reads what git stores for a link %s: its target path, never the file it points at', async (_side, sourceOf) => {
    const secret = secretOutside();
    const { r } = copyOf(templates.appOnFeature);
    symlinkSync(secret, join(r.dir, 'settings.py'));
    const source = sourceOf(r);

    const seen = await listing(source);
    expect(seen.lines).toEqual(['added settings.py']);
    expect(await seen.text('settings.py')).toBe(secret);
    // The patch shows the same text: the lines reviewed are the lines placed.
    expect(seen.files[0]?.patch?.split('\n')[1]).toBe(`+${secret}`);
  });

  it('never reads a changed file through a folder that is a link in the working tree', async () => {
    const r = repo();
    r.write('conf/settings.py', 'x = 1\n');
    r.commit('base');
    r.write('conf/settings.py', 'x = 2\n');
    const source = createGitSource({ env: process.env, cwd: r.dir });
    const { files } = await source.listChangedFiles(pr);
    // Swapped after the listing, as a checkout of another branch (or a hostile process) could.
    const elsewhere = mkdtempSync(join(tmpdir(), 'review-gate-elsewhere-'));
    cleanup.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    writeFileSync(join(elsewhere, 'settings.py'), 'SECRET = 1\n');
    rmSync(join(r.dir, 'conf'), { recursive: true });
    symlinkSync(elsewhere, join(r.dir, 'conf'));

    const error = await source.readFile(pr, files[0] as NonNullable<(typeof files)[0]>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotReviewableError);
    expect((error as NotReviewableError).reason).toBe(
      `not reviewed: its folder conf is a symbolic link (to ${elsewhere}) in the working tree, and review-gate never reads through one`,
    );
  });

  it('lists an untracked link to a folder as git does, reading its target path', async () => {
    const { r } = copyOf(templates.appOnMain);
    const elsewhere = mkdtempSync(join(tmpdir(), 'review-gate-elsewhere-'));
    cleanup.push(() => rmSync(elsewhere, { recursive: true, force: true }));
    symlinkSync(elsewhere, join(r.dir, 'linked.py'));
    const source = createGitSource({ env: process.env, cwd: r.dir });
    const seen = await listing(source);
    expect(seen.lines).toEqual(['added linked.py']);
    expect(await seen.text('linked.py')).toBe(elsewhere);
  });

  it('gives a file that becomes a link, and a link that becomes a file, the patch of their new kind, in a commit and in the working tree', async () => {
    const r = repo();
    r.write('conf.py', 'DEBUG = False\n');
    symlinkSync('conf.py', join(r.dir, 'run.py'));
    r.commit('base');
    rmSync(join(r.dir, 'conf.py'));
    symlinkSync('/etc/hostname', join(r.dir, 'conf.py'));
    rmSync(join(r.dir, 'run.py'));
    r.write('run.py', 'eval(input())\n');
    const patches = async (source: ReturnType<typeof createGitSource>) =>
      (await source.listChangedFiles(pr)).files.map((f) => [f.path, f.status, f.patch, f.additions, f.deletions]);
    const expected = [
      ['conf.py', 'changed', '@@ -0,0 +1 @@\n+/etc/hostname\n\\ No newline at end of file', 1, 1],
      ['run.py', 'changed', '@@ -0,0 +1 @@\n+eval(input())', 1, 1],
    ];

    expect(await patches(createGitSource({ env: process.env, cwd: r.dir }))).toEqual(expected);
    r.commit('kinds change');
    expect(await patches(createGitSource({ env: process.env, cwd: r.dir, base: 'HEAD~1..HEAD' }))).toEqual(expected);
  });
});
