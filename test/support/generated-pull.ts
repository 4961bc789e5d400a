/**
 * Generated pull requests for the end-to-end tests and the benchmarks: `files` Python files added,
 * served by the fake GitHub, and with `repo: true` also a real git repository whose `base` and
 * `head` commits are the pull request (a checkout with both commits).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PullRequestFixture } from '../doubles/run-action';
import { loadFixture } from '../doubles/run-action';

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
 * commit SHAs the fixture uses.
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
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 30 }).trim();
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'README.md'), '# bench\n');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    baseSha = git('rev-parse', 'HEAD');
    for (const file of fixtureFiles) {
      mkdirSync(dirname(join(repo, file.filename)), { recursive: true });
      writeFileSync(join(repo, file.filename), file.content);
    }
    git('add', '.');
    git('commit', '-q', '-m', 'head');
    headSha = git('rev-parse', 'HEAD');
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
