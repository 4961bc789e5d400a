/**
 * Files in a supported language the action did not review count as incomplete — not as
 * skipped — whatever kept it from them: size, encoding, max-files or max-duration.
 */
import { reasonTexts } from '../../src/domain/verdict';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewRequest, ReviewResult } from '../../src/service/types';
import { runPipeline } from '../../src/run/pipeline';
import type { PipelineDeps } from '../../src/run/pipeline';
import type { Logger } from '../../src/domain/logger';
import { readSettings } from '../../src/config/settings';
import type { ChangedFile, PullRequestRef } from '../../src/domain/pull-request';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = (extra: Record<string, string> = {}) =>
  readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1', ...extra })[name] ?? '');

const file = (path: string): ChangedFile => ({ path, status: 'added', blobSha: `sha-${path}`, additions: 1, deletions: 0 });

function run(
  files: Record<string, Buffer | string>,
  inputs: Record<string, string> = {},
  review: (request: ReviewRequest, signal: AbortSignal) => Promise<ReviewResult> = () => Promise.resolve(reviewResult({ issues: [] })),
) {
  const lines: string[] = [];
  const requests: ReviewRequest[] = [];
  const log: Logger = { info: (m) => lines.push(m), warning: (m) => lines.push(`WARN ${m}`), group: (_n, body) => body() };
  const deps: PipelineDeps = {
    source: {
      listChangedFiles: () => Promise.resolve({ files: Object.keys(files).map(file), truncated: false }),
      readFile: (_pr, f) => Promise.resolve(Buffer.from(files[f.path] ?? '')),
    },
    reviewOnce: (request, { signal }) => {
      requests.push(request);
      return review(request, signal);
    },
    publisher: undefined,
    clock: createVirtualClock(),
    log,
    retryPolicy: DEFAULT_RETRY_POLICY,
  };
  return runPipeline(settings(inputs), pr, deps).then((report) => ({ report, lines, requests }));
}

const failed = (report: Awaited<ReturnType<typeof run>>['report']) =>
  report.outcomes.flatMap((o) => (o.kind === 'failed' ? [[o.path, o.reason]] : []));

describe('files the action could not review', () => {
  it('does not review a file one byte over max-file-size, fails the check and says why', async () => {
    const { report, requests, lines } = await run({ 'big.py': 'x'.repeat(41), 'ok.py': 'x = 1' }, { 'max-file-size': '40' });
    const reason = 'not reviewed: the file has 41 bytes, more than max-file-size (40 bytes); raise max-file-size to review it';
    expect(failed(report)).toEqual([['big.py', reason]]);
    expect(requests.map((r) => r.code)).toEqual(['x = 1']);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)).toEqual([`1 file could not be reviewed: big.py (${reason}) (on-incomplete: fail)`]);
    expect(lines).toContainEqual(expect.stringMatching(/^\[\d\/2\] ✗ big\.py: not reviewed: the file has 41 bytes/));
  });

  it('counts the bytes of the file itself, not of its UTF-8 re-encoding', async () => {
    // 40 bytes in Latin-1 would be 60 in UTF-8.
    const source = Buffer.from(`# coding: latin-1\ns = "${'é'.repeat(20)}"\n`, 'latin1');
    const { report } = await run({ 'a.py': source }, { 'max-file-size': String(source.length) });
    expect(report.outcomes.map((o) => o.kind)).toEqual(['reviewed']);
  });

  it('passes with a notice under on-incomplete pass, still naming the file', async () => {
    const { report } = await run({ 'big.py': 'x'.repeat(41) }, { 'max-file-size': '40', 'on-incomplete': 'pass' });
    expect(report.verdict.result).toBe('passed');
    expect(report.verdict.notices[0]).toMatch(/^1 file could not be reviewed: big\.py \(not reviewed: the file has 41 bytes/);
  });

  it('does not review a .js with a Latin-1 byte, naming the byte and its line', async () => {
    const { report, requests } = await run({ 'web/a.js': Buffer.from('let a = 1;\n// caf\xe9\n', 'latin1') });
    expect(requests).toEqual([]);
    expect(failed(report)).toEqual([['web/a.js', 'not reviewed: could not decode as text (invalid UTF-8 byte 0xE9 on line 2); save it as UTF-8']]);
    expect(report.verdict.result).toBe('failed');
  });

  it('reviews a UTF-16 file with a BOM, sending the text without the mark', async () => {
    const ts = 'const a: any = 1;\nexport default a;\n';
    const { report, requests } = await run({ 'src/a.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ts, 'utf16le')]) });
    expect(requests.map((r) => r.code)).toEqual([ts]);
    expect(report.outcomes.map((o) => o.kind)).toEqual(['reviewed']);
  });

  it('marks supported files past max-files as not reviewed in the log and the verdict', async () => {
    const { report, requests, lines } = await run({ 'a.py': 'a = 1', 'b.py': 'b = 1', 'c.py': 'c = 1' }, { 'max-files': '2' });
    expect(requests).toHaveLength(2);
    expect(failed(report)).toEqual([['c.py', 'not reviewed: past max-files (2 files); raise max-files to review it']]);
    expect(lines).toContain('✗ c.py: not reviewed: past max-files (2 files); raise max-files to review it');
    expect(report.verdict.result).toBe('failed');
  });

  it('stops a review the service never answers at max-duration, aborting the requests in flight', async () => {
    const signals: AbortSignal[] = [];
    const hang = (_request: ReviewRequest, signal: AbortSignal) =>
      new Promise<ReviewResult>((_resolve, reject) => {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(signal.reason as Error));
      });
    const files = Object.fromEntries(['a.py', 'b.py', 'c.py', 'd.py', 'e.py'].map((p) => [p, 'x = 1']));
    const { report, lines } = await run(files, { 'max-duration': '0.5', concurrency: '2' }, hang);
    const reason = 'not reviewed: max-duration of 0.5 minutes reached';
    expect(failed(report)).toEqual(Object.keys(files).map((p) => [p, reason]));
    expect(signals).toHaveLength(2);
    expect(signals.every((s) => s.aborted)).toBe(true);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)[0]).toMatch(/^5 files could not be reviewed: a\.py \(not reviewed: max-duration of 0\.5 minutes reached\)/);
    expect(lines).toContainEqual(`[5/5] ✗ e.py: ${reason} (0.0 s)`);
  });
});
