/**
 * Shared pieces of the benchmarks of the bundled action: printing a figure beside its target,
 * generated pull requests (served by the fake GitHub, and as a real git repository for the
 * checkout), the peak memory of the action's process, and the naive action it is compared with.
 * Figures are printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../test/doubles/run-action';

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

export { contentOf, generatedPull } from '../../test/support/generated-pull';
export type { GeneratedPull } from '../../test/support/generated-pull';

/**
 * Preloaded into the action's process (NODE_OPTIONS=--import): writes its peak RSS in kB at exit,
 * with what its memory held at the highest RSS sampled every 10 ms (an unref'd timer: it keeps
 * nothing alive). `--trace-gc` (not allowed in NODE_OPTIONS, so set here) prints each garbage
 * collection to stdout: a major one says how much of the heap was still live.
 */
const PRELOAD = `import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
setFlagsFromString('--trace-gc');
let peak = { rss: 0 };
setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss > peak.rss) peak = now;
}, 10).unref();
process.on('exit', () => {
  const usage = process.resourceUsage();
  writeFileSync(process.env.BENCH_MAX_RSS_FILE, JSON.stringify({ maxRss: usage.maxRSS, cpuMicros: usage.userCPUTime + usage.systemCPUTime, peak }));
});
`;

/** Bytes the process held at its highest sampled RSS, by V8's account. */
export interface MemoryAtPeak {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
}

/** A major garbage collection, as `--trace-gc` prints it: heap in use before and after, MB. */
export interface MajorGc {
  beforeMb: number;
  afterMb: number;
}

/** The major collections (`Mark-Compact`) in a `--trace-gc` log, in order. */
export function majorCollections(stdout: string): MajorGc[] {
  return [...stdout.matchAll(/Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/g)].map((m) => ({ beforeMb: Number(m[1]), afterMb: Number(m[2]) }));
}

/** Environment that makes the action's process write its peak RSS (and its CPU time) to a file at exit. */
export function peakRssProbe(): { env: Record<string, string>; read(): number; atPeak(): MemoryAtPeak; cpuMs(): number; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'review-gate-rss-'));
  const preload = join(dir, 'max-rss.mjs');
  writeFileSync(preload, PRELOAD);
  const file = join(dir, 'max-rss');
  const written = (): { maxRss: number; cpuMicros: number; peak: MemoryAtPeak } => JSON.parse(readFileSync(file, 'utf8')) as { maxRss: number; cpuMicros: number; peak: MemoryAtPeak };
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, BENCH_MAX_RSS_FILE: file },
    /** Bytes. */
    read: () => written().maxRss * 1024,
    atPeak: () => written().peak,
    /** User and system CPU time of the action's process: less moved by a busy machine than its wall time. */
    cpuMs: () => written().cpuMicros / 1000,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * The naive action (toolkit-action.ts) bundled with ncc as an action's author would, into
 * .tmp/bench-naive/; built again only when its source is newer than the bundle.
 */
export function naiveAction(): string {
  const source = join(ROOT, 'bench/support/toolkit-action.ts');
  const bundle = join(ROOT, '.tmp/bench-naive/index.js');
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= statSync(source).mtimeMs) return bundle;
  // ncc type-checks the whole project: its errors say why a build failed.
  execFileSync(process.execPath, [join(ROOT, 'node_modules/@vercel/ncc/dist/ncc/cli.js'), 'build', source, '-o', join(ROOT, '.tmp/bench-naive'), '--minify', '--target', 'es2022', '--quiet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return bundle;
}
