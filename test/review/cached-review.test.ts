/**
 * The result cache inside the pipeline: what a re-run and a push cost in review requests, what
 * the verdict and the summary say, and that the key never reaches an entry.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import { runPipeline } from '../../src/run/pipeline';
import { renderRunSummary } from '../../src/render/summary/run-summary';
import { CACHE_FORMAT_VERSION } from '../../src/review/cache';
import { cachedReviewDeps } from '../../src/review/cached-review';
import { createClient } from '../../src/service/client';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewRequest, ReviewResult } from '../../src/service/types';
import { systemClock } from '../../src/review/clock';
import type { ChangedFile } from '../../src/domain/pull-request';
import type { Logger } from '../../src/domain/logger';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import { reviewResult } from '../support/review-result';

const API_URL = 'http://127.0.0.1:1';
const pr = { owner: 'acme', repo: 'shop', number: 7, headSha: 'head-1' };
const KEY = 'svc_live_test_0000000000000000';
const settings = readSettings((name) => ({ 'api-key': KEY, 'api-url': API_URL, 'max-files': '100' })[name] ?? '');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-cached-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fileOf = (path: string, content: string): ChangedFile => ({
  path,
  status: 'added',
  blobSha: `sha-${path}`,
  additions: content.split('\n').length,
  deletions: 0,
  patch: `@@ -0,0 +1,${content.split('\n').length} @@\n${content.split('\n').map((l) => `+${l}`).join('\n')}`,
});

/** A pull request of `n` Python files; `changed` gets a different content. */
function pullRequest(n: number, changed?: number): Map<string, string> {
  return new Map(Array.from({ length: n }, (_, i) => [`src/m${i}.py`, `value_${i} = ${i === changed ? 'eval(x)' : i}`]));
}

/** The service's answer depends on the code only, as the real one's does. */
const service = (request: ReviewRequest): ReviewResult =>
  reviewResult({
    quality_score: request.code.includes('eval') ? 40 : 95,
    issues: request.code.includes('eval') ? [{ severity: 'error', line: 1, message: 'eval() runs arbitrary code', suggestion: '' }] : [],
  });

async function run(files: Map<string, string>, cacheDir: string | null = dir) {
  const lines: string[] = [];
  const log: Logger = { info: (m) => lines.push(m), warning: (m) => lines.push(`WARN ${m}`), group: (_n, body) => body() };
  const requests: ReviewRequest[] = [];
  const report = await runPipeline(settings, pr, {
    source: {
      listChangedFiles: () => Promise.resolve({ files: [...files].map(([path, content]) => fileOf(path, content)), truncated: false }),
      readFile: (_pr, file) => Promise.resolve(Buffer.from(files.get(file.path) ?? '')),
    },
    ...cachedReviewDeps(
      (request) => {
        requests.push(request);
        return Promise.resolve(service(request));
      },
      { dir: cacheDir ?? undefined, baseUrl: API_URL, secret: KEY, workspace: dir, log },
    ),
    publisher: undefined,
    clock: systemClock,
    log,
    retryPolicy: DEFAULT_RETRY_POLICY,
  });
  return { report, requests, lines, summary: renderRunSummary(report, 'job-summary') };
}

const gateView = (report: Awaited<ReturnType<typeof run>>['report']) => ({
  verdict: report.verdict,
  outcomes: report.outcomes.map((o) => (o.kind === 'reviewed' ? { path: o.path, score: o.score, findings: o.findings } : o)),
});

describe('the pipeline with a result cache', () => {
  it('re-runs on the same head with 0 review requests and the same verdict, saying the files came from the cache', async () => {
    const files = pullRequest(50, 7);
    const first = await run(files);
    const again = await run(files);

    expect(first.requests).toHaveLength(50);
    expect(again.requests).toHaveLength(0);
    expect(gateView(again.report)).toEqual(gateView(first.report));
    expect(again.report.verdict.result).toBe('failed');
    expect(again.summary).toContain('50 files reviewed (50 from the cache), 0 skipped, 0 not reviewed');
    expect(first.summary).toContain('50 files reviewed, 0 skipped, 0 not reviewed');
    expect(again.lines).toContain(`Result cache (${dir}): 50 of 50 files answered from the cache.`);
    expect(again.lines).toContainEqual(expect.stringMatching(/^\[ ?\d+\/50\] ✓ src\/m7\.py: score 40, 1 error, 0 warnings, 0 infos \(from the cache\)$/));
    // Cached answers cost no tokens in this run.
    expect(again.report.tokensUsed).toBe(0);
  });

  it('costs 1 review request after a push that changes 1 file of 50', async () => {
    await run(pullRequest(50));
    const pushed = await run(pullRequest(50, 13));

    expect(pushed.requests.map((r) => r.code)).toEqual(['value_13 = eval(x)']);
    expect(pushed.report.verdict.result).toBe('failed');
    expect(pushed.summary).toContain('50 files reviewed (49 from the cache)');
  });

  it('reviews a file again, with one warning, when its entry is corrupt, and reaches the same verdict', async () => {
    const files = pullRequest(3, 1);
    const first = await run(files);
    const entries = readdirSync(join(dir, `v${CACHE_FORMAT_VERSION}`), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const damaged = entries.find((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes('eval'));
    if (damaged === undefined) throw new Error('no entry holds the eval() finding');
    writeFileSync(join(damaged.parentPath, damaged.name), '{"format":"review-gate/review-result","version":2,"key":"');

    const again = await run(files);
    expect(again.requests.map((r) => r.code)).toEqual(['value_1 = eval(x)']);
    expect(again.lines.filter((l) => l.startsWith('WARN'))).toEqual([
      expect.stringMatching(new RegExp(`^WARN The result cache in ${dir}: 1 entry ignored, and its file reviewed again: src/m1\\.py \\(not JSON: cut off or damaged\\)\\.`)),
    ]);
    expect(gateView(again.report)).toEqual(gateView(first.report));
  });

  it('reviews a file whose entry was changed to say "no issues", with one warning, and fails as before', async () => {
    const files = pullRequest(3, 1);
    const first = await run(files);
    const entries = readdirSync(join(dir, `v${CACHE_FORMAT_VERSION}`), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const forged = entries.find((e) => readFileSync(join(e.parentPath, e.name), 'utf8').includes('eval'));
    if (forged === undefined) throw new Error('no entry holds the eval() finding');
    const entry = JSON.parse(readFileSync(join(forged.parentPath, forged.name), 'utf8')) as { result: ReviewResult };
    writeFileSync(join(forged.parentPath, forged.name), JSON.stringify({ ...entry, result: { ...entry.result, issues: [], quality_score: 100 } }));

    const again = await run(files);
    expect(again.requests.map((r) => r.code)).toEqual(['value_1 = eval(x)']);
    expect(again.report.verdict.result).toBe('failed');
    expect(gateView(again.report)).toEqual(gateView(first.report));
    expect(again.lines.filter((l) => l.startsWith('WARN'))).toEqual([expect.stringMatching(/1 entry ignored.*src\/m1\.py \(signature does not match/)]);
  });

  it('has no cache without an API key to sign its entries with', () => {
    const deps = cachedReviewDeps(() => Promise.resolve(service({ code: '' })), { dir, baseUrl: API_URL, secret: '', workspace: dir, log: { warning: () => {} } });
    expect(deps.cache).toBeUndefined();
  });

  it('reviews everything when the run has no cache folder', async () => {
    const files = pullRequest(3);
    await run(files, null);
    const again = await run(files, null);
    expect(again.requests).toHaveLength(3);
    expect(again.lines.some((l) => l.startsWith('Result cache'))).toBe(false);
  });

  it('serves any other caller of the review call too (a base version for a score baseline)', async () => {
    const calls: ReviewRequest[] = [];
    const deps = cachedReviewDeps((request) => (calls.push(request), Promise.resolve(service(request))), { dir, baseUrl: API_URL, secret: KEY, workspace: dir, log: { warning: () => {} } });
    const request: ReviewRequest = { code: 'x = eval(y)\n', language: 'python' };
    const signal = new AbortController().signal;
    const first = await deps.reviewOnce(request, { signal, path: 'base:src/a.py' });
    const second = await deps.reviewOnce(request, { signal, path: 'base:src/a.py' });
    expect(second).toEqual(first);
    expect(calls).toHaveLength(1);
  });

  it('never writes the API key into an entry, even when the service echoes it', async () => {
    const simulator = await startSimulator();
    try {
      simulator.inject({ kind: 'reply', reply: ({ authorization }) => ({ body: { ...service({ code: '' }), model: 'm', summary: `seen ${authorization ?? ''}` } }) });
      const client = createClient({ apiKey: DEMO_KEY, baseUrl: simulator.url });
      const deps = cachedReviewDeps((request, options) => client.reviewOnce(request, options), { dir, baseUrl: simulator.url, secret: DEMO_KEY, workspace: dir, log: { warning: () => {} } });
      const result = await deps.reviewOnce({ code: 'x = 1\n', language: 'python' }, { signal: new AbortController().signal });

      expect(result.summary).toBe('seen Bearer [redacted]');
      const stored = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
      const texts = stored.map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
      expect(stored.filter((e) => e.name.endsWith('.json'))).toHaveLength(1);
      expect(texts.filter((text) => text.includes('seen Bearer [redacted]'))).toHaveLength(1);
      for (const text of texts) expect(text).not.toContain(DEMO_KEY);
    } finally {
      await simulator.close();
    }
  });
});
