/**
 * The terminal command run in this process (in-process.ts) is the command the bundle runs: it
 * takes its folder and environment from what it is given, never from the process around it. Here
 * the process's HOME holds a git configuration git refuses to read, and the command's HOME is
 * sound: every git program the command starts (the diff, the blobs of `cat-file --batch`, the
 * base version for score-baseline, the build's commit for the JSON report) must get the command's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { committedRepo, serviceEnv } from './bundled';
import type { TempRepo } from './bundled';
import { runCliInProcess } from './in-process';

let simulator: RunningSimulator;
let repo: TempRepo;
let brokenHome: string;

beforeEach(async () => {
  simulator = await startSimulator();
  repo = committedRepo({ 'app.py': 'def add(a, b):\n    return a + b\n' });
  brokenHome = mkdtempSync(join(tmpdir(), 'review-gate-broken-home-'));
  writeFileSync(join(brokenHome, '.gitconfig'), '[core\n\tnot a config line\n');
});
afterEach(async () => {
  await simulator.close();
  repo.remove();
  rmSync(brokenHome, { recursive: true, force: true });
});

/** `run` with the process's HOME set to `home`, and put back after. */
async function withProcessHome<T>(home: string, run: () => Promise<T>): Promise<T> {
  const saved = process.env.HOME;
  process.env.HOME = home;
  try {
    return await run();
  } finally {
    process.env.HOME = saved;
  }
}

describe('the command run in this process', () => {
  it('runs every git program with the environment it is given, not the process\'s', async () => {
    repo.write('app.py', 'def add(a, b):\n    return a + b\n\n\ndef run(rule):\n    return eval(rule)\n');
    // Below min-score at the head: score-baseline reads the base version and has it reviewed too.
    simulator.inject({ kind: 'answer', patch: { quality_score: 40 }, bodyContains: 'eval(rule)' });
    const run = await withProcessHome(brokenHome, () =>
      runCliInProcess(['--format', 'json', '--min-score', '60', '--score-baseline', 'base'], { cwd: repo.dir, env: serviceEnv(simulator.url) }),
    );

    expect(run.err).not.toMatch(/bad config|could not/);
    expect(run.code).toBe(EXIT.failed);
    const report = JSON.parse(run.out) as { tool: { commit: string | null }; files: Array<{ path: string; status: string }>; findings: Array<{ line: number; severity: string }> };
    expect(report.files.map((f) => [f.path, f.status])).toEqual([['app.py', 'reviewed']]);
    expect(report.findings).toContainEqual(expect.objectContaining({ line: 6, severity: 'error' }));
    expect(simulator.requests.filter((r) => r.path === '/v1/agent/review')).toHaveLength(2);
    expect(report.tool.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});
