/**
 * Collecting a pull request with the bundled action: the GitHub requests it makes at 10, 300 and
 * 3,000 files through the API and from a checkout, its peak memory on a 3,000-file pull request
 * of 100,000 changed lines, and how its time per file holds from 300 to 3,000 files. Each figure
 * is printed beside its target (issue 10), never asserted. Run: npm run bench (after npm run build).
 */
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { RecordedRequest } from '../test/doubles/fake-github';
import { generatedPull, heading, peakRssProbe, ratio, row, seconds } from './support/figures';

/** 100,000 changed lines over 3,000 files: 2,000 files of 33 lines and 1,000 of 34. */
const linesOf = (i: number): number => (i < 2000 ? 33 : 34);

interface Measured {
  listPages: number;
  contentReads: number;
  otherReads: number;
  writes: number;
  wallMs: number;
  peakRss: number;
  reviewed: string;
}

async function measure(files: number, checkout: boolean): Promise<Measured> {
  const pull = await generatedPull(files, linesOf, { repo: checkout });
  const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
  const github = await startFixtureGitHub(pull.fixture);
  const rss = peakRssProbe();
  try {
    const run = await runBundledAction({
      inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'max-files': '3000', concurrency: '8' },
      githubApiUrl: github.url,
      fixture: pull.fixture,
      env: { ...rss.env, ...(pull.repo === undefined ? {} : { GITHUB_WORKSPACE: pull.repo }) },
    });
    const count = (match: (r: RecordedRequest) => boolean) => github.requests.filter(match).length;
    const list = (r: RecordedRequest) => r.method === 'GET' && /\/pulls\/\d+\/files$/.test(r.path);
    const blob = (r: RecordedRequest) => r.method === 'GET' && r.path.includes('/git/blobs/');
    return {
      listPages: count(list),
      contentReads: count(blob),
      otherReads: count((r) => r.method === 'GET' && !list(r) && !blob(r)),
      writes: count((r) => r.method !== 'GET'),
      wallMs: run.exitedAt - run.spawnedAt,
      peakRss: rss.read(),
      reviewed: run.outputs['files-reviewed'] ?? '?',
    };
  } finally {
    rss.dispose();
    await Promise.all([simulator.close(), github.close()]);
    pull.dispose();
  }
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

heading('Collecting (issue 10): GitHub requests, memory and time per file');
const results = new Map<string, Measured>();
for (const files of [10, 300, 3000]) {
  for (const checkout of [false, true]) {
    const m = await measure(files, checkout);
    results.set(`${files}/${checkout}`, m);
    const how = checkout ? 'with a checkout' : 'through the API';
    const requests = `${m.listPages} list, ${m.contentReads} content, ${m.writes} writes`;
    row(`${files.toLocaleString('en-US')} files ${how}: list pages, content reads, writes (+${m.otherReads} other reads; ${m.reviewed} reviewed)`, requests, checkout ? 'writes ≤ 3, 0 content' : 'writes ≤ 3', m.writes <= 3 && (!checkout || m.contentReads === 0));
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
