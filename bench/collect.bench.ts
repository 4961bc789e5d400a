/**
 * Collecting a pull request with the bundled action: the GitHub requests it makes at 10, 300 and
 * 3,000 files through the API and from a checkout, its peak memory on a 3,000-file pull request
 * of 100,000 changed lines, and how its time per file holds from 300 to 3,000 files. The write
 * target is 3 writes (review, summary comment, check run) plus one check-run update per 50
 * annotations beyond the first 50. Each figure
 * is printed beside its target (issue 10), never asserted. Run: npm run bench (after npm run build).
 */
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { RecordedRequest } from '../test/doubles/fake-github';
import { asGitHubCom } from '../test/doubles/intercepted-github';
import { generatedPull, heading, peakRssProbe, ratio, row, seconds } from './support/figures';

/** 100,000 changed lines over 3,000 files: 2,000 files of 33 lines and 1,000 of 34. */
const linesOf = (i: number): number => (i < 2000 ? 33 : 34);

interface Measured {
  listPages: number;
  contentReads: number;
  otherReads: number;
  writes: number;
  /** Annotations sent with the check run (its create and updates). */
  annotations: number;
  wallMs: number;
  peakRss: number;
  reviewed: string;
}

async function measure(files: number, checkout: boolean): Promise<Measured> {
  const pull = await generatedPull(files, linesOf, { repo: checkout });
  const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
  const github = await startFixtureGitHub(pull.fixture);
  // Reached as api.github.com, so its writes are paced as GitHub's are (a loopback API is not).
  const githubCom = await asGitHubCom(github);
  const rss = peakRssProbe();
  try {
    const run = await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'max-files': '3000', concurrency: '8' },
      githubApiUrl: githubCom.githubApiUrl,
      fixture: pull.fixture,
      env: { ...githubCom.env, ...rss.env, ...(pull.repo === undefined ? {} : { GITHUB_WORKSPACE: pull.repo }) },
    });
    const count = (match: (r: RecordedRequest) => boolean) => github.requests.filter(match).length;
    const list = (r: RecordedRequest) => r.method === 'GET' && /\/pulls\/\d+\/files$/.test(r.path);
    const blob = (r: RecordedRequest) => r.method === 'GET' && r.path.includes('/git/blobs/');
    const checkRunWrite = (r: RecordedRequest) => r.method !== 'GET' && /\/check-runs(\/\d+)?$/.test(r.path);
    const annotationsIn = (r: RecordedRequest) => (r.body as { output?: { annotations?: unknown[] } } | undefined)?.output?.annotations?.length ?? 0;
    return {
      listPages: count(list),
      contentReads: count(blob),
      otherReads: count((r) => r.method === 'GET' && !list(r) && !blob(r)),
      writes: count((r) => r.method !== 'GET'),
      annotations: github.requests.filter(checkRunWrite).reduce((sum, r) => sum + annotationsIn(r), 0),
      wallMs: run.exitedAt - run.spawnedAt,
      peakRss: rss.read(),
      reviewed: run.outputs['files-reviewed'] ?? '?',
    };
  } finally {
    rss.dispose();
    await Promise.all([simulator.close(), githubCom.close(), github.close()]);
    pull.dispose();
  }
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * The write target: the review, the summary comment and the check run (which carries the first
 * 50 annotations), plus one check-run update per further 50 annotations (GitHub's limit).
 */
const writeTarget = (annotations: number): number => 3 + Math.max(0, Math.ceil(annotations / 50) - 1);

heading('Collecting (issue 10): GitHub requests, memory and time per file');
const results = new Map<string, Measured>();
for (const files of [10, 300, 3000]) {
  for (const checkout of [false, true]) {
    const m = await measure(files, checkout);
    results.set(`${files}/${checkout}`, m);
    const how = checkout ? 'with a checkout' : 'through the API';
    const requests = `${m.listPages} list, ${m.contentReads} content, ${m.writes} writes`;
    const most = writeTarget(m.annotations);
    const target = `writes ≤ ${most}${checkout ? ', 0 content' : ''}`;
    row(`${files.toLocaleString('en-US')} files ${how}: list pages, content reads, writes (+${m.otherReads} other reads; ${m.reviewed} reviewed; ${m.annotations} annotations)`, requests, target, m.writes <= most && (!checkout || m.contentReads === 0));
  }
}
for (const checkout of [true, false]) {
  const how = checkout ? 'with a checkout' : 'through the API';
  const peaks = [10, 300].map((files) => mb(results.get(`${files}/${checkout}`)!.peakRss)).join(', ');
  row(`peak RSS of the action at 10 and 300 files, ${how} (information)`, peaks, '', undefined);
  const big = results.get(`3000/${checkout}`)!;
  const mid = results.get(`300/${checkout}`)!;
  row(`3,000 files, 100,000 changed lines, ${how}: peak RSS of the action`, mb(big.peakRss), '≤ 200 MB', big.peakRss <= 200 * 1024 * 1024);
  const perFile = big.wallMs / 3000 / (mid.wallMs / 300);
  row(`  time per file, 3,000 files / 300 files (${seconds(big.wallMs)} / ${seconds(mid.wallMs)})`, ratio(perFile), '≤ 1.2', perFile <= 1.2);
}
