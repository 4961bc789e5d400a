/**
 * Shared pieces of the benchmarks of the bundled action: printing a figure beside its target,
 * generated pull requests (served by the fake GitHub, and as a real git repository for the
 * checkout), and the peak memory of the action's process. Figures are printed, never asserted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

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
