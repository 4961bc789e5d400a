/**
 * The review queue of the bundled action against the simulator: latency-bound throughput, a
 * rate limit of 10 requests per 1 s window, and a service nobody listens for. Each figure is
 * printed beside its target (issue 10), never asserted. Run: npm run bench (after npm run build).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import type { RequestLogEntry } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { PullRequestFixture } from '../test/doubles/run-action';
import { generatedPull, heading, median, ratio, row, seconds } from './support/figures';

const REVIEW = '/v1/agent/review';
const RUNS = 3;

async function runAction(fixture: PullRequestFixture, apiUrl: string, inputs: Record<string, string>) {
  const github = await startFixtureGitHub(fixture);
  try {
    return await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': apiUrl, 'github-token': GITHUB_TOKEN, ...inputs },
      githubApiUrl: github.url,
      fixture,
    });
  } finally {
    await github.close();
  }
}

const reviews = (log: RequestLogEntry[]) => log.filter((r) => r.path === REVIEW);

/** Figure 1: 48 files, 250 ms per answer, concurrency 8: the wall time of the review against ceil(N/C)·L. */
async function latencyBound(): Promise<void> {
  const files = 48;
  const concurrency = 8;
  const latency = 250;
  const { fixture } = await generatedPull(files, 20);
  const ratios: number[] = [];
  const processTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
    simulator.inject({ kind: 'latency', ms: latency, times: files, path: REVIEW });
    const run = await runAction(fixture, simulator.url, { concurrency: String(concurrency) });
    const log = reviews(simulator.requests);
    await simulator.close();
    if (log.length !== files) throw new Error(`latency run: ${log.length} review requests (exit ${run.exitCode})`);
    const wall = Math.max(...log.map((r) => r.answeredAt)) - Math.min(...log.map((r) => r.receivedAt));
    ratios.push(wall / (Math.ceil(files / concurrency) * latency));
    processTimes.push(run.exitedAt - run.spawnedAt);
  }
  row(`48 files, 250 ms latency, concurrency 8: review wall time / (ceil(N/C)·L) (median of ${RUNS})`, ratio(median(ratios)), '≤ 1.10', median(ratios) <= 1.1);
  row('  the same, whole process from spawn to exit (information)', seconds(median(processTimes)), '', undefined);
}

/** Figures 2–4: 40 files, 10 requests per 1 s window, concurrency 8. */
async function rateLimited(latency: number, label: string, judged: boolean): Promise<void> {
  const files = 40;
  const perWindow = 10;
  const windowMs = 1000;
  const { fixture } = await generatedPull(files, 20);
  const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: perWindow, windowMs, dailyLimit: Infinity }] });
  if (latency > 0) simulator.inject({ kind: 'latency', ms: latency, times: 10_000, path: REVIEW });
  const run = await runAction(fixture, simulator.url, { concurrency: '8' });
  const log = reviews(simulator.requests);
  await simulator.close();
  const answered = log.filter((r) => r.status === 200);
  const refused = log.filter((r) => r.status === 429);
  if (answered.length !== files) throw new Error(`rate-limit run: ${answered.length} answered (exit ${run.exitCode})`);

  const start = Math.min(...log.map((r) => r.receivedAt));
  const wall = Math.max(...answered.map((r) => r.answeredAt)) - start;
  const serviceTime = median(answered.map((r) => r.answeredAt - r.receivedAt));
  const floor = (Math.ceil(files / perWindow) - 1) * windowMs + Math.ceil(perWindow / 8) * serviceTime;
  // A request sent before its worker learned of a 429 may arrive just after it: 50 ms of grace.
  const insidePause = log.filter((r) => refused.some((e) => r.receivedAt > e.answeredAt + 50 && r.receivedAt < e.answeredAt + (e.retryAfter ?? 0) * 1000));
  const afterFirstWindow = refused.filter((r) => r.receivedAt - start >= windowMs);

  const target = (value: string): string => (judged ? value : '');
  const met = (ok: boolean): boolean | undefined => (judged ? ok : undefined);
  row(`40 files, 10 per 1 s window, C 8${label}: wall time / rate-limit floor`, ratio(wall / floor), target('≤ 1.20'), met(wall / floor <= 1.2));
  row(`  429 answers per reviewed file (${refused.length} of ${log.length} requests)`, ratio(refused.length / files), target('≤ 0.1'), met(refused.length / files <= 0.1));
  row('  requests started inside a retry_after pause', String(insidePause.length), target('0'), met(insidePause.length === 0));
  row('  429 answers after the first window (information)', String(afterFirstWindow.length), '', undefined);
}

/** Figure 10: nobody listens at api-url, 80 files: the time to a failed verdict. */
async function unreachable(): Promise<void> {
  const { fixture } = await generatedPull(80, 5);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  const run = await runAction(fixture, `http://127.0.0.1:${port}`, {});
  const wall = run.exitedAt - run.spawnedAt;
  const failed = run.exitCode === 1 && run.outputs['files-failed'] === '80';
  row(`service unreachable, 80 files: wall time to a failed verdict${failed ? '' : ' (verdict NOT failed!)'}`, seconds(wall), '≤ 10 s', failed && wall <= 10_000);
}

heading('Review queue (issue 10): the bundled action against the simulator');
await latencyBound();
await rateLimited(0, '', true);
await rateLimited(250, ', 250 ms latency (information)', false);
await unreachable();
