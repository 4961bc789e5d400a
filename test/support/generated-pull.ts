/**
 * Generated pull requests for the end-to-end tests and the benchmarks: `files` Python files added,
 * served by the fake GitHub, and with `repo: true` also a real git repository whose `base` and
 * `head` commits are the pull request (a checkout with both commits). The commits are written in
 * one pack by git fast-import, as a clone holds them, and the files are not written out: the
 * action reads a checkout's commits, never its working tree (src/collect/git/checkout-source.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PullRequestFixture } from '../doubles/run-action';
import { loadFixture } from '../doubles/run-action';
import { commitTrees } from './git-trees';

export interface GeneratedPull {
  fixture: PullRequestFixture;
  /** A git repository whose `base` and `head` commits are this pull request. */
  repo?: string;
  dispose(): void;
}

/** File `i` of a generated pull request, `lines` lines long; file `changed` differs (a push). */
export function contentOf(i: number, linesPerFile: number, changed?: number): string {
  const lines = Array.from({ length: linesPerFile }, (_, l) => `value_${i}_${l} = compute(${l})${l % 10 === 0 ? '  # TODO check' : ''}`);
  if (i === changed) lines[0] = `value_${i}_0 = compute(-1)`;
  return `${lines.join('\n')}\n`;
}

/**
 * A pull request adding `files` Python files of `linesPerFile` lines (a number, or one per file).
 * With `repo: true` it also exists as a git repository (base: a README; head: the files), whose
 * commit SHAs the fixture uses; its `main` is the head.
 */
export async function generatedPull(
  files: number,
  linesPerFile: number | ((i: number) => number),
  options: { repo?: boolean; changed?: number; headSha?: string } = {},
): Promise<GeneratedPull> {
  const demo = await loadFixture();
  const linesOf = typeof linesPerFile === 'number' ? () => linesPerFile : linesPerFile;
  const contents = Array.from({ length: files }, (_, i) => contentOf(i, linesOf(i), options.changed));
  const fixtureFiles = contents.map((content, i) => {
    const lines = content.replace(/\n$/, '').split('\n');
    return { filename: `src/pkg${i % 50}/m${i}.py`, status: 'added', content, additions: lines.length, patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((l) => `+${l}`)].join('\n') };
  });
  let headSha = options.headSha ?? 'c'.repeat(40);
  let baseSha = demo.baseSha;
  let repo: string | undefined;
  if (options.repo === true) {
    repo = mkdtempSync(join(tmpdir(), 'review-gate-bench-repo-'));
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    const base = { 'README.md': '# bench\n' };
    const head = { ...base, ...Object.fromEntries(fixtureFiles.map((f) => [f.filename, f.content])) };
    [baseSha, headSha] = commitTrees(repo, 'main', [base, head], { checkout: false }) as [string, string];
  }
  const dir = repo;
  return {
    fixture: { ...demo, headSha, baseSha, files: fixtureFiles },
    ...(dir === undefined ? {} : { repo: dir }),
    dispose: () => {
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
