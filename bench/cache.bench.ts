/**
 * The result cache of the bundled action: review requests on a re-run of the same head, and after
 * a push that changes one file of 50. Printed beside their targets (issue 10), never asserted.
 * Run: npm run bench (after npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { PullRequestFixture } from '../test/doubles/run-action';
import { generatedPull, heading, row, seconds } from './support/figures';

const cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-bench-cache-'));
// One service for every run: the cache key holds its URL.
const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });

async function run(fixture: PullRequestFixture) {
  const github = await startFixtureGitHub(fixture);
  const before = simulator.requests.length;
  try {
    const result = await runBundledAction({
      nodeFlags: [],
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'cache-dir': cacheDir },
      githubApiUrl: github.url,
      fixture,
    });
    return { ...result, reviews: simulator.requests.length - before, wallMs: result.exitedAt - result.spawnedAt };
  } finally {
    await github.close();
  }
}

try {
  heading('Result cache (issue 10): review requests per run of a 50-file pull request');
  const first = await run((await generatedPull(50, 30, { headSha: '1'.repeat(40) })).fixture);
  const again = await run((await generatedPull(50, 30, { headSha: '1'.repeat(40) })).fixture);
  const pushed = await run((await generatedPull(50, 30, { headSha: '2'.repeat(40), changed: 17 })).fixture);
  const same = JSON.stringify(again.outputs) === JSON.stringify(first.outputs);
  row(`first run, empty cache (information; ${seconds(first.wallMs)})`, String(first.reviews), '', undefined);
  row(`re-run of the same head with the cache (${seconds(again.wallMs)}; outputs ${same ? 'identical' : 'DIFFER'})`, String(again.reviews), '0', again.reviews === 0 && same);
  row(`after a push that changes 1 file of 50 (${seconds(pushed.wallMs)})`, String(pushed.reviews), '1', pushed.reviews === 1);
} finally {
  await simulator.close();
  rmSync(cacheDir, { recursive: true, force: true });
}
