/**
 * The review queue of the bundled action against the simulator: latency-bound throughput (the
 * review span, and the whole run from process start to exit beside the naive action's, run in
 * turn with it), a rate limit of 10 requests per 1 s window, and a service nobody listens for.
 * Each figure is printed beside its target (issues 10 and 19), never asserted. Where the time of
 * a whole run goes is printed with it: start-up, listing and reading until the first review
 * request, the review span, and posting until exit. Run: npm run bench (after npm run build).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import type { RequestLogEntry } from '../test/doubles/simulator';
import type { RecordedRequest } from '../test/doubles/fake-github';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { ActionRun, PullRequestFixture } from '../test/doubles/run-action';
import { generatedPull, heading, median, naiveAction, ratio, row, seconds } from './support/figures';

const REVIEW = '/v1/agent/review';
const RUNS = 7;
const RATE_RUNS = 3;
const UNLIMITED = [{ key: DEMO_KEY, scopes: ['review' as const], rpm: Infinity, dailyLimit: Infinity }];

/** A run of `script` (dist/index.js when undefined), with the GitHub requests it made. */
async function runAction(fixture: PullRequestFixture, apiUrl: string, inputs: Record<string, string>, script?: string): Promise<ActionRun & { github: RecordedRequest[] }> {
  const github = await startFixtureGitHub(fixture);
  try {
    const run = await runBundledAction({
      nodeFlags: [],
      inputs: { 'api-key': DEMO_KEY, 'api-url': apiUrl, 'github-token': GITHUB_TOKEN, ...inputs },
      githubApiUrl: github.url,
      fixture,
      ...(script === undefined ? {} : { script }),
    });
    return { ...run, github: github.requests };
  } finally {
    await github.close();
  }
}

const reviews = (log: RequestLogEntry[]) => log.filter((r) => r.path === REVIEW);

/** Where the time of one whole run went, in ms; the four parts add up to `whole`. */
interface Timeline {
  whole: number;
  /** Process start → its first GitHub request: Node, the bundle, the settings. */
  startUp: number;
  /** First GitHub request → first review request: the policy file, the list, the first contents. */
  toFirstReview: number;
  /** First review request → last review answer. */
  reviewSpan: number;
  /** Last review answer → exit: locating, posting, publishing. */
  tail: number;
  /** The GitHub requests before the first review request, in order (`GET /pulls/{n}/files`…). */
  before: string[];
  /** GitHub requests after the last review answer. */
  after: number;
}

/** A GitHub request as a route: numbers and SHAs elided, the repository's prefix dropped. */
const routeOf = (r: RecordedRequest): string => `${r.method} ${r.path.replace(/^\/repos\/[^/]+\/[^/]+/, '').replace(/\/\d+(?=\/|$)/g, '/{n}').replace(/[0-9a-f]{40}/g, '{sha}')}`;

function timeline(run: ActionRun & { github: RecordedRequest[] }, log: RequestLogEntry[]): Timeline {
  const firstGitHub = Math.min(...run.github.map((r) => r.receivedAt));
  const firstReview = Math.min(...log.map((r) => r.receivedAt));
  const lastAnswer = Math.max(...log.map((r) => r.answeredAt));
  return {
    whole: run.exitedAt - run.spawnedAt,
    startUp: firstGitHub - run.spawnedAt,
    toFirstReview: firstReview - firstGitHub,
    reviewSpan: lastAnswer - firstReview,
    tail: run.exitedAt - lastAnswer,
    before: run.github.filter((r) => r.receivedAt < firstReview).map(routeOf),
    after: run.github.filter((r) => r.receivedAt > lastAnswer).length,
  };
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** The median of each part of several runs' timelines. */
function medianTimeline(runs: Timeline[]): Timeline {
  const of = (part: Exclude<keyof Timeline, 'before'>): number => median(runs.map((t) => t[part]));
  return { whole: of('whole'), startUp: of('startUp'), toFirstReview: of('toFirstReview'), reviewSpan: of('reviewSpan'), tail: of('tail'), before: runs[0]?.before ?? [], after: of('after') };
}

/**
 * 48 files, 250 ms per answer, concurrency 8, contents through the API: the review span and the
 * whole run against the floor ceil(N/C)·L, with the naive action (the same C) run in turn.
 */
async function latencyBound(): Promise<void> {
  const files = 48;
  const concurrency = 8;
  const latency = 250;
  const floor = Math.ceil(files / concurrency) * latency;
  const { fixture } = await generatedPull(files, 20);
  const naive = naiveAction();
  const once = async (script: string | undefined): Promise<Timeline> => {
    const simulator = await startSimulator({ keys: UNLIMITED });
    simulator.inject({ kind: 'latency', ms: latency, times: files, path: REVIEW });
    try {
      const run = await runAction(fixture, simulator.url, { concurrency: String(concurrency) }, script);
      const log = reviews(simulator.requests);
      if (log.length !== files || run.exitCode > 1) throw new Error(`${script ?? 'bundle'}: ${log.length} review requests (exit ${run.exitCode})\n${run.stderr}`);
      return timeline(run, log);
    } finally {
      await simulator.close();
    }
  };
  // One of each first, so neither pays for a cold disk cache.
  await once(undefined);
  await once(naive);
  const ours: Timeline[] = [];
  const theirs: Timeline[] = [];
  for (let i = 0; i < RUNS; i++) {
    ours.push(await once(undefined));
    theirs.push(await once(naive));
  }
  const byRun = ours.map((t, i) => t.whole / (theirs[i] as Timeline).whole);
  const our = medianTimeline(ours);
  const naiveRun = medianTimeline(theirs);
  const wholeRatio = our.whole / floor;
  heading(`48 files, ${latency} ms per answer, concurrency ${concurrency}, contents through the API; floor ceil(N/C)·L = ${ms(floor)} (median of ${RUNS}, in turn with the naive action)`);
  row('review span (first review request → last answer) / floor (issue 10)', ratio(our.reviewSpan / floor), '≤ 1.10', our.reviewSpan / floor <= 1.1);
  row('whole run (process start → exit of dist/index.js) / floor (issue 19)', ratio(wholeRatio), '≤ 1.25', wholeRatio <= 1.25);
  row('  the naive action\'s whole run / floor, same C (information; the issue measured 1.20)', ratio(naiveRun.whole / floor), '', undefined);
  row('  our whole run / the naive action\'s, run by run (information)', `${ratio(median(byRun))}×`, '', undefined);
  const parts: Array<[string, 'startUp' | 'toFirstReview' | 'reviewSpan' | 'tail' | 'whole']> = [
    ['start-up: process start → first GitHub request', 'startUp'],
    ['first GitHub request → first review request', 'toFirstReview'],
    ['review span', 'reviewSpan'],
    ['last review answer → exit', 'tail'],
    ['whole run', 'whole'],
  ];
  for (const [label, part] of parts) row(`  ${label} (ours / the naive action's)`, `${ms(our[part])} / ${ms(naiveRun[part])}`, '', undefined);
  console.log(`  GitHub requests before the first review request, in order (ours): ${our.before.join(', ')}`);
  console.log(`  GitHub requests before the first review request (the naive action's): ${naiveRun.before.join(', ')}`);
  console.log(`  GitHub requests after the last review answer (ours / the naive action's): ${our.after} / ${naiveRun.after}`);
}

interface RateRun {
  files: number;
  ratio: number;
  refused: number;
  insidePause: number;
  afterFirstWindow: number;
  /** From the first refused request's arrival at the service to the last one's, ms. */
  refusedSpread: number;
}

/** One run of 40 files under 10 requests per 1 s window, concurrency 8. */
async function rateLimitedRun(latency: number): Promise<RateRun> {
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
  const span = Math.max(...answered.map((r) => r.answeredAt)) - start;
  const serviceTime = median(answered.map((r) => r.answeredAt - r.receivedAt));
  // (ceil(N/R) − 1) whole windows, then the last window's requests sent C at a time.
  const floor = (Math.ceil(files / perWindow) - 1) * windowMs + Math.ceil(perWindow / 8) * serviceTime;
  // A request sent before its worker learned of a 429 may arrive just after it: 50 ms of grace.
  const grace = 50;
  const insidePause = log.filter((r) => refused.some((e) => r.receivedAt > e.answeredAt + grace && r.receivedAt < e.answeredAt + (e.retryAfter ?? 0) * 1000));
  const refusedAt = refused.map((r) => r.receivedAt);
  return {
    files,
    ratio: span / floor,
    refused: refused.length,
    insidePause: insidePause.length,
    afterFirstWindow: refused.filter((r) => r.receivedAt - start >= windowMs).length,
    refusedSpread: refused.length === 0 ? 0 : Math.max(...refusedAt) - Math.min(...refusedAt),
  };
}

/** 40 files, 10 requests per 1 s window, concurrency 8: `runs` runs, medians judged when `judged`. */
async function rateLimited(latency: number, runs: number, judged: boolean): Promise<void> {
  const results: RateRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await rateLimitedRun(latency));
  const of = (pick: (r: RateRun) => number): number => median(results.map(pick));
  const each = (pick: (r: RateRun) => number | string): string => results.map(pick).join(', ');
  const perFile = of((r) => r.refused / r.files);
  const target = (value: string): string => (judged ? value : '');
  const met = (ok: boolean): boolean | undefined => (judged ? ok : undefined);
  const label = latency > 0 ? `, ${latency} ms per answer (information)` : ' (issue 19)';
  const runsNote = runs > 1 ? `median of ${runs}` : 'one run';
  row(`40 files, 10 per 1 s window, C 8${label}: review span / rate-limit floor (${runsNote})`, ratio(of((r) => r.ratio)), target('≤ 1.20'), met(of((r) => r.ratio) <= 1.2));
  row(`  429 answers per reviewed file (${runsNote}; 429s per run: ${each((r) => r.refused)})`, ratio(perFile), target('≤ 0.05'), met(perFile <= 0.05));
  row('  requests started inside a retry_after pause (issue 10)', String(of((r) => r.insidePause)), target('0'), met(of((r) => r.insidePause) === 0));
  row(`  429 answers after the first window (per run: ${each((r) => r.afterFirstWindow)})`, String(of((r) => r.afterFirstWindow)), '', undefined);
  // All at the first window's edge, and close together: the requests in flight when it filled.
  row(`  the refused requests reached the service within (per run: ${each((r) => r.refusedSpread.toFixed(1))} ms)`, ms(of((r) => r.refusedSpread)), '', undefined);
}

/** Nobody listens at api-url, 80 files: the time to a failed verdict. */
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

heading('Review queue (issues 10 and 19): the bundled action against the simulator');
await latencyBound();
heading('Rate limit: 10 requests per 1 s window, concurrency 8 (floor: (ceil(N/R) − 1) windows + the last window sent C at a time)');
await rateLimited(0, RATE_RUNS, true);
await rateLimited(250, 1, false);
heading('Service unreachable');
await unreachable();
