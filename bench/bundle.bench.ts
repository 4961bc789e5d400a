/**
 * The bundled action as the runner starts it: its size, the time from process start to the first
 * review request, and the time from the last review answer to process exit for a run that posts a
 * review, a summary comment and a check run. The start-up is set beside two others, run in turn
 * with it so the machine's drift hits all alike, the ratio taken run by run:
 * - the naive action (bench/support/toolkit-action.ts): 60 lines written the usual way, with
 *   @actions/core and @actions/github, bundled with ncc here into .tmp/bench-naive/ — the target;
 * - the floor (bench/support/naive-action.mjs): Node's own fetch and nothing else.
 * Printed beside their targets, never asserted (the machines are noisy).
 * Run: npm run bench (after npm run build).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, ROOT, loadFixture, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import { median, naiveAction } from './support/figures';

const RUNS = 9;
const FLOOR = join(ROOT, 'bench/support/naive-action.mjs');

function row(figure: string, value: string, target: string, met: boolean): void {
  console.log(`${figure.padEnd(58)} ${value.padStart(12)}   target ${target.padEnd(10)} ${met ? 'met' : 'NOT MET'}`);
}

async function benchBundle(): Promise<void> {
  const bundle = statSync(join(ROOT, 'dist/index.js')).size;
  const cli = statSync(join(ROOT, 'dist/cli/index.js')).size;
  const mb = (bytes: number): string => `${(bytes / 1_000_000).toFixed(2)} MB`;
  row('size of dist/index.js', mb(bundle), '≤ 1.5 MB', bundle <= 1_500_000);
  row('size of dist/cli/index.js', mb(cli), '(none)', true);

  const fixture = await loadFixture();
  const naiveScript = naiveAction();
  const firstRequest: number[] = [];
  const naiveFirst: number[] = [];
  const floorFirst: number[] = [];
  const ratios: number[] = [];
  const floorRatios: number[] = [];
  const tail: number[] = [];
  /** One run of `script` (the bundle when undefined): its first review request after spawn, and its tail. */
  const once = async (script: string | undefined): Promise<{ first: number; tail: number }> => {
    const simulator = await startSimulator();
    const github = await startFixtureGitHub(fixture);
    try {
      const run = await runBundledAction({
        nodeFlags: [],
        inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
        githubApiUrl: github.url,
        fixture,
        ...(script === undefined ? {} : { script }),
      });
      const reviews = simulator.requests.filter((r) => r.path === '/v1/agent/review');
      const posted = github.requests.filter((r) => r.method === 'POST').length;
      if (reviews.length === 0 || (script === undefined && posted < 2)) throw new Error(`${script ?? 'bundle'}: ${reviews.length} reviews, ${posted} posts (exit ${run.exitCode})`);
      return { first: Math.min(...reviews.map((r) => r.receivedAt)) - run.spawnedAt, tail: run.exitedAt - Math.max(...reviews.map((r) => r.answeredAt)) };
    } finally {
      await Promise.all([simulator.close(), github.close()]);
    }
  };
  for (const warmUp of [undefined, naiveScript, FLOOR]) await once(warmUp);
  for (let i = 0; i < RUNS; i++) {
    const ours = await once(undefined);
    const naive = await once(naiveScript);
    const floor = await once(FLOOR);
    firstRequest.push(ours.first);
    naiveFirst.push(naive.first);
    floorFirst.push(floor.first);
    ratios.push(ours.first / naive.first);
    floorRatios.push(ours.first / floor.first);
    tail.push(ours.tail);
  }
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  const first = median(firstRequest);
  const ratio = median(ratios);
  const last = median(tail);
  row(`process start → first review request (median of ${RUNS})`, ms(first), '≤ 300 ms', first <= 300);
  row(`  the naive action's, in turn with it (median of ${RUNS})`, ms(median(naiveFirst)), '(none)', true);
  row(`  ratio to the naive action's, run by run (median)`, `${ratio.toFixed(2)}×`, '≤ 1.5×', ratio <= 1.5);
  row(`  the floor's: Node's fetch alone (median of ${RUNS})`, ms(median(floorFirst)), '(none)', true);
  row(`  ratio to the floor's, run by run (median)`, `${median(floorRatios).toFixed(2)}×`, '(none)', true);
  row(`last review answer → exit, review + summary + check run (median of ${RUNS})`, ms(last), '≤ 500 ms', last <= 500);
}

await benchBundle();
