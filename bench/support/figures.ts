/**
 * Shared pieces of the benchmarks of the bundled action: printing a figure beside its target,
 * generated pull requests (served by the fake GitHub, and as a real git repository for the
 * checkout), and the peak memory of the action's process. Figures are printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PullRequestFixture } from '../../test/doubles/run-action';
import { loadFixture } from '../../test/doubles/run-action';

export function row(figure: string, value: string, target: string, met: boolean | undefined): void {
  const verdict = met === undefined ? '' : met ? 'met' : 'NOT MET';
  console.log(`${figure.padEnd(72)} ${value.padStart(14)}   target ${target.padEnd(14)} ${verdict}`);
}

export function heading(title: string): void {
  console.log(`\n${title}`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
export const ratio = (value: number): string => value.toFixed(2);

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

/** Preloaded into the action's process (NODE_OPTIONS=--import): writes its peak RSS in kB at exit. */
const PRELOAD = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.BENCH_MAX_RSS_FILE, String(process.resourceUsage().maxRSS)));
`;

/** Environment that makes the action's process write its peak RSS to a file at exit. */
export function peakRssProbe(): { env: Record<string, string>; read(): number; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'review-gate-rss-'));
  const preload = join(dir, 'max-rss.mjs');
  writeFileSync(preload, PRELOAD);
  const file = join(dir, 'max-rss');
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, BENCH_MAX_RSS_FILE: file },
    /** Bytes. */
    read: () => Number(readFileSync(file, 'utf8')) * 1024,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
