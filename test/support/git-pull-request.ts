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

export function createPullRequestRepo(): PullRequestRepo {
  const repo = mkdtempSync(join(tmpdir(), 'review-gate-checkout-'));
  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8' }).trim();
  const write = (files: Record<string, string | Buffer>): void => {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), content);
    }
  };
  git('init', '-q', '-b', 'main');
  write(BASE_FILES);
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  git('checkout', '-q', '-b', 'feature');
  git('mv', 'src/old_name.py', 'src/new_name.py');
  git('rm', '-q', 'src/gone.py');
  for (const file of GITHUB_VIEW) if (file.content !== undefined) write({ [file.filename]: file.content });
  git('add', '.');
  git('commit', '-q', '-m', 'feature');
  const head = git('rev-parse', 'HEAD');
  // main moves on after the branch point: none of this is the pull request's change.
  git('checkout', '-q', 'main');
  write({ 'README.md': '# shop, on main\n', 'src/main_only.py': 'MAIN = 1\n' });
  git('add', '.');
  git('commit', '-q', '-m', 'main moves on');
  return { repo, base: git('rev-parse', 'HEAD'), head };
}
