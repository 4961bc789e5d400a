/**
 * publishVerdict: every surface from the one decided run, in order, each later one knowing how
 * the earlier writes ended; nothing it does changes the verdict.
 */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import type { ChangedFile, PullRequestRef } from '../../src/domain/pull-request';
import type { PublishedRun } from '../../src/domain/run-report';
import type { ReviewPublisher } from '../../src/domain/writes';
import { runPipeline } from '../../src/run/pipeline';
import type { PipelineDeps } from '../../src/run/pipeline';
import { publishVerdict } from '../../src/run/publish';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { reviewResult } from '../support/review-result';
import { createVirtualClock } from '../support/virtual-clock';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1' })[name] ?? '');
const file = (path: string): ChangedFile => ({ path, status: 'added', blobSha: `sha-${path}`, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1' });
const log = { info: () => undefined, warning: () => undefined, group: <T>(_n: string, run: () => Promise<T>) => run() };

const publisher: ReviewPublisher = {
  postReview: () => Promise.resolve({ kind: 'posted', posted: [], alreadyPresent: [], rejected: [] }),
  upsertSummary: () => Promise.resolve({ kind: 'created' }),
};

async function decidedRun(score = 90) {
  const deps: PipelineDeps = {
    source: {
      listChangedFiles: () => Promise.resolve({ files: [file('a.py'), file('b.py')], truncated: false }),
      readFile: () => Promise.resolve(Buffer.from('x = 1')),
    },
    reviewOnce: () => Promise.resolve(reviewResult({ summary: 'fine', quality_score: score })),
    publisher,
    clock: createVirtualClock(),
    log,
    retryPolicy: DEFAULT_RETRY_POLICY,
  };
  return runPipeline({ ...settings, minScore: 50 }, pr, deps);
}

describe('publishVerdict', () => {
  it('writes the walkthrough from the decided run and puts it atop the summary comment', async () => {
    const bodies: string[] = [];
    const prompts: string[] = [];
    const published = await publishVerdict(await decidedRun(), {
      log,
      walkthrough: (request) => {
        prompts.push(request.prompt);
        return Promise.resolve('- adds a.py and b.py');
      },
      summaryComment: { upsertSummary: (_pr, body) => (bodies.push(body), Promise.resolve({ kind: 'created' })) },
      outlets: [],
    });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('a.py');
    expect(published.walkthrough).toEqual({ kind: 'written', text: '- adds a.py and b.py' });
    expect(bodies[0]).toMatch(/^<!-- review-gate:summary -->\n\n### Walkthrough\n\n- adds a\.py and b\.py\n\n## ✅ Passed/);
  });

  it('writes the summary comment, then the check run, then the outlets, each knowing how the ones before ended', async () => {
    const order: string[] = [];
    const seen: PublishedRun[] = [];
    const report = await decidedRun(40);
    const published = await publishVerdict(report, {
      log,
      summaryComment: { upsertSummary: () => (order.push('summary comment'), Promise.reject(new Error('GitHub answered 502'))) },
      checkRun: {
        target: { name: 'review-gate' },
        write: (content) => {
          order.push(`check run ${content.conclusion}`);
          expect(content.summary).toContain('The summary comment could not be written');
          return Promise.resolve({ kind: 'written', created: true, id: 1, annotations: 0 });
        },
      },
      outlets: [async (run) => (order.push('outlet'), seen.push(run), Promise.resolve())],
    });
    expect(order).toEqual(['summary comment', 'check run failure', 'outlet']);
    expect(seen[0]?.summary).toMatchObject({ kind: 'failed' });
    expect(seen[0]?.checkRun).toMatchObject({ kind: 'written' });
    // The verdict is the gate's, whatever the writes did.
    expect(published.verdict).toBe(report.verdict);
  });

  it('writes no summary comment and no check run when the entry point has none (the terminal, a dry run)', async () => {
    const published = await publishVerdict(await decidedRun(), { log, outlets: [] });
    expect(published.summary).toEqual({ kind: 'dry-run' });
    expect(published.checkRun).toEqual({ kind: 'off' });
  });
});
