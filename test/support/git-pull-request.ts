/**
 * A pull request as a real git repository and as GitHub shows it: base and head commits with a
 * rename (and an edit), a deletion, a binary and a file without a final newline, and commits on
 * main after the branch point that are not the pull request's. `GITHUB_VIEW` is written out by
 * hand, as GitHub's own view, never derived from git here.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FakeFile } from '../doubles/fake-github';
import { FIXTURE_GIT_CONFIG, headCommit, tempRepo } from '../cli/bundled';
import { commitTrees } from './git-trees';

// A PNG signature and IHDR chunk: its NUL bytes make git (and GitHub) call it binary.
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
const lines = (n: number, changed?: number) => Array.from({ length: n }, (_, i) => `x${i + 1} = ${i + 1 === changed ? (i + 1) * 10 : i + 1}\n`).join('');

const BASE_FILES: Record<string, string | Buffer> = {
  'README.md': '# shop\n',
  'src/keep.py': 'KEEP = True\n',
  'src/old_name.py': lines(10),
  'src/gone.py': "print('bye')\n",
  'src/edit.js': 'function add(a, b) {\n  return a + b;\n}\nmodule.exports = { add };\n',
};

/** GitHub's view of the pull request: what `GET /pulls/7/files` and the blobs answer. */
export const GITHUB_VIEW: FakeFile[] = [
  { filename: 'assets/logo.png', status: 'added', content: PNG },
  {
    filename: 'src/edit.js',
    status: 'modified',
    content: 'function add(a, b) {\n  return a + b;\n}\nfunction sub(a, b) {\n  return a - b;\n}\nmodule.exports = { add, sub };\n',
    patch:
      '@@ -1,4 +1,7 @@\n function add(a, b) {\n   return a + b;\n }\n-module.exports = { add };\n+function sub(a, b) {\n+  return a - b;\n+}\n+module.exports = { add, sub };',
  },
  { filename: 'src/gone.py', status: 'removed', patch: "@@ -1 +0,0 @@\n-print('bye')" },
  {
    filename: 'src/new_name.py',
    previous_filename: 'src/old_name.py',
    status: 'renamed',
    content: lines(10, 5),
    patch: '@@ -2,7 +2,7 @@\n x2 = 2\n x3 = 3\n x4 = 4\n-x5 = 5\n+x5 = 50\n x6 = 6\n x7 = 7\n x8 = 8',
  },
  { filename: 'src/tail.ts', status: 'added', content: 'const a = 1;\nexport default a;', patch: '@@ -0,0 +1,2 @@\n+const a = 1;\n+export default a;\n\\ No newline at end of file' },
];

export interface PullRequestRepo {
  repo: string;
  base: string;
  head: string;
}

/** git and file writes in a repository being built. */
export interface RepoWriter {
  /** The repository's folder. */
  dir: string;
  git: (...args: string[]) => string;
  write: (files: Record<string, string | Buffer>) => void;
}

/**
 * A pull request as a real repository in a temporary folder: `base` committed on main, `change`
 * committed on a branch, then main moves on with `mainMovesOn` (none of it the pull request's).
 * Checked out on main; `base` is main's tip, `head` the branch's.
 */
export function buildPullRequestRepo(options: {
  prefix: string;
  base: Record<string, string | Buffer>;
  change: (repo: RepoWriter) => void;
  mainMovesOn: Record<string, string | Buffer>;
}): PullRequestRepo & RepoWriter {
  const repo = mkdtempSync(join(tmpdir(), options.prefix));
  const git = (...args: string[]): string =>
    execFileSync('git', [...FIXTURE_GIT_CONFIG, ...args], { cwd: repo, encoding: 'utf8' }).trim();
  const write = (files: Record<string, string | Buffer>): void => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
  };
  const commit = (message: string): string => {
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return headCommit(repo, git);
  };
  git('init', '-q', '-b', 'main');
  write(options.base);
  commit('base');
  git('checkout', '-q', '-b', 'feature');
  options.change({ dir: repo, git, write });
  const head = commit('feature');
  git('checkout', '-q', 'main');
  write(options.mainMovesOn);
  return { repo, base: commit('main moves on'), head, dir: repo, git, write };
}

/**
 * GitHub's view as a repository, written by `git fast-import` (four processes, where adding and
 * committing each step ran a dozen): the branch renames src/old_name.py (editing it), removes
 * src/gone.py and writes every file GitHub shows with content; main then moves on.
 */
export function createPullRequestRepo(): PullRequestRepo {
  const { dir } = tempRepo('review-gate-checkout-');
  const { 'src/old_name.py': _renamed, 'src/gone.py': _removed, ...kept } = BASE_FILES;
  const changed = Object.fromEntries(GITHUB_VIEW.flatMap((file) => (file.content === undefined ? [] : [[file.filename, file.content]])));
  const [branchPoint = '', head = ''] = commitTrees(dir, 'feature', [BASE_FILES, { ...kept, ...changed }]);
  const [base = ''] = commitTrees(dir, 'main', [{ ...BASE_FILES, 'README.md': '# shop, on main\n', 'src/main_only.py': 'MAIN = 1\n' }], { parent: branchPoint });
  return { repo: dir, base, head };
}
