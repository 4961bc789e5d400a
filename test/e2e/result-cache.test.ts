/**
 * End to end: the action with `cache-dir`, as a workflow with an actions/cache step runs it. A
 * re-run of the same head costs no review request and gives the same outputs; a push that changes
 * one file costs one; a damaged entry costs one warning and one request. The re-run of the same
 * head spawns the bundled dist/index.js, a process the first run never was: only the files the
 * first left can answer it. The other runs are in this process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { useAction } from './harness';
import type { ActionRunner } from './harness';
import { added } from '../support/fixture-files';

const { demo, closeAfterTest, run: runInProcess } = useAction({ bundles: ['dist/index.js'] });
let cacheDir: string;
let simulator: RunningSimulator;

beforeEach(async () => {
  cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-e2e-cache-'));
  // One service for every run of a test: the cache key holds its URL.
  simulator = await startSimulator();
  closeAfterTest(simulator);
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

/** A pull request of `n` files; file `changed` differs (a push), and src/f0.py calls eval(). */
function pullRequest(n: number, headSha: string, changed?: number): PullRequestFixture {
  const files = Array.from({ length: n }, (_, i) =>
    added(`src/f${i}.py`, i === 0 ? 'def run(rule):\n    return eval(rule)\n' : `VALUE_${i} = ${i === changed ? i * 100 : i}\n`),
  );
  return { ...demo, headSha, files };
}

async function run(fixture: PullRequestFixture, runner: ActionRunner = runInProcess) {
  const github = await startFixtureGitHub(fixture);
  closeAfterTest(github);
  const before = simulator.requests.filter((r) => r.path === '/v1/agent/review').length;
  const result = await runner({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'cache-dir': cacheDir },
    githubApiUrl: github.url,
    fixture,
  });
  const reviews = simulator.requests.filter((r) => r.path === '/v1/agent/review').length - before;
  return { ...result, reviews };
}

const HEAD_1 = '1'.repeat(40);
const HEAD_2 = '2'.repeat(40);

describe('the action with cache-dir', () => {
  it('re-runs the same head with 0 review requests and the same outputs and verdict, saying so', async () => {
    const first = await run(pullRequest(6, HEAD_1));
    const again = await run(pullRequest(6, HEAD_1), runBundledAction);

    expect(first.reviews).toBe(6);
    expect(again.reviews).toBe(0);
    expect(again.exitCode).toBe(1);
    expect(again.outputs).toEqual(first.outputs);
    expect(again.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '6' });
    expect(again.stdout).toContain(`Result cache (${cacheDir}): 6 of 6 files answered from the cache.`);
    expect(again.stepSummary).toContain('6 files reviewed (6 from the cache), 0 skipped, 0 not reviewed');
    expect(first.stepSummary).toContain('6 files reviewed, 0 skipped, 0 not reviewed');
  });

  it('costs 1 review request after a push that changes 1 file of 50', async () => {
    await run(pullRequest(50, HEAD_1));
    const pushed = await run(pullRequest(50, HEAD_2, 17));

    expect(pushed.reviews).toBe(1);
    expect(pushed.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '50', 'files-failed': '0' });
    expect(pushed.stepSummary).toContain('50 files reviewed (49 from the cache)');
  });

  it('reviews a file again, after one warning, when its entry was damaged between runs', async () => {
    const first = await run(pullRequest(3, HEAD_1));
    const entries = readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json'));
    expect(entries).toHaveLength(3);
    const damaged = entries.find((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes('eval'))!;
    writeFileSync(join(damaged.parentPath, damaged.name), '{"format":"review-gate/review-result","version":2,"result":{"issues":[');

    const again = await run(pullRequest(3, HEAD_1));
    expect(again.reviews).toBe(1);
    expect(again.outputs).toEqual(first.outputs);
    const warnings = again.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toEqual([
      expect.stringMatching(/^::warning::The result cache in .*: 1 entry ignored, and its file reviewed again: src\/f0\.py \(not JSON: cut off or damaged\)\./),
    ]);
  });
});
