/**
 * The bundled action as the runner starts it: its size, the time from process start to the first
 * review request, and the time from the last review answer to process exit for a run that posts
 * a review, a summary comment and a check run. Printed beside their targets, never asserted (the machines are noisy).
 * Run: npm run bench (after npm run build).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, ROOT, loadFixture, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';

const RUNS = 7;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

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
  const firstRequest: number[] = [];
  const tail: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const simulator = await startSimulator();
    const github = await startFixtureGitHub(fixture);
    try {
      const run = await runBundledAction({
        inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN },
        githubApiUrl: github.url,
        fixture,
      });
      const reviews = simulator.requests.filter((r) => r.path === '/v1/agent/review');
      const posted = github.requests.filter((r) => r.method === 'POST').length;
      if (reviews.length === 0 || posted < 2) throw new Error(`run ${i}: ${reviews.length} reviews, ${posted} posts (exit ${run.exitCode})`);
      firstRequest.push(Math.min(...reviews.map((r) => r.receivedAt)) - run.spawnedAt);
      tail.push(run.exitedAt - Math.max(...reviews.map((r) => r.answeredAt)));
    } finally {
      await Promise.all([simulator.close(), github.close()]);
    }
  }
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  const first = median(firstRequest);
  const last = median(tail);
  row(`process start → first review request (median of ${RUNS})`, ms(first), '≤ 300 ms', first <= 300);
  row(`last review answer → exit, review + summary + check run (median of ${RUNS})`, ms(last), '≤ 500 ms', last <= 500);
}

await benchBundle();
