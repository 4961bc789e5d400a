/**
 * Benchmarks that print figures (never asserted: the machines are noisy). Run: npm run bench.
 * Sizes are at GitHub's limits: 3,000 files in a pull request, a 20,000-line patch.
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '../src/service/client';
import { DEFAULT_RETRY_POLICY } from '../src/service/retry';
import type { ReviewIssue } from '../src/domain/review-answer';
import type { ReviewResult } from '../src/service/types';
import { systemClock } from '../src/review/clock';
import { parsePatch } from '../src/locate/parse-patch';
import { labelFindings } from '../src/locate/label';
import { runPipeline } from '../src/run/pipeline';
import type { Logger } from '../src/domain/logger';
import { planInlineComments } from '../src/write/inline-plan';
import { renderRunSummary } from '../src/render/summary/run-summary';
import { readSettings } from '../src/config/settings';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import type { ChangedFile } from '../src/domain/pull-request';

function measure<T>(label: string, run: () => T, repeat = 5): T {
  let result = run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    result = run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} median ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(8)} ms  (min ${times[0]!.toFixed(1)} ms)`);
  return result;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function addedFile(path: string, lines: number): { file: ChangedFile; content: string } {
  const body = Array.from({ length: lines }, (_, i) => `value_${i} = compute(${i})  # TODO check ${i}`);
  const content = `${body.join('\n')}\n`;
  const patch = [`@@ -0,0 +1,${lines} @@`, ...body.map((l) => `+${l}`)].join('\n');
  return { file: { path, status: 'added', blobSha: `sha-${path}`, additions: lines, deletions: 0, patch }, content };
}

const issues = (n: number, lines: number): ReviewIssue[] =>
  Array.from({ length: n }, (_, i) => ({
    severity: (['error', 'warning', 'info'] as const)[i % 3]!,
    line: (i * 7) % (lines + 5),
    message: `Finding ${i} with @someone and <b>markup</b>`,
    suggestion: `value_${i} = compute_safely(${i})`,
  }));

console.log(`node ${process.version}, ${process.arch}\n`);

// 1. Patch parsing and labelling at GitHub's patch size limits.
const big = addedFile('big.py', 20_000);
const index = measure('parsePatch: 20,000-line patch', () => parsePatch(big.file.patch!, 'big.py'));
measure('labelFindings: 10,000 findings on a 20,000-line file', () =>
  labelFindings({ path: 'big.py', issues: issues(10_000, 20_000), patch: index, content: big.content, gateScope: 'added' }),
);
const findings = labelFindings({ path: 'big.py', issues: issues(10_000, 20_000), patch: index, content: big.content, gateScope: 'added' });
measure('planInlineComments: 10,000 findings, max 25', () => planInlineComments(findings, 25));

// 2. The whole pipeline on a 3,000-file pull request with an instant in-process reviewer.
const files = Array.from({ length: 3000 }, (_, i) => addedFile(`src/m${i}.py`, 200));
const contents = new Map(files.map((f) => [f.file.path, f.content]));
const result = (n: number): ReviewResult => ({
  model: 'bench',
  summary: 's',
  issues: issues(n, 200),
  suggestions: [],
  security_flags: [],
  quality_score: 70,
  usage: { total_tokens: 100 },
  latency_ms: 1,
});
const quiet: Logger = { info: () => {}, warning: () => {}, group: (_n, run) => run() };
const settings = readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1', 'max-files': '3000' })[name] ?? '');
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const start = performance.now();
const report = await runPipeline(settings, { owner: 'o', repo: 'r', number: 1, headSha: 'h' }, {
  source: {
    listChangedFiles: () => Promise.resolve({ files: files.map((f) => f.file), truncated: false }),
    readFile: (_pr, file) => Promise.resolve(Buffer.from(contents.get(file.path) ?? '')),
  },
  reviewOnce: () => Promise.resolve(result(10)),
  publisher: undefined,
  clock: systemClock,
  log: quiet,
  retryPolicy: DEFAULT_RETRY_POLICY,
});
const elapsed = performance.now() - start;
console.log(
  `${'runPipeline: 3,000 files × 200 lines, 10 findings each'.padEnd(58)} ${elapsed.toFixed(1).padStart(15)} ms  ` +
    `(${report.findings.length} findings; heap +${mib(process.memoryUsage().heapUsed - heapBefore)}, rss ${mib(process.memoryUsage().rss)})`,
);
const summary = measure('renderRunSummary (comment, 3,000 files, 30,000 findings)', () => renderRunSummary(report, 'comment'));
console.log(`${''.padEnd(58)} ${summary.length} characters (limit 65,536)`);

// 3. Real HTTP: the client against the local simulator, concurrency 4.
const simulator = await startSimulator({ keys: [{ key: DEMO_KEY, scopes: ['review', 'complete'], rpm: 1_000_000, dailyLimit: 1_000_000 }] });
const client = createClient({ apiKey: DEMO_KEY, baseUrl: simulator.url });
const httpFiles = files.slice(0, 300);
const httpStart = performance.now();
const httpReport = await runPipeline(settings, { owner: 'o', repo: 'r', number: 1, headSha: 'h' }, {
  source: {
    listChangedFiles: () => Promise.resolve({ files: httpFiles.map((f) => f.file), truncated: false }),
    readFile: (_pr, file) => Promise.resolve(Buffer.from(contents.get(file.path) ?? '')),
  },
  reviewOnce: (request) => client.reviewOnce(request),
  publisher: undefined,
  clock: systemClock,
  log: quiet,
  retryPolicy: DEFAULT_RETRY_POLICY,
});
const httpMs = performance.now() - httpStart;
console.log(
  `${'300 files over HTTP to the simulator, concurrency 4'.padEnd(58)} ${httpMs.toFixed(1).padStart(15)} ms  ` +
    `(${(300 / (httpMs / 1000)).toFixed(0)} files/s; ${httpReport.outcomes.filter((o) => o.kind === 'reviewed').length} reviewed)`,
);
await simulator.close();
