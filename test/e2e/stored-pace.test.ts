/**
 * End to end: the bundled dist/index.js with `cache-dir`, twice, against a service that takes 10
 * review requests per sliding 1 s window (429 rate_limit_exceeded with retry_after past that),
 * concurrency 8. Each run reviews other contents (a push that changed every file), so no answer
 * comes from the cache: the second run's requests all go to the service. The first run learns
 * the service's pace from its 429s and stores it beside the entries; the second starts at it.
 * Issue 24's target: at most 0.05 answers of 429 per file. The next run comes later: the
 * service's clock is moved on by a minute between the runs (its window has emptied), rather than
 * the test waiting for it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../doubles/simulator';
import { startFixtureGitHub } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { added } from '../support/fixture-files';
import { useBundledAction } from './harness';

const { demo, servers, closeAfterTest, runAgainst } = useBundledAction();
const FILES = 20;
const TARGET_PER_FILE = 0.05;

let cacheDir: string;
beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-e2e-pace-'));
});
afterEach(() => rmSync(cacheDir, { recursive: true, force: true }));

/** The pull request at push `push`: every file's content differs from the other push's. */
function pullRequest(push: number): PullRequestFixture {
  const files = Array.from({ length: FILES }, (_, i) => added(`src/f${i}.py`, `VALUE_${i} = ${push * 1000 + i}\n`));
  return { ...demo, headSha: String(push).repeat(40), files };
}

describe('the bundled action keeps the pace it learned for the next run', () => {
  it('stores the pace beside the entries, and a second run against the same service draws at most 0.05 answers of 429 per file', async () => {
    let serviceClockAhead = 0;
    const { simulator, github: firstGitHub } = await servers({
      fixture: pullRequest(1),
      simulator: { keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: 10, windowMs: 1000, dailyLimit: Infinity }], now: () => Date.now() + serviceClockAhead },
    });
    const refusals = (from: number): number => simulator.requests.slice(from).filter((r) => r.path === '/v1/agent/review' && r.status === 429).length;

    const first = await runAgainst(simulator, firstGitHub, pullRequest(1), { 'cache-dir': cacheDir, concurrency: '8' });
    const firstRefused = refusals(0);
    const paceFiles = readdirSync(join(cacheDir, 'v2', 'pace'));
    serviceClockAhead += 60_000;
    const secondGitHub = await startFixtureGitHub(pullRequest(2));
    closeAfterTest(secondGitHub);
    const secondFrom = simulator.requests.length;
    const second = await runAgainst(simulator, secondGitHub, pullRequest(2), { 'cache-dir': cacheDir, concurrency: '8' });

    expect([first.outputs['files-reviewed'], second.outputs['files-reviewed']]).toEqual([String(FILES), String(FILES)]);
    expect(paceFiles).toHaveLength(1);
    expect(firstRefused).toBeGreaterThan(0);
    expect(second.stdout).toMatch(/Starting at the review service's pace an earlier run learned: 10 requests per 1\.\d\d s/);
    expect(refusals(secondFrom) / FILES).toBeLessThanOrEqual(TARGET_PER_FILE);
  });
});
