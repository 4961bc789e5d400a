/**
 * Two runs of the pipeline through the same cache folder against a service that admits 10
 * requests per sliding 1 s window (429 rate_limit_exceeded with retry_after otherwise), 40 files,
 * concurrency 8, on a virtual clock: the first learns the pace from its 429s and stores it, the
 * second starts at it. Issue 24's target: at most 0.05 answers of 429 per file on the second run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import type { ChangedFile } from '../../src/domain/pull-request';
import { runPipeline } from '../../src/run/pipeline';
import { createResultCache } from '../../src/review/cache';
import { ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';
import type { VirtualClock } from '../support/virtual-clock';

const KEY = 'svc_live_test_0000000000000000';
const SERVICE = 'https://api.example.com';
const FILES = 40;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-pace-runs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The service: 10 admitted per sliding 1 s of the clock, 50 ms an answer, 5 ms a refusal. */
function windowLimitedService(clock: VirtualClock) {
  const admitted: number[] = [];
  let refused = 0;
  return {
    get refused() {
      return refused;
    },
    async review(): Promise<ReturnType<typeof reviewResult>> {
      const at = clock.now();
      while (admitted.length > 0 && (admitted[0] as number) <= at - 1000) admitted.shift();
      if (admitted.length >= 10) {
        refused += 1;
        const retryAfter = Math.max(1, Math.ceil(((admitted[0] as number) + 1000 - at) / 1000));
        await clock.sleep(5);
        throw new ServiceError('Rate limit exceeded', 'rate_limit_exceeded', { status: 429, retryAfter });
      }
      admitted.push(at);
      await clock.sleep(50);
      return reviewResult();
    },
  };
}

/** One run of the pipeline: the same cache folder for its pace. */
async function oneRun(clock: VirtualClock, service: ReturnType<typeof windowLimitedService>, runNumber: number, lines: string[]) {
  const paths = Array.from({ length: FILES }, (_, i) => `src/m${i}.py`);
  // One request a file, the pace's unit here: injection-check's second reviews would double them.
  const settings = readSettings((name) => ({ 'api-key': KEY, 'api-url': SERVICE, concurrency: '8', 'injection-check': 'off' })[name] ?? '');
  const refusedBefore = service.refused;
  const report = await runPipeline(settings, { owner: 'o', repo: 'r', number: 1, headSha: `h${runNumber}` }, {
    source: {
      listChangedFiles: () =>
        Promise.resolve({
          files: paths.map((path): ChangedFile => ({ path, status: 'added', blobSha: path, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' })),
          truncated: false,
        }),
      readFile: (_pr, file) => Promise.resolve(Buffer.from(`x = ${runNumber} # ${file.path}\n`)),
    },
    reviewOnce: () => service.review(),
    // The cache folder's pace store as the entry points get it (cachedReviewDeps), without the
    // entries: their reads are real I/O, during which a virtual clock would run ahead.
    paceStore: createResultCache({
      dir,
      baseUrl: SERVICE,
      secret: KEY,
      workspace: dir,
      log: { warning: (m) => lines.push(`WARN ${m}`), info: (m) => lines.push(m) },
      now: () => Date.parse('2026-10-21T07:28:00Z') + clock.now(),
    }).pace,
    publisher: undefined,
    clock,
    log: { info: (m) => lines.push(m), warning: (m) => lines.push(`WARN ${m}`), group: (_n, body) => body() },
    retryPolicy: { ...DEFAULT_RETRY_POLICY, jitter: 0 },
  });
  const reviewed = report.outcomes.filter((o) => o.kind === 'reviewed').length;
  return { reviewed, refused: service.refused - refusedBefore };
}

describe('the pace a run learned, kept for the next', () => {
  it('lets a second run against the same service start at the pace the first learned: at most 0.05 answers of 429 per file', async () => {
    const clock = createVirtualClock();
    const service = windowLimitedService(clock);
    const lines: string[] = [];

    const first = await oneRun(clock, service, 1, lines);
    // The next run comes later: the service's window has emptied.
    await clock.sleep(60_000);
    const second = await oneRun(clock, service, 2, lines);

    expect([first.reviewed, second.reviewed]).toEqual([FILES, FILES]);
    expect(first.refused / FILES).toBeGreaterThan(0.05);
    expect(second.refused / FILES).toBeLessThanOrEqual(0.05);
    expect(first.refused).toBe(6);
    expect(second.refused).toBe(0);
    expect(lines.filter((line) => line.includes('pace'))).toEqual([
      `Starting at the review service's pace an earlier run learned: 10 requests per 1.05 s (stored in ${dir}).`,
    ]);
  });

  it('starts a run as a first run when the stored pace is stale, and draws the first window\'s 429s again', async () => {
    const clock = createVirtualClock();
    const service = windowLimitedService(clock);
    const lines: string[] = [];

    const first = await oneRun(clock, service, 1, lines);
    await clock.sleep(8 * 24 * 60 * 60 * 1000);
    const later = await oneRun(clock, service, 2, lines);

    expect(later.refused).toBe(first.refused);
    expect(lines.some((line) => line.includes('stored 8 days ago, over the 7 days a pace is kept'))).toBe(true);
  });
});
