/**
 * The pace a run learned, kept for the next (issue 24, item 8): the bundled action twice with one
 * `cache-dir` against the simulator at 10 review requests per 1 s window, 40 files, concurrency
 * 8. The second run reviews other contents (every file changed), so all its requests go to the
 * service; it starts after the service's window has emptied, as a later run would. Printed for
 * both runs beside the target, never asserted: 429 answers per file (they do not depend on the
 * machine's load, the review span does). Run: npx tsx bench/stored-pace.bench.ts (after npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import type { RunningSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { PullRequestFixture } from '../test/doubles/run-action';
import { generatedPull, heading, median, ratio, row } from './support/figures';

const FILES = 40;
const PER_WINDOW = 10;
const WINDOW_MS = 1000;
const CONCURRENCY = 8;
const PAIRS = 3;
const REVIEW = '/v1/agent/review';

/** The same files after a push that changed every one of them (a line added at the end). */
function pushed(fixture: PullRequestFixture, push: number): PullRequestFixture {
  const files = fixture.files.map((file) => {
    const content = `${file.content ?? ''}# push ${push}\n`;
    return { ...file, content, additions: (file.additions ?? 0) + 1, patch: `${(file.patch ?? '').replace(/^@@ -0,0 \+1,\d+ @@/, `@@ -0,0 +1,${(file.additions ?? 0) + 1} @@`)}\n+# push ${push}` };
  });
  return { ...fixture, headSha: String(push).repeat(40), files };
}

interface RunFigures {
  refused: number;
  reviewed: number;
  /** First review request → last answer, over the floor (ceil(N/R) − 1) windows + the last window's requests. */
  spanRatio: number;
}

async function oneRun(simulator: RunningSimulator, fixture: PullRequestFixture, cacheDir: string): Promise<RunFigures> {
  const github = await startFixtureGitHub(fixture);
  const from = simulator.requests.length;
  try {
    const run = await runBundledAction({
      nodeFlags: [],
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'cache-dir': cacheDir, concurrency: String(CONCURRENCY) },
      githubApiUrl: github.url,
      fixture,
    });
    const log = simulator.requests.slice(from).filter((r) => r.path === REVIEW);
    const answered = log.filter((r) => r.status === 200);
    if (answered.length !== FILES) throw new Error(`${answered.length} of ${FILES} answered (exit ${run.exitCode})\n${run.stderr}`);
    const span = Math.max(...answered.map((r) => r.answeredAt)) - Math.min(...log.map((r) => r.receivedAt));
    const serviceTime = median(answered.map((r) => r.answeredAt - r.receivedAt));
    const floor = (Math.ceil(FILES / PER_WINDOW) - 1) * WINDOW_MS + Math.ceil(PER_WINDOW / CONCURRENCY) * serviceTime;
    return { refused: log.filter((r) => r.status === 429).length, reviewed: answered.length, spanRatio: span / floor };
  } finally {
    await github.close();
  }
}

const { fixture } = await generatedPull(FILES, 20);
const firsts: RunFigures[] = [];
const seconds: RunFigures[] = [];
for (let pair = 0; pair < PAIRS; pair++) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-bench-pace-'));
  const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: PER_WINDOW, windowMs: WINDOW_MS, dailyLimit: Infinity }] });
  try {
    firsts.push(await oneRun(simulator, pushed(fixture, 1), cacheDir));
    // A later run: the service's window has emptied by then.
    await sleep(WINDOW_MS + 500);
    seconds.push(await oneRun(simulator, pushed(fixture, 2), cacheDir));
  } finally {
    await simulator.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

const perFile = (runs: RunFigures[]): number => median(runs.map((r) => r.refused / r.reviewed));
const each = (runs: RunFigures[]): string => runs.map((r) => r.refused).join(', ');
heading(`The pace kept for the next run (issue 24): ${FILES} files, ${PER_WINDOW} per ${WINDOW_MS / 1000} s window, C ${CONCURRENCY}, one cache-dir, two runs (median of ${PAIRS} pairs)`);
row(`run 1, learns the pace: 429 answers per file (429s per run: ${each(firsts)})`, ratio(perFile(firsts)), '', undefined);
row(`run 2, starts at the stored pace: 429 answers per file (429s per run: ${each(seconds)})`, ratio(perFile(seconds)), '≤ 0.05', perFile(seconds) <= 0.05);
row('  review span / rate-limit floor, run 1 (information; load-dependent)', ratio(median(firsts.map((r) => r.spanRatio))), '', undefined);
row('  review span / rate-limit floor, run 2 (information; load-dependent)', ratio(median(seconds.map((r) => r.spanRatio))), '', undefined);
