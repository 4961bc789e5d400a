/**
 * Collecting a pull request with the bundled action: the GitHub requests it makes at 10, 300 and
 * 3,000 files through the API and from a checkout, 3,100 files from a checkout, its peak memory
 * on a 3,000-file pull request of 100,000 changed lines, and how its time per file holds from 300
 * to 3,000 files. Each figure is printed beside its target (issues 10 and 19), never asserted.
 *
 * Issue 19 budgets what reading a pull request costs: the pages of its changed files (list) and
 * the requests that read their contents (read: a GraphQL query of blobs, or a blob through REST).
 * The one read of the policy file is printed on its own, and so is the rest of the run (the
 * pull request's head checked around each write, the lists of earlier comments and check runs,
 * the writes), which does not grow with the files. Run: npm run bench (after npm run build).
 */
import { POLICY_PATH } from '../src/config/policy/keys';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import { isWriteRequest } from '../test/doubles/fake-github';
import type { RecordedRequest } from '../test/doubles/fake-github';
import { asGitHubCom } from '../test/doubles/intercepted-github';
import { generatedPull, heading, majorCollections, median, megabytes, peakRssProbe, ratio, row, seconds } from './support/figures';
import type { MajorGc, MemoryAtPeak } from './support/figures';

/** 100,000 changed lines over 3,000 files: 2,000 files of 33 lines and 1,000 of 34. */
const linesOf = (i: number): number => (i < 2000 ? 33 : 34);

/** The GitHub requests of a run, by what they were for. */
interface Requests {
  /** Pages of the changed files. */
  listPages: number;
  /** Requests that read file contents: GraphQL queries of blobs, and REST reads of a blob or a file. */
  contentReads: number;
  /** Of those, GraphQL queries. */
  graphqlReads: number;
  /** Reads of the policy file. */
  policy: number;
  /** Reads of the pull request itself (its head, checked around each write). */
  pullReads: number;
  /** Other pages: earlier comments, reviews, check runs. */
  otherLists: number;
  /** Other GraphQL requests (review threads). */
  otherGraphql: number;
  writes: number;
  all: number;
}

function classify(requests: readonly RecordedRequest[]): Requests {
  const path = (r: RecordedRequest): string => decodeURIComponent(r.path);
  const fileList = (r: RecordedRequest): boolean => r.method === 'GET' && /\/pulls\/\d+\/files$/.test(r.path);
  const policy = (r: RecordedRequest): boolean => r.method === 'GET' && path(r).endsWith(`/contents/${POLICY_PATH}`);
  const restContent = (r: RecordedRequest): boolean => r.method === 'GET' && !policy(r) && (r.path.includes('/git/blobs/') || r.path.includes('/contents/'));
  const blobQuery = (r: RecordedRequest): boolean => r.path === '/graphql' && !isWriteRequest(r) && /\bobject\s*\(/.test((r.body as { query?: string } | undefined)?.query ?? '');
  const count = (match: (r: RecordedRequest) => boolean): number => requests.filter(match).length;
  return {
    listPages: count(fileList),
    contentReads: count((r) => restContent(r) || blobQuery(r)),
    graphqlReads: count(blobQuery),
    policy: count(policy),
    pullReads: count((r) => r.method === 'GET' && /\/pulls\/\d+$/.test(r.path)),
    otherLists: count((r) => r.method === 'GET' && !fileList(r) && 'page' in r.query),
    otherGraphql: count((r) => r.path === '/graphql' && !isWriteRequest(r) && !blobQuery(r)),
    writes: count(isWriteRequest),
    all: requests.length,
  };
}

interface Measured {
  requests: Requests;
  /** The action's own line: `GitHub requests: 3 list, 5 read, 7 write, 4 GraphQL (19 in all).` */
  logged: string;
  /** Annotations sent with the check run (its create and updates). */
  annotations: number;
  wallMs: number;
  /** CPU time of the action's process (user and system). */
  cpuMs: number;
  peakRss: number;
  atPeak: MemoryAtPeak;
  majorGcs: MajorGc[];
  reviewed: string;
  /** The `files-failed` output: files not reviewed (past max-files, unreadable…). */
  failed: string;
  result: string;
}

async function measure(files: number, checkout: boolean, maxFiles = 3000): Promise<Measured> {
  const pull = await generatedPull(files, linesOf, { repo: checkout });
  const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
  const github = await startFixtureGitHub(pull.fixture);
  // Reached as api.github.com, so its writes are paced as GitHub's are (a loopback API is not).
  const githubCom = await asGitHubCom(github);
  const rss = peakRssProbe();
  try {
    const run = await runBundledAction({
      nodeFlags: [],
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'max-files': String(maxFiles), concurrency: '8' },
      githubApiUrl: githubCom.githubApiUrl,
      fixture: pull.fixture,
      env: { ...githubCom.env, ...rss.env, ...(pull.repo === undefined ? {} : { GITHUB_WORKSPACE: pull.repo }) },
    });
    if (run.exitCode > 1) throw new Error(`${files} files: exit ${run.exitCode}\n${run.stderr}`);
    const checkRunWrite = (r: RecordedRequest) => r.method !== 'GET' && /\/check-runs(\/\d+)?$/.test(r.path);
    const annotationsIn = (r: RecordedRequest) => (r.body as { output?: { annotations?: unknown[] } } | undefined)?.output?.annotations?.length ?? 0;
    return {
      requests: classify(github.requests),
      logged: /GitHub requests: [^\n]*/.exec(run.stdout)?.[0] ?? '(no line)',
      annotations: github.requests.filter(checkRunWrite).reduce((sum, r) => sum + annotationsIn(r), 0),
      wallMs: run.exitedAt - run.spawnedAt,
      cpuMs: rss.cpuMs(),
      peakRss: rss.read(),
      atPeak: rss.atPeak(),
      majorGcs: majorCollections(run.stdout),
      reviewed: run.outputs['files-reviewed'] ?? '?',
      failed: run.outputs['files-failed'] ?? '?',
      result: run.outputs.result ?? '?',
    };
  } finally {
    rss.dispose();
    await Promise.all([simulator.close(), githubCom.close(), github.close()]);
    pull.dispose();
  }
}

/**
 * The write target: the review, the summary comment and the check run (which carries the first
 * 50 annotations), plus one check-run update per further 50 annotations (GitHub's limit).
 */
// The check marked in progress before the first review request (issue 22), the review, the summary
// comment and the check run's completion, plus one update per 50 annotations beyond the first 50.
const writeTarget = (annotations: number): number => 4 + Math.max(0, Math.ceil(annotations / 50) - 1);

/** Issue 19's budget of list pages and content reads, by size. */
const READ_BUDGET = new Map([
  [300, { list: 3, read: 5 }],
  [3000, { list: 30, read: 35 }],
]);

function requestRows(files: number, checkout: boolean, m: Measured): void {
  const how = checkout ? 'with a checkout' : 'through the API';
  const size = files.toLocaleString('en-US');
  const r = m.requests;
  const budget = READ_BUDGET.get(files);
  if (!checkout && budget !== undefined) {
    const met = r.listPages <= budget.list && r.contentReads <= budget.read;
    row(`${size} files ${how}: GitHub requests, list + read (issue 19; ${r.graphqlReads} of the reads GraphQL)`, `${r.listPages} + ${r.contentReads}`, `≤ ${budget.list} + ${budget.read}`, met);
  } else {
    const target = checkout ? '0 + 0' : '';
    row(`${size} files ${how}: GitHub requests, list + read`, `${r.listPages} + ${r.contentReads}`, target, checkout ? r.listPages + r.contentReads === 0 : undefined);
  }
  // From a checkout the policy file comes from git, like the files.
  const policyTarget = checkout ? 0 : 1;
  row(`  the policy file ${POLICY_PATH}, read apart`, String(r.policy), String(policyTarget), r.policy === policyTarget);
  const most = writeTarget(m.annotations);
  row(`  writes (issue 10; ${m.annotations} annotations)`, String(r.writes), `≤ ${most}`, r.writes <= most);
  const rest = `${r.pullReads} pull, ${r.otherLists} list, ${r.otherGraphql} GraphQL`;
  row('  the rest: reads of the pull request, other lists, other GraphQL (information)', rest, '', undefined);
  console.log(`  the action's own count (${r.all} requests reached the fake GitHub; ${m.reviewed} files reviewed, result ${m.result}): ${m.logged}`);
}

/** What the action's memory held at its peak, and what its largest major collection left live. */
function memoryRow(m: Measured): void {
  const largest = [...m.majorGcs].sort((a, b) => b.beforeMb - a.beforeMb)[0];
  const gc = largest === undefined ? 'no major collection' : `largest major collection ${largest.beforeMb.toFixed(0)} → ${largest.afterMb.toFixed(0)} MB live`;
  const peak = `heap ${megabytes(m.atPeak.heapUsed)} used of ${megabytes(m.atPeak.heapTotal)}, external ${megabytes(m.atPeak.external)}`;
  // Sampled every 10 ms while the event loop is free: a peak inside a long synchronous step is missed.
  console.log(`  at the highest RSS sampled (${megabytes(m.atPeak.rss)}): ${peak}; ${gc} (${m.majorGcs.length} in all)`);
}

/** Issue 24 item 9 through the API; issue 10's with a checkout. */
const PEAK_RSS_TARGET_MB = { api: 160, checkout: 200 };

function peakRow(checkout: boolean, m: Measured): void {
  const how = checkout ? 'with a checkout' : 'through the API';
  const target = checkout ? PEAK_RSS_TARGET_MB.checkout : PEAK_RSS_TARGET_MB.api;
  const issue = checkout ? 'issue 10' : 'issue 24 item 9';
  row(`3,000 files, 100,000 changed lines, ${how}: peak RSS of the action (${issue})`, megabytes(m.peakRss), `≤ ${target} MB`, m.peakRss <= target * 1024 * 1024);
  memoryRow(m);
}

// `--memory N`: only the 3,000-file run through the API, N times (the machine is shared: read the lowest).
const memoryOnly = process.argv.indexOf('--memory');
if (memoryOnly !== -1) {
  heading('Memory through the API (issue 24 item 9)');
  const times = Number(process.argv[memoryOnly + 1] ?? '3') || 3;
  const runs: Measured[] = [];
  for (let i = 0; i < times; i++) {
    const m = await measure(3000, false);
    runs.push(m);
    peakRow(false, m);
    // Time per file, beside the memory: a change that saves memory must not cost the run its speed.
    console.log(`  time: ${seconds(m.wallMs)} wall, ${seconds(m.cpuMs)} CPU (${(m.wallMs / 3000).toFixed(2)} ms per file wall, ${(m.cpuMs / 3000).toFixed(2)} ms CPU)`);
  }
  const peaks = runs.map((m) => m.peakRss);
  row(`  lowest of ${times} runs (${peaks.map(megabytes).join(', ')})`, megabytes(Math.min(...peaks)), `≤ ${PEAK_RSS_TARGET_MB.api} MB`, Math.min(...peaks) <= PEAK_RSS_TARGET_MB.api * 1024 * 1024);
  const perFile = (ms: (m: Measured) => number): string => (median(runs.map(ms)) / 3000).toFixed(2);
  console.log(`  median of ${times} runs: ${megabytes(median(peaks))} peak RSS; ${perFile((m) => m.wallMs)} ms per file wall, ${perFile((m) => m.cpuMs)} ms CPU`);
  process.exit(0);
}

heading('Collecting (issues 10 and 19): GitHub requests, memory and time per file');
const results = new Map<string, Measured>();
for (const files of [10, 300, 3000]) {
  for (const checkout of [false, true]) {
    const m = await measure(files, checkout);
    results.set(`${files}/${checkout}`, m);
    requestRows(files, checkout, m);
  }
}

heading('Past 3,000 files with a checkout (issue 19)');
const past = await measure(3100, true, 3100);
row(`3,100 changed files with a checkout, max-files 3100: files reviewed (${past.failed} failed, result ${past.result}; ${seconds(past.wallMs)})`, past.reviewed, '3,100', past.reviewed === '3100');
row('  GitHub requests, list + read', `${past.requests.listPages} + ${past.requests.contentReads}`, '0 + 0', past.requests.listPages + past.requests.contentReads === 0);

heading('Memory and time per file (issues 10 and 19)');
for (const checkout of [false, true]) {
  const how = checkout ? 'with a checkout' : 'through the API';
  const peaks = [10, 300].map((files) => megabytes(results.get(`${files}/${checkout}`)!.peakRss)).join(', ');
  row(`peak RSS of the action at 10 and 300 files, ${how} (information)`, peaks, '', undefined);
  const big = results.get(`3000/${checkout}`)!;
  const mid = results.get(`300/${checkout}`)!;
  peakRow(checkout, big);
  const perFile = big.wallMs / 3000 / (mid.wallMs / 300);
  row(`  time per file, 3,000 files / 300 files (${seconds(big.wallMs)} / ${seconds(mid.wallMs)}; issue 10)`, ratio(perFile), '≤ 1.2', perFile <= 1.2);
}
