/**
 * injection-check (issue 23): the review requests it adds over `injection-check: off`, beside the
 * 2× bound, on the demo pull request, the injection corpus and a generated 50-file pull request;
 * a re-run with the result cache; and, for the margin on min-score, how much lower the honest
 * simulator scores each file of the demo and the corpus once its comments and strings are
 * blanked. Printed beside their targets, never asserted. Run: npx tsx bench/injection-check.bench.ts
 * (after npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { languageOf } from '../src/collect/select';
import { BLANKED_SCORE_MARGIN } from '../src/domain/injection';
import { defang } from '../src/locate/defang';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { reviewCode } from '../test/doubles/simulator/rules';
import { GITHUB_TOKEN, loadDemoWithInjection, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { PullRequestFixture } from '../test/doubles/run-action';
import { fixtureOf } from '../test/e2e/thread-fixtures';
import { INJECTION_CASES, injectionPatch } from '../test/support/injection-corpus';
import { generatedPull, heading, ratio, row } from './support/figures';

const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
const cacheDir = mkdtempSync(join(tmpdir(), 'review-gate-bench-injection-'));

async function reviews(fixture: PullRequestFixture, inputs: Record<string, string>): Promise<number> {
  const github = await startFixtureGitHub(fixture);
  const before = simulator.requests.filter((r) => r.path === '/v1/agent/review').length;
  try {
    await runBundledAction({ nodeFlags: [], inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs }, githubApiUrl: github.url, fixture });
    return simulator.requests.filter((r) => r.path === '/v1/agent/review').length - before;
  } finally {
    await github.close();
  }
}

const corpus = fixtureOf(
  INJECTION_CASES.map((c) => {
    const patch = injectionPatch(c);
    return { filename: c.path, status: c.base === undefined ? 'added' : 'modified', content: c.head, patch, additions: patch.split('\n').filter((l) => l.startsWith('+')).length };
  }),
);

try {
  heading('injection-check (issue 23): review requests with it on, over off (honest simulator)');
  const generated = await generatedPull(50, 30);
  for (const [name, fixture] of [
    ['the demo pull request', await loadDemoWithInjection()],
    ['the injection corpus (every file holds text)', corpus],
    ['a generated 50-file pull request', generated.fixture],
  ] as const) {
    const off = await reviews(fixture, { 'injection-check': 'off' });
    const on = await reviews(fixture, {});
    row(`${name}: ${on} requests on, ${off} off`, `${ratio(on / off)}×`, '≤ 2.00×', on <= 2 * off);
  }
  generated.dispose();
  const demo = await loadDemoWithInjection();
  await reviews(demo, { 'cache-dir': cacheDir });
  const again = await reviews(demo, { 'cache-dir': cacheDir });
  row('the demo pull request again, with the result cache (both answers cached)', String(again), '0', again === 0);

  heading(`The margin on min-score: honest score of a file minus the score of it blanked (margin ${BLANKED_SCORE_MARGIN})`);
  const texts = [...demo.files.filter((f) => f.content !== undefined).map((f) => ({ path: f.filename, content: f.content as string })), ...INJECTION_CASES.map((c) => ({ path: c.path, content: c.head }))];
  const drops: number[] = [];
  for (const { path, content } of texts) {
    const language = languageOf(path);
    if (language === undefined) continue;
    const blanked = defang(content, language, path);
    if (blanked.kind !== 'blanked') continue;
    drops.push(reviewCode({ code: content, language, focusAreas: [] }).quality_score - reviewCode({ code: blanked.text, language, focusAreas: [] }).quality_score);
  }
  const worst = Math.max(...drops);
  row(`largest drop over ${drops.length} files with text (the demo's and the corpus's)`, String(worst), `≤ ${BLANKED_SCORE_MARGIN}`, worst <= BLANKED_SCORE_MARGIN);
} finally {
  await simulator.close();
  rmSync(cacheDir, { recursive: true, force: true });
}
