/**
 * score-baseline: base in the pipeline: one more review, of the base version, only for a
 * modified or renamed file whose head score is below min-score, through the same review stage;
 * the gate gets the scores and judges the change, not the legacy.
 */
import { reasonTexts } from '../../src/domain/verdict';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewRequest } from '../../src/service/types';
import { runPipeline } from '../../src/run/pipeline';
import type { PipelineDeps } from '../../src/run/pipeline';
import { readSettings } from '../../src/config/settings';
import type { ChangedFile, PullRequestRef, PullRequestSource } from '../../src/domain/pull-request';
import type { Logger } from '../../src/domain/logger';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = (extra: Record<string, string> = {}) =>
  readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1', 'min-score': '60', 'score-baseline': 'base', ...extra })[name] ?? '');

interface Version {
  file: ChangedFile;
  head: string;
  /** Content at the base commit, by `previousPath ?? path`; absent: not there. */
  base?: string;
}

/** The service scores `code` by the number after `score=` in it. */
const scoreOf = (request: ReviewRequest): number => Number(/score=(\d+)/.exec(request.code)?.[1] ?? 90);

function run(versions: Version[], inputs: Record<string, string> = {}, withBase = true) {
  const requests: string[] = [];
  const baseReads: string[] = [];
  const groups: string[] = [];
  const log: Logger = { info: () => undefined, warning: () => undefined, group: (name, body) => (groups.push(name), body()) };
  const source: PullRequestSource = {
    listChangedFiles: () => Promise.resolve({ files: versions.map((v) => v.file), truncated: false }),
    readFile: (_pr, f) => Promise.resolve(Buffer.from(versions.find((v) => v.file.path === f.path)?.head ?? '')),
  };
  if (withBase) {
    source.readBaseFile = (_pr, f) => {
      const path = f.previousPath ?? f.path;
      baseReads.push(path);
      const base = versions.find((v) => (v.file.previousPath ?? v.file.path) === path)?.base;
      return base === undefined ? Promise.reject(new Error(`${path} is not at the base commit`)) : Promise.resolve(Buffer.from(base));
    };
  }
  const deps: PipelineDeps = {
    source,
    reviewOnce: (request) => {
      requests.push(request.code);
      return Promise.resolve(reviewResult({ quality_score: scoreOf(request), usage: { total_tokens: 10 } }));
    },
    publisher: undefined,
    clock: createVirtualClock(),
    log,
    retryPolicy: DEFAULT_RETRY_POLICY,
  };
  return runPipeline(settings(inputs), pr, deps).then((report) => ({ report, requests, baseReads, groups }));
}

const file = (path: string, status: ChangedFile['status'], previousPath?: string): ChangedFile => ({
  path, status, blobSha: `sha-${path}`, additions: 1, deletions: 0, ...(previousPath === undefined ? {} : { previousPath }),
});

describe('score-baseline: base', () => {
  it('reviews the base version only of modified or renamed files below min-score, and judges them against it', async () => {
    const { report, requests, baseReads, groups } = await run([
      { file: file('legacy.py', 'modified'), head: 'score=45 head', base: 'score=40 base' },
      { file: file('moved.py', 'renamed', 'old/moved.py'), head: 'score=55 head', base: 'score=70 base' },
      { file: file('fine.py', 'modified'), head: 'score=80 head', base: 'score=99 base' },
      { file: file('new.py', 'added'), head: 'score=50 head' },
    ]);
    expect(baseReads).toEqual(['legacy.py', 'old/moved.py']);
    expect(requests).toEqual(['score=45 head', 'score=55 head', 'score=80 head', 'score=50 head', 'score=40 base', 'score=70 base']);
    expect(groups).toContain('Review 2 files at the base commit (score-baseline: base)');
    expect([...report.baselines]).toEqual([
      ['legacy.py', { kind: 'scored', score: 40 }],
      ['moved.py', { kind: 'scored', score: 70 }],
    ]);
    expect(report.verdict.result).toBe('failed');
    expect(reasonTexts(report.verdict)).toEqual([
      "quality score 55 of moved.py is below min-score 60 and below its base version's 70 (70 → 55, score-baseline: base)",
      'quality score 50 of new.py is below min-score 60',
    ]);
    expect(report.tokensUsed).toBe(60);
  });

  it('costs no base review with score-baseline none, nor when every head score reaches min-score', async () => {
    const legacy = { file: file('legacy.py', 'modified'), head: 'score=45 head', base: 'score=40 base' };
    const none = await run([legacy], { 'score-baseline': 'none' });
    expect(none.baseReads).toEqual([]);
    expect(reasonTexts(none.report.verdict)).toEqual(['quality score 45 of legacy.py is below min-score 60']);
    const fine = await run([{ ...legacy, head: 'score=61 head' }]);
    expect(fine.requests).toEqual(['score=61 head']);
  });

  it('judges a file on its own score when its base version cannot be read or scored, saying why', async () => {
    const missing = await run([{ file: file('legacy.py', 'modified'), head: 'score=45 head' }]);
    expect(missing.report.baselines.get('legacy.py')).toEqual({ kind: 'unavailable', reason: 'legacy.py is not at the base commit' });
    expect(missing.report.verdict.result).toBe('failed');

    const noSource = await run([{ file: file('legacy.py', 'modified'), head: 'score=45 head', base: 'score=40 base' }], {}, false);
    expect(reasonTexts(noSource.report.verdict)).toEqual([
      'quality score 45 of legacy.py is below min-score 60, and its base version could not be scored (this source cannot read the base commit), so it is judged on its own score (score-baseline: base)',
    ]);
  });
});
