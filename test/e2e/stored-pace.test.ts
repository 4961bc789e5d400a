/**
 * End to end: the action with `cache-dir`, twice, against a service that takes 10 review requests
 * per sliding 1 s window (429 rate_limit_exceeded with retry_after past that), concurrency 8. Each
 * run reviews other contents (a push that changed every file), so no answer comes from the cache:
 * the second run's requests all go to the service. The first run learns the service's pace from
 * its 429s and stores it, signed with the API key, beside the entries; the second, the bundled
 * dist/index.js in a process of its own (only the file can carry the pace to it), starts at it.
 * The next run comes later: the service's clock is moved on by a minute between the runs (its
 * window has emptied), rather than the test waiting for it.
 *
 * How few 429s the second run then draws (issue 24's target: at most 0.05 per file) depends on how
 * evenly a loaded machine gets its requests out on time, so it is measured, not asserted:
 * bench/stored-pace.bench.ts prints it beside the target.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaceCodec } from '../../src/review/pace-file';
import { DEMO_KEY, REVIEW_ONLY_KEY } from '../doubles/simulator';
import { runBundledAction, startFixtureGitHub } from '../doubles/run-action';
import type { PullRequestFixture } from '../doubles/run-action';
import { added } from '../support/fixture-files';
import { useAction } from './harness';

const { demo, servers, closeAfterTest, runAgainst } = useAction({ bundles: ['dist/index.js'] });
const FILES = 20;

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

describe('the action keeps the pace it learned for the next run', () => {
  it('stores the pace it learned from 429s beside the entries, signed with the API key, and a second run in another process starts at it', async () => {
    let serviceClockAhead = 0;
    const { simulator, github: firstGitHub } = await servers({
      fixture: pullRequest(1),
      simulator: { keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: 10, windowMs: 1000, dailyLimit: Infinity }], now: () => Date.now() + serviceClockAhead },
    });

    const first = await runAgainst(simulator, firstGitHub, pullRequest(1), { 'cache-dir': cacheDir, concurrency: '8' });
    const firstRefused = simulator.requests.filter((r) => r.path === '/v1/agent/review' && r.status === 429).length;
    const paceFolder = join(cacheDir, 'v2', 'pace');
    const paceFiles = readdirSync(paceFolder);
    const stored = paceFiles.map((name) => readFileSync(join(paceFolder, name), 'utf8'));
    serviceClockAhead += 60_000;
    const secondGitHub = await startFixtureGitHub(pullRequest(2));
    closeAfterTest(secondGitHub);
    const second = await runAgainst(simulator, secondGitHub, pullRequest(2), { 'cache-dir': cacheDir, concurrency: '8' }, { runner: runBundledAction });

    expect([first.outputs['files-reviewed'], second.outputs['files-reviewed']]).toEqual([String(FILES), String(FILES)]);
    // Learned from the service's 429s: 10 requests per window of a little over the service's 1 s.
    expect(firstRefused).toBeGreaterThan(0);
    expect(paceFiles).toHaveLength(1);
    const pace = createPaceCodec(DEMO_KEY).decode(stored[0] ?? '', simulator.url, Date.now());
    expect(pace.budget).toBe(10);
    expect(pace.windowMs).toBeGreaterThanOrEqual(1000);
    expect(pace.windowMs).toBeLessThan(2000);
    // Signed with the run's key: under another key the same file is refused.
    expect(() => createPaceCodec(REVIEW_ONLY_KEY).decode(stored[0] ?? '', simulator.url, Date.now())).toThrow(/signature does not match/);
    // The second run reads it, and says so, with the numbers stored.
    expect(second.stdout).toContain(`Starting at the review service's pace an earlier run learned: 10 requests per ${(pace.windowMs / 1000).toFixed(2)} s`);
    expect(second.stdout).not.toMatch(/stored pace was ignored/);
  });
});
