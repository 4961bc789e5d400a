import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../../src/cli/run';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { committedRepo } from './bundled';
import type { TempRepo } from './bundled';

let local: TempRepo;
let repo: string;
let simulator: RunningSimulator;

beforeEach(async () => {
  local = committedRepo({ 'src/legacy.py': 'legacy_base = 1\ntotal = 2\n' });
  repo = local.dir;
  simulator = await startSimulator();
});

afterEach(async () => {
  await simulator.close();
  local.remove();
});

async function cli(args: string[]) {
  const out: string[] = [];
  const code = await runCli(['--api-url', simulator.url, ...args], { out: (l) => out.push(l), err: (l) => out.push(l), env: { REVIEW_GATE_API_KEY: DEMO_KEY }, cwd: repo });
  return { code, out: out.join('\n') };
}

describe('the terminal command', () => {
  it('exits 0 and says neutral when a file could not be reviewed under on-incomplete neutral', async () => {
    writeFileSync(join(repo, 'src/big.py'), `${'x = 1\n'.repeat(50)}`);
    const result = await cli(['--max-file-size', '100', '--on-incomplete', 'neutral']);
    expect(result.code).toBe(EXIT.passed);
    expect(result.out).toMatch(/^review-gate neutral: 1 file could not be reviewed: src\/big\.py \(not reviewed: the file has 300 bytes/m);
    expect(result.out).not.toContain('review-gate passed');
  });

  it('judges a changed file against its version at --base with score-baseline base', async () => {
    writeFileSync(join(repo, 'src/legacy.py'), 'legacy_head = 1\ntotal = 2\n');
    simulator.inject({ kind: 'answer', patch: { quality_score: 45 }, bodyContains: 'legacy_head' });
    simulator.inject({ kind: 'answer', patch: { quality_score: 40 }, bodyContains: 'legacy_base' });
    const result = await cli(['--min-score', '60', '--score-baseline', 'base']);
    expect(result.code).toBe(EXIT.passed);
    expect(result.out).toContain("note: quality score 45 of src/legacy.py is below min-score 60 but not below its base version's 40 (40 → 45)");
    expect(simulator.requests).toHaveLength(2);
  });
});
