/**
 * Listing, reading and reviewing overlap: a source that hands its list over a page at a time gets
 * its first page reviewed while later pages are read, each file sent only once its page is tied to
 * the head; a list that fails stops the review and the run, with nothing posted.
 */
import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/config/settings';
import { runPipeline } from '../../src/run/pipeline';
import type { PipelineDeps } from '../../src/run/pipeline';
import type { ChangedFile, ListingWatch, PullRequestRef } from '../../src/domain/pull-request';
import type { ReviewPublisher } from '../../src/domain/writes';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { reviewResult } from '../support/review-result';

const pr: PullRequestRef = { owner: 'acme', repo: 'shop', number: 7, headSha: 'abc123' };
const settings = readSettings((name) => ({ 'api-key': 'svc_live_x', 'api-url': 'http://127.0.0.1:1' })[name] ?? '');

const file = (path: string, extra: Partial<ChangedFile> = {}): ChangedFile => ({ path, status: 'added', blobSha: `sha-${path}`, additions: 1, deletions: 0, patch: '@@ -0,0 +1 @@\n+x = 1', ...extra });

function deferred(): { promise: Promise<void>; resolve(): void; reject(error: Error): void } {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A source that lists two pages: the first tied when `firstTied` resolves, the rest when `listEnds` does. */
function pagedSource(first: ChangedFile[], second: ChangedFile[]) {
  const firstTied = deferred();
  const listEnds = deferred();
  const events: string[] = [];
  const source: PipelineDeps['source'] = {
    async listChangedFiles(_pr, watch: ListingWatch = {}) {
      watch.onPage?.(first, firstTied.promise);
      events.push('page 1');
      await Promise.resolve();
      const allTied = listEnds.promise.then(() => undefined);
      watch.onPage?.(second, allTied);
      events.push('page 2');
      await listEnds.promise;
      events.push('list tied');
      return { files: [...first, ...second], truncated: false };
    },
    readFile: (_pr, f) => {
      events.push(`read ${f.path}`);
      return Promise.resolve(Buffer.from(`${f.path} = 1\n`));
    },
  };
  return { source, firstTied, listEnds, events };
}

function depsOf(source: PipelineDeps['source'], events: string[], publisher?: Pick<ReviewPublisher, 'postReview'>): PipelineDeps {
  return {
    source,
    reviewOnce: (request) => {
      events.push(`review ${request.code.split(' ')[0] ?? ''}`);
      return Promise.resolve(reviewResult({ issues: [] }));
    },
    publisher,
    clock: frozenClock,
    log: { info: () => undefined, warning: () => undefined, group: (_name, run) => run() },
    retryPolicy: DEFAULT_RETRY_POLICY,
  };
}

/** Turns of the event loop until `done()` holds, then a few more for anything out of order to show: no timer. */
async function runUntil(done: () => boolean): Promise<void> {
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  for (let turns = 0; !done(); turns++) {
    if (turns === 1_000) throw new Error(`runUntil: not reached after ${turns} turns of the event loop`);
    await turn();
  }
  for (let i = 0; i < 10; i++) await turn();
}

/**
 * A clock that stands still: these tests wait on promises, not time, and a virtual clock would
 * run on to the run's deadline while they do. A sleep ends only when it is aborted.
 */
const frozenClock: PipelineDeps['clock'] = {
  now: () => 0,
  random: () => 0.5,
  sleep: (_ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted === true) resolve();
      else signal?.addEventListener('abort', () => resolve(), { once: true });
    }),
};

describe('listing, reading and reviewing overlap', () => {
  it('reads the first page at once, reviews it once it is tied to the head, before the list ends', async () => {
    const { source, firstTied, listEnds, events } = pagedSource([file('a.py'), file('b.py')], [file('c.py')]);
    const running = runPipeline(settings, pr, depsOf(source, events));

    // Read ahead, but nothing sent before the page is the head's.
    await runUntil(() => events.includes('read a.py'));
    expect(events.filter((e) => e.startsWith('review'))).toEqual([]);
    firstTied.resolve();
    await runUntil(() => events.filter((e) => e.startsWith('review')).length >= 2);
    expect(events.filter((e) => e.startsWith('review')).sort()).toEqual(['review a.py', 'review b.py']);
    expect(events).not.toContain('list tied');
    expect(events).not.toContain('review c.py');
    listEnds.resolve();
    const report = await running;

    expect(events.indexOf('review c.py')).toBeGreaterThan(events.indexOf('list tied'));
    expect(report.outcomes.map((o) => [o.path, o.kind])).toEqual([['a.py', 'reviewed'], ['b.py', 'reviewed'], ['c.py', 'reviewed']]);
  });

  it('keeps the list\'s order in the outcomes when a later file is held for the whole list (a rename without a patch)', async () => {
    const renamed = file('r.py', { status: 'renamed', previousPath: 'old.py', additions: 0, deletions: 0 });
    delete renamed.patch;
    const { source, firstTied, listEnds, events } = pagedSource([renamed, file('a.py')], [file('b.py')]);
    const running = runPipeline(settings, pr, depsOf(source, events));
    firstTied.resolve();
    await runUntil(() => events.includes('review a.py'));
    expect(events).not.toContain('read r.py');
    listEnds.resolve();

    const report = await running;

    expect(report.outcomes.map((o) => o.path)).toEqual(['r.py', 'a.py', 'b.py']);
  });

  it('stops the review and the run, posting nothing, when the list fails after the first page went out', async () => {
    const { source, firstTied, listEnds, events } = pagedSource([file('a.py')], [file('b.py')]);
    let posted = false;
    const publisher = { postReview: () => ((posted = true), Promise.reject(new Error('must not post'))) };
    const running = runPipeline(settings, pr, depsOf(source, events, publisher));
    firstTied.resolve();
    await runUntil(() => events.includes('review a.py'));
    listEnds.reject(new Error("Not reviewed: the pull request's head moved"));

    await expect(running).rejects.toThrow("Not reviewed: the pull request's head moved");
    expect(events).not.toContain('review b.py');
    expect(posted).toBe(false);
  });
});
