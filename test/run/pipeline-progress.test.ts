/**
 * What the pipeline tells a watcher (the terminal's progress): counts that match what happens,
 * and each file as it ends.
 */
import { expect, it } from 'vitest';
import { runPipeline } from '../../src/run/pipeline';
import type { PipelineDeps } from '../../src/run/pipeline';
import { readSettings } from '../../src/config/settings';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import type { ChangedFile, PullRequestRef } from '../../src/domain/pull-request';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1' })[name] ?? '');
const file = (path: string): ChangedFile => ({ path, status: 'added', blobSha: `sha-${path}`, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' });
const contents: Record<string, string> = { 'a.py': 'x = 1', 'empty.py': '   ', 'b.py': 'x = 1' };

function deps(extra: Partial<PipelineDeps>): PipelineDeps {
  return {
    source: {
      listChangedFiles: () => Promise.resolve({ files: [file('a.py'), file('empty.py'), file('b.py'), file('README.md')], truncated: false }),
      readFile: (_pr, f) => Promise.resolve(Buffer.from(contents[f.path] ?? '')),
    },
    reviewOnce: () => Promise.resolve(reviewResult({ summary: 'fine' })),
    publisher: undefined,
    clock: createVirtualClock(),
    log: { info: () => undefined, warning: () => undefined, group: (_n, run) => run() },
    retryPolicy: DEFAULT_RETRY_POLICY,
    ...extra,
  };
}

it('tells the counts after selection and each file as it ends, with done/total', async () => {
  const events: string[] = [];
  await runPipeline(settings, pr, deps({
    progress: {
      collected: (c) => events.push(`collected ${c.listed} ${c.toReview} ${c.skipped} ${c.notReviewed}`),
      fileDone: (outcome, done, total) => events.push(`${done}/${total} ${outcome.kind} ${outcome.path}`),
    },
  }));
  expect(events[0]).toBe('collected 4 3 1 0');
  // The order files end in is the service's; which file ended how is not.
  expect(events.slice(1).map((e) => e.split(' ').slice(1).join(' ')).sort()).toEqual(['reviewed a.py', 'reviewed b.py', 'skipped empty.py']);
  expect(events.slice(1).map((e) => e.split(' ')[0])).toEqual(['1/3', '2/3', '3/3']);
});
