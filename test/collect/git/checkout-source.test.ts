/**
 * The checkout source against the GitHub API source on the same pull request: a real git
 * repository in a temporary folder, and the fake GitHub serving the files, patches and blobs
 * GitHub shows for it (written out by hand, as GitHub's own view, not derived from git here).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openCheckoutSource } from '../../../src/collect/git/checkout-source';
import type { CheckoutSource } from '../../../src/collect/git/checkout-source';
import { createPullRequestSource } from '../../../src/collect/api/pull-request-source';
import type { ChangedFile, PullRequestSource } from '../../../src/domain/pull-request';
import type { FakeGitHub } from '../../doubles/fake-github';
import { prRef, startFake } from '../../github/helpers';
import { GITHUB_VIEW, createPullRequestRepo } from '../../support/git-pull-request';
import { tempRepo } from '../../cli/bundled';
import type { TempRepo } from '../../cli/bundled';
import { commitTrees } from '../../support/git-trees';
import type { Tree } from '../../support/git-trees';

let repo: string;
let base: string;
let head: string;
let fake: FakeGitHub;
let api: PullRequestSource;
let local: CheckoutSource;

beforeAll(async () => {
  ({ repo, base, head } = createPullRequestRepo());
  const started = await startFake([{ number: 7, headSha: head, baseSha: base, files: GITHUB_VIEW }]);
  fake = started.fake;
  api = createPullRequestSource(started.octokit);
  const opening = await openCheckoutSource({ cwd: repo, baseSha: base, headSha: head });
  if (opening.kind !== 'ready') throw new Error(`checkout source unavailable: ${opening.reason}`);
  local = opening.source;
});

afterAll(async () => {
  await local?.close();
  await fake?.close();
  rmSync(repo, { recursive: true, force: true });
});

/** New-file line number and text of every added line: read from the hunks, independently of src/. */
function addedLines(patch: string | undefined): Array<[number, string]> {
  const added: Array<[number, string]> = [];
  let line = 0;
  for (const text of (patch ?? '').split('\n')) {
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (hunk !== null) line = Number(hunk[1]);
    else if (text.startsWith('+')) added.push([line++, text.slice(1)]);
    else if (text.startsWith(' ')) line++;
  }
  return added;
}

const byPath = (files: ChangedFile[]) => [...files].sort((a, b) => a.path.localeCompare(b.path));

describe('the checkout source and the GitHub API source on the same pull request', () => {
  it('list the same changed files: a rename, a deletion, a binary and a file without a final newline, nothing from main', async () => {
    const pr = prRef(7, head);
    const [fromApi, fromGit] = await Promise.all([api.listChangedFiles(pr), local.listChangedFiles(pr)]);
    const shape = (f: ChangedFile) => ({ path: f.path, status: f.status, previousPath: f.previousPath, blobSha: f.blobSha });

    expect(byPath(fromGit.files).map(shape)).toEqual(byPath(fromApi.files).map(shape));
    expect(byPath(fromGit.files).map((f) => `${f.status} ${f.path}`)).toEqual([
      'added assets/logo.png',
      'modified src/edit.js',
      'removed src/gone.py',
      'renamed src/new_name.py',
      'added src/tail.ts',
    ]);
    expect(fromGit.truncated).toBe(false);
  });

  it("give every patch the same added lines, and no patch for the binary", async () => {
    const pr = prRef(7, head);
    const [fromApi, fromGit] = await Promise.all([api.listChangedFiles(pr), local.listChangedFiles(pr)]);
    const added = (files: ChangedFile[]) => byPath(files).map((f) => [f.path, 'patch' in f, addedLines(f.patch)]);

    expect(added(fromGit.files)).toEqual(added(fromApi.files));
    expect(addedLines(fromGit.files.find((f) => f.path === 'src/tail.ts')?.patch)).toEqual([[1, 'const a = 1;'], [2, 'export default a;']]);
    expect(fromGit.files.find((f) => f.path === 'assets/logo.png')).not.toHaveProperty('patch');
    expect(fromGit.files.find((f) => f.path === 'src/new_name.py')).toMatchObject({ additions: 1, deletions: 1 });
  });

  it('read the same bytes for every file at the head commit, the checkout without any request to GitHub', async () => {
    const pr = prRef(7, head);
    const files = (await local.listChangedFiles(pr)).files.filter((f) => f.status !== 'removed');
    const before = fake.requests.length;
    const fromGit = await Promise.all(files.map((f) => local.readFile(pr, f)));
    expect(fake.requests.length).toBe(before);
    const fromApi = await Promise.all(files.map((f) => api.readFile(pr, f)));

    expect(fromGit.map((b) => Buffer.from(b).toString('base64'))).toEqual(fromApi.map((b) => Buffer.from(b).toString('base64')));
    expect(Buffer.from(fromGit[files.findIndex((f) => f.path === 'src/tail.ts')]!).toString()).toBe('const a = 1;\nexport default a;');
  });

  it('reads a renamed file\'s base version under its old name, at the merge base (score-baseline: base)', async () => {
    const renamed = (await local.listChangedFiles(prRef(7, head))).files.find((f) => f.path === 'src/new_name.py')!;
    const before = Buffer.from(await local.readBaseFile!(prRef(7, head), renamed)).toString();
    // The head changed x5 from 5 to 50: the base still has the old line, and the rest is the same.
    expect(before).toContain('x5 = 5\n');
    expect(before).not.toContain('x5 = 50');
    expect(before.replace('x5 = 5\n', 'x5 = 50\n')).toBe(Buffer.from(await local.readFile(prRef(7, head), renamed)).toString());
  });

  it('refuses a file over the size limit, naming its size', async () => {
    const file = (await local.listChangedFiles(prRef(7, head))).files.find((f) => f.path === 'src/edit.js')!;
    await expect(local.readFile(prRef(7, head), file, { maxBytes: 10 })).rejects.toMatchObject({
      reason: 'not reviewed: the file has 109 bytes, more than max-file-size (10 bytes); raise max-file-size to review it',
    });
  });
});

describe('when the checkout cannot give the pull request', () => {
  it('is unavailable, saying why, without the base commit', async () => {
    const opening = await openCheckoutSource({ cwd: repo, baseSha: 'b'.repeat(40), headSha: head });
    expect(opening).toEqual({ kind: 'unavailable', reason: `the checkout does not have the base commit ${'b'.repeat(12)}` });
  });

  it('is unavailable in a shallow clone that lacks the merge base', async () => {
    const shallow = mkdtempSync(join(tmpdir(), 'review-gate-shallow-'));
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', '--no-single-branch', `file://${repo}`, shallow], { stdio: 'ignore' });
      const opening = await openCheckoutSource({ cwd: shallow, baseSha: base, headSha: head });
      expect(opening).toEqual({ kind: 'unavailable', reason: `the checkout's history has no merge base of ${base.slice(0, 12)} and ${head.slice(0, 12)} (a shallow clone)` });
    } finally {
      rmSync(shallow, { recursive: true, force: true });
    }
  });
});

describe('what the diff shows from the checkout', () => {
  const HELPERS = 'function greet(name) {\n  return name;\n}\n';

  // One repository for these tests, a branch each: each test writes its commits in one go and
  // checks them out, as the job's checkout of the head is.
  let shared: TempRepo;
  let branches = 0;
  beforeAll(() => {
    shared = tempRepo('review-gate-checkout-');
  });
  afterAll(() => shared.remove());
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const step of cleanups.splice(0)) step();
  });

  /** The checkout at the last of `trees`, each committed on top of the one before; the first is the base. */
  async function opened(...trees: Tree[]): Promise<{ files: ChangedFile[]; source: CheckoutSource }> {
    const commits = commitTrees(shared.dir, `case-${++branches}`, trees);
    const [baseSha, headSha] = [commits[0] ?? '', commits.at(-1) ?? ''];
    const opening = await openCheckoutSource({ cwd: shared.dir, baseSha, headSha });
    if (opening.kind !== 'ready') throw new Error(`checkout source unavailable: ${opening.reason}`);
    cleanups.push(() => void opening.source.close());
    return { files: (await opening.source.listChangedFiles(prRef(7, headSha))).files, source: opening.source };
  }

  it('proves a pure rename unchanged (the same blob at the merge base and the head)', async () => {
    const { files } = await opened({ 'web/helpers.js': HELPERS }, { 'web/greet.js': HELPERS });
    expect(files).toEqual([expect.objectContaining({ path: 'web/greet.js', previousPath: 'web/helpers.js', status: 'renamed', sameBlobAsBase: true })]);
    expect(files[0]?.patch).toBeUndefined();
  });

  it('proves nothing for a renamed file git shows as binary: no patch, and not the same blob', async () => {
    const { files } = await opened({ 'web/helpers.js': HELPERS }, { 'web/greet.js': `// \0\n${HELPERS}eval(x);\n` });
    expect(files).toEqual([expect.objectContaining({ path: 'web/greet.js', status: 'renamed' })]);
    expect(files[0]?.patch).toBeUndefined();
    expect(files[0]?.sameBlobAsBase).toBeUndefined();
  });

  it.each([
    ['*.js -diff', 'unset'],
    ['*.js binary', 'the binary macro'],
    ['*.js diff=nothing', 'a diff driver'],
    ['*.js text eol=crlf', 'text and eol'],
  ])('reads the same patch whatever a committed .gitattributes says (%s: %s)', async (attributes) => {
    const { files } = await opened(
      { 'web/helpers.js': HELPERS, 'app.js': 'a();\n' },
      { '.gitattributes': `${attributes}\n`, 'web/greet.js': `${HELPERS}eval(x);\n`, 'app.js': 'a();\nb();\n' },
    );
    // The checkout holds the head's .gitattributes, as the job's does.
    expect(readFileSync(join(shared.dir, '.gitattributes'), 'utf8')).toBe(`${attributes}\n`);
    const patches = Object.fromEntries(files.map((f) => [f.path, f.patch]));
    expect(patches['web/greet.js']).toBe('@@ -1,3 +1,4 @@\n function greet(name) {\n   return name;\n }\n+eval(x);');
    expect(patches['app.js']).toBe('@@ -1 +1,2 @@\n a();\n+b();');
  });

  it('reads a file that changes kind (file → link, link → file): its new kind wholly added, the files around it in place', async () => {
    const base = { 'src/conf.py': 'DEBUG = False\nPORT = 80\n', 'src/a.py': 'a = 1\n', 'src/z.py': 'z = 1\n' };
    const withLink = { ...base, 'src/run.py': { link: 'a.py' } };
    const { files, source } = await opened(base, withLink, {
      ...withLink,
      'src/conf.py': { link: '/etc/hostname' },
      'src/a.py': 'a = 2\n',
      'src/z.py': 'z = 2\n',
    });
    expect(files.map((f) => [f.path, f.status, f.patch, f.additions, f.deletions])).toEqual([
      ['src/a.py', 'modified', '@@ -1 +1 @@\n-a = 1\n+a = 2', 1, 1],
      ['src/conf.py', 'changed', '@@ -0,0 +1 @@\n+/etc/hostname\n\\ No newline at end of file', 1, 2],
      ['src/run.py', 'added', '@@ -0,0 +1 @@\n+a.py\n\\ No newline at end of file', 1, 0],
      ['src/z.py', 'modified', '@@ -1 +1 @@\n-z = 1\n+z = 2', 1, 1],
    ]);
    expect(Buffer.from(await source.readFile(prRef(7, 'x'), files[1]!)).toString()).toBe('/etc/hostname');
  });

  it('reads a link that becomes a file of the same bytes (the same blob) as changed, never as unchanged', async () => {
    // Base: run.py a link whose target path reads as code. Head: a file holding that text.
    const code = 'eval(input())';
    const { files } = await opened({ 'run.py': { link: code } }, { 'run.py': code });

    expect(files).toEqual([{ path: 'run.py', status: 'changed', blobSha: expect.any(String), entry: 'file', patch: '@@ -0,0 +1 @@\n+eval(input())\n\\ No newline at end of file', additions: 1, deletions: 1 }]);
  });

  it('does not diff as text a file with a NUL that a committed .gitattributes marks as text (diff)', async () => {
    // UTF-16: git and GitHub show it as binary; read as text, its lines would not be the file's lines.
    const wide = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const { files } = await opened(
      { 'src/wide.ts': wide('export const a = 1;\n') },
      { '.gitattributes': '*.ts diff\n', 'src/wide.ts': wide('export const a = 1;\nexport const b = eval(x);\n') },
    );
    expect(files.find((f) => f.path === 'src/wide.ts')?.patch).toBeUndefined();
  });
});
