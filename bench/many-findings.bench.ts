/**
 * A run with 30,000 findings on added lines (300 files × 100 findings, one per line), through
 * the bundled action with the check run, the SARIF file and the job summary on: the time from
 * the last review answer to the exit of the process, the check-run writes it made and the
 * annotations they carried. Printed beside their targets (issues 15 and 19), never asserted (the
 * machines are noisy). Run: npm run bench (after npm run build).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { GITHUB_TOKEN, runBundledAction, startFixtureGitHub } from '../test/doubles/run-action';
import type { RecordedRequest } from '../test/doubles/fake-github';
import { asGitHubCom } from '../test/doubles/intercepted-github';
import { generatedPull, heading, row, seconds } from './support/figures';

const FILES = 300;
const FINDINGS_PER_FILE = 100;

/** One finding per line: every tenth an error, every third a warning, the rest infos. */
const issues = Array.from({ length: FINDINGS_PER_FILE }, (_, i) => ({
  severity: i % 10 === 0 ? 'error' : i % 3 === 0 ? 'warning' : 'info',
  line: i + 1,
  message: `Finding ${i + 1}: compute() is called without a guard`,
  suggestion: `value = compute_safely(${i + 1})`,
}));

heading(`A run with ${(FILES * FINDINGS_PER_FILE).toLocaleString('en-US')} findings on added lines (issues 15 and 19)`);
const pull = await generatedPull(FILES, FINDINGS_PER_FILE);
const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review'], rpm: Infinity, dailyLimit: Infinity }] });
const github = await startFixtureGitHub(pull.fixture);
// Reached as api.github.com, so its writes are paced as GitHub's are (a loopback API is not).
const githubCom = await asGitHubCom(github);
const workspace = mkdtempSync(join(tmpdir(), 'review-gate-bench-findings-'));
simulator.inject({ kind: 'answer', path: '/v1/agent/review', times: FILES, patch: { issues } });
try {
  const run = await runBundledAction({
    nodeFlags: [],
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'max-files': String(FILES), concurrency: '8', 'sarif-file': 'out.sarif' },
    githubApiUrl: githubCom.githubApiUrl,
    fixture: pull.fixture,
    env: { ...githubCom.env, GITHUB_WORKSPACE: workspace },
  });
  const reviews = simulator.requests.filter((r) => r.path === '/v1/agent/review');
  const tail = run.exitedAt - Math.max(...reviews.map((r) => r.answeredAt));
  const checkRunWrite = (r: RecordedRequest): boolean => r.method !== 'GET' && /\/check-runs(\/\d+)?$/.test(r.path);
  const annotationsIn = (r: RecordedRequest): number => (r.body as { output?: { annotations?: unknown[] } } | undefined)?.output?.annotations?.length ?? 0;
  const writes = github.requests.filter(checkRunWrite);
  const annotations = writes.reduce((sum, r) => sum + annotationsIn(r), 0);
  console.log(`exit ${run.exitCode}, ${reviews.length} review requests, ${run.outputs.errors ?? '?'} errors / ${run.outputs.warnings ?? '?'} warnings / ${run.outputs.infos ?? '?'} infos counted`);
  row('last review answer → exit', seconds(tail), '≤ 60 s', tail <= 60_000);
  row('check-run writes (create + updates)', String(writes.length), '(one per 50)', undefined);
  row('annotations on the check run', String(annotations), '(the cap)', undefined);
  row('SARIF file', `${(statSync(join(workspace, 'out.sarif')).size / 1_000_000).toFixed(1)} MB`, '(every finding)', undefined);
  row('job summary', `${(Buffer.byteLength(run.stepSummary) / 1024).toFixed(0)} KiB`, '≤ 1,024 KiB', Buffer.byteLength(run.stepSummary) <= 1024 * 1024);
} finally {
  await Promise.all([simulator.close(), githubCom.close(), github.close()]);
  rmSync(workspace, { recursive: true, force: true });
  pull.dispose();
}
