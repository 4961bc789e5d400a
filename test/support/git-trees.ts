/**
 * Commits written as whole trees in one `git fast-import`, where `git add` and `git commit` would
 * run two processes a commit and a `git mv` or a `git rm` one more each (about 40 ms a process
 * on a busy two-core runner). Each commit is given as every file it holds: a change from the
 * previous commit is whatever differs, and git finds renames by content as it always does.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A symbolic link, stored as git stores one: its target path as the blob, mode 120000. */
export interface Link {
  link: string;
}

/** A commit's files: path → content (text, bytes or a link). */
export type Tree = Record<string, string | Buffer | Link>;

const isLink = (content: string | Buffer | Link): content is Link => typeof content === 'object' && !Buffer.isBuffer(content);

/**
 * fast-import grows its memory a page or so at a time, and each `brk` call cost ~130 µs of system
 * time on a busy virtual machine: 12,600 of them, 2 s, for 3,100 small files. Asking glibc's
 * malloc for 256 MiB of headroom per growth makes them a handful; git's output is the same.
 */
const FEW_GROWTHS = { ...process.env, MALLOC_TOP_PAD_: String(256 * 1024 * 1024) };

/**
 * Commits `trees` in order on the new branch `branch` of the repository in `dir` (the first
 * without a parent, or on the commit `options.parent`), then checks the branch out, so the working
 * tree is the last tree: the commits' SHAs, in order. With `checkout: false` the branch is left as
 * it is written and the working tree empty, for a caller that reads only the commits (writing
 * thousands of files costs about a second of system time).
 */
export function commitTrees(dir: string, branch: string, trees: readonly Tree[], options: { checkout?: boolean; parent?: string } = {}): string[] {
  const parts: Buffer[] = [];
  const data = (bytes: Buffer) => parts.push(Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n'));
  trees.forEach((tree, i) => {
    parts.push(Buffer.from(`commit refs/heads/${branch}\nmark :${i + 1}\ncommitter t <t@example.com> ${1_700_000_000 + i} +0000\n`));
    data(Buffer.from(`commit ${i + 1}`));
    const from = i > 0 ? `:${i}` : options.parent;
    parts.push(Buffer.from(`${from === undefined ? '' : `from ${from}\n`}deleteall\n`));
    for (const [path, content] of Object.entries(tree)) {
      parts.push(Buffer.from(`M ${isLink(content) ? '120000' : '100644'} inline ${path}\n`));
      data(Buffer.from(isLink(content) ? content.link : content));
    }
  });
  const marks = join(dir, '.git', `marks-${branch}`);
  execFileSync('git', ['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: dir, input: Buffer.concat(parts), stdio: ['pipe', 'pipe', 'pipe'], env: FEW_GROWTHS });
  if (options.checkout !== false) execFileSync('git', ['checkout', '-q', '-f', branch], { cwd: dir, stdio: 'pipe' });
  const shas = new Map(readFileSync(marks, 'utf8').trim().split('\n').map((line) => line.split(' ') as [string, string]));
  return trees.map((_, i) => shas.get(`:${i + 1}`) ?? '');
}
