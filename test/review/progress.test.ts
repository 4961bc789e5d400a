/** The review's progress in the log as it happens, on a virtual clock. */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import { runPipeline } from '../../src/run/pipeline';
import { ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ReviewResult } from '../../src/service/types';
import type { ChangedFile } from '../../src/domain/pull-request';
import type { Logger } from '../../src/domain/logger';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

/** Reviews `latencies.length` files; file i answers after latencies[i] ms (virtual), or as `answer` says. */
async function review(latencies: number[], answer?: (path: string, call: number) => ServiceError | undefined, concurrency = 2) {
  const clock = createVirtualClock();
  const lines: Array<{ at: number; text: string }> = [];
  const log: Logger = { info: (text) => lines.push({ at: clock.now(), text }), warning: (text) => lines.push({ at: clock.now(), text }), group: (_n, body) => body() };
  const paths = latencies.map((_, i) => `src/f${i + 1}.py`);
  const calls = new Map<string, number>();
  const settings = readSettings((name) => ({ 'api-key': 'svc_live_test_0000000000000000', 'api-url': 'https://x.example', concurrency: String(concurrency) })[name] ?? '');
  await runPipeline(settings, { owner: 'o', repo: 'r', number: 1, headSha: 'h' }, {
    source: {
      listChangedFiles: () =>
        Promise.resolve({ files: paths.map((path): ChangedFile => ({ path, status: 'added', blobSha: path, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' })), truncated: false }),
      readFile: () => Promise.resolve(Buffer.from('x = 1\n')),
    },
    reviewOnce: async (_request, options): Promise<ReviewResult> => {
      const path = options.path ?? '';
      const call = (calls.get(path) ?? 0) + 1;
      calls.set(path, call);
      await clock.sleep(latencies[paths.indexOf(path)] ?? 0);
      const error = answer?.(path, call);
      if (error !== undefined) throw error;
      return reviewResult({ quality_score: 80 });
    },
    publisher: undefined,
    clock,
    log,
    retryPolicy: { ...DEFAULT_RETRY_POLICY, jitter: 0 },
  });
  return lines.filter((l) => !/changed files;/.test(l.text));
}

describe('progress as it happens', () => {
  it('logs each file when it ends, with done/total, its outcome and its time', async () => {
    const lines = await review([3000, 1000, 500]);
    expect(lines).toEqual([
      { at: 1000, text: '[1/3] ✓ src/f2.py: score 80, 0 errors, 0 warnings, 0 infos (1.0 s)' },
      { at: 1500, text: '[2/3] ✓ src/f3.py: score 80, 0 errors, 0 warnings, 0 infos (0.5 s)' },
      { at: 3000, text: '[3/3] ✓ src/f1.py: score 80, 0 errors, 0 warnings, 0 infos (3.0 s)' },
    ]);
  });

  it('says when the queue pauses for retry_after and when it resumes', async () => {
    const rateLimited = new ServiceError('429 rate_limit_exceeded', 'rate_limit_exceeded', { status: 429, retryAfter: 4 });
    const lines = await review([100, 100, 100], (path, call) => (path === 'src/f1.py' && call === 1 ? rateLimited : undefined));
    expect(lines.map((l) => `${l.at} ${l.text}`)).toEqual([
      '100 ↻ src/f1.py: 429 rate_limit_exceeded; retry 1 in 4s',
      '100 ⏸ src/f1.py: the service asked to wait; pausing every worker for 4s',
      '100 [1/3] ✓ src/f2.py: score 80, 0 errors, 0 warnings, 0 infos (0.1 s)',
      '4100 ▶ resuming: 1/3 files done',
      '4200 [2/3] ✓ src/f1.py: score 80, 0 errors, 0 warnings, 0 infos (4.2 s)',
      '4200 [3/3] ✓ src/f3.py: score 80, 0 errors, 0 warnings, 0 infos (4.1 s)',
    ]);
  });

  it('writes a status line whenever 10 s pass without another on a long run', async () => {
    const lines = await review([45_000, 12_000, 25_000]);
    expect(lines.map((l) => `${l.at} ${l.text}`)).toEqual([
      '10000 … 0/3 files done, 3 to go; 10.0 s so far',
      '12000 [1/3] ✓ src/f2.py: score 80, 0 errors, 0 warnings, 0 infos (12.0 s)',
      '22000 … 1/3 files done, 2 to go; 22.0 s so far',
      '32000 … 1/3 files done, 2 to go; 32.0 s so far',
      '37000 [2/3] ✓ src/f3.py: score 80, 0 errors, 0 warnings, 0 infos (25.0 s)',
      '45000 [3/3] ✓ src/f1.py: score 80, 0 errors, 0 warnings, 0 infos (45.0 s)',
    ]);
    const gaps = lines.slice(1).map((l, i) => l.at - (lines[i] as { at: number }).at);
    expect(Math.max(lines[0]!.at, ...gaps)).toBeLessThanOrEqual(10_000);
  });
});
