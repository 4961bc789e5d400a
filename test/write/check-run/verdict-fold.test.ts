import { describe, expect, it } from 'vitest';
import { commitCheckContent } from '../../../src/write/check-run/commit-check-content';
import { latestVerdicts, standingVerdict } from '../../../src/write/check-run/verdict-fold';
import { readVerdictRecord, verdictRecord } from '../../../src/write/check-run/verdict-records';
import type { PullVerdict } from '../../../src/write/check-run/verdict-records';
import type { CheckRunContent } from '../../../src/write/check-run/upsert';

const FAILED = 'Failed: 1 error finding on added lines (fail-on-severity: error)';
/** A verdict of #7 decided at `at`, its run having read GitHub at `read` (default: just before). */
const v = (conclusion: PullVerdict['conclusion'], at: number, extra: Partial<PullVerdict> = {}): PullVerdict => ({
  pr: 7, conclusion, title: conclusion === 'failure' ? FAILED : conclusion === 'neutral' ? 'Skipped: draft pull request (skip-drafts: true)' : 'Passed',
  at, reviewed: true, base: 'main', read: at - 1, pending: false, ...extra,
});
const skip = (at: number, read = at - 1) => v('neutral', at, { reviewed: false, read });
const start = (at: number, read = at - 1) => v('failure', at, { pending: true, read, title: 'Review in progress since …' });

describe('the verdict that stands for a pull request', () => {
  it('is the newest when nothing failed before it', () => {
    expect(standingVerdict([v('success', 10), skip(20)])).toMatchObject({ conclusion: 'neutral', at: 20 });
    expect(standingVerdict([skip(10), v('success', 20)])).toMatchObject({ conclusion: 'success', at: 20 });
  });

  it('is a failure over a later neutral of a run that reviewed nothing, whenever that run read GitHub', () => {
    expect(standingVerdict([v('failure', 10), skip(20, 15)])).toMatchObject({ conclusion: 'failure', at: 10 });
    expect(standingVerdict([v('failure', 10), skip(20, 5)])).toMatchObject({ conclusion: 'failure', at: 10 });
  });

  it('is a failure over a later success whose run read GitHub before the failing run did, and the success once it read at least as recently', () => {
    expect(standingVerdict([v('failure', 10, { read: 8 }), v('success', 20, { read: 7 })])).toMatchObject({ conclusion: 'failure' });
    expect(standingVerdict([v('failure', 10, { read: 8 }), v('success', 20, { read: 8 })])).toMatchObject({ conclusion: 'success' });
    expect(standingVerdict([v('failure', 10, { read: 8 }), v('success', 20, { read: 9 })])).toMatchObject({ conclusion: 'success' });
  });

  it('is a failure that a success replaced no longer, even under a later skip', () => {
    expect(standingVerdict([v('failure', 10), v('success', 20), skip(30)])).toMatchObject({ conclusion: 'neutral', at: 30 });
  });

  it('is a later failure whatever came before: a failure always takes over', () => {
    expect(standingVerdict([v('success', 10, { read: 50 }), v('failure', 20, { read: 1 })])).toMatchObject({ conclusion: 'failure', at: 20 });
  });

  it('is the stricter of two decided at the same moment', () => {
    expect(standingVerdict([v('failure', 10), v('success', 10)])).toMatchObject({ conclusion: 'failure' });
  });

  it('is a run in progress, not a passing verdict, until a run that read GitHub at least as recently decides', () => {
    expect(standingVerdict([v('success', 10), start(20, 15)])).toMatchObject({ pending: true, at: 20 });
    // The started run's own verdict (same read) ends it.
    expect(standingVerdict([v('success', 10), start(20, 15), v('success', 30, { read: 15 })])).toMatchObject({ pending: false, at: 30 });
    // A run that read earlier decides meanwhile: the one in progress still holds.
    expect(standingVerdict([start(20, 15), v('success', 30, { read: 12 })])).toMatchObject({ pending: true });
    // A failure is known: it stands over a run in progress.
    expect(standingVerdict([v('failure', 10), start(20, 15)])).toMatchObject({ conclusion: 'failure', pending: false });
  });

  it('keeps a failure a run started before it decided, though that run started later, when the run read GitHub first', () => {
    // B read at 5 and started at 30, after A (read 8) failed at 20; B then passes at 40.
    expect(standingVerdict([v('failure', 20, { read: 8 }), start(30, 5), v('success', 40, { read: 5 })])).toMatchObject({ conclusion: 'failure', at: 20 });
  });
});

describe('latestVerdicts with this run’s own verdict', () => {
  const run = (id: number, verdict: PullVerdict, appId = 15368) => ({ id, appId, summary: `## s\n\n${verdictRecord(verdict)}\n` });

  it('takes this run’s verdict as the newest of its pull request, and keeps the earlier failure it does not replace', () => {
    const own = skip(50);
    expect(latestVerdicts([run(1, v('failure', 10))], own).get(7)).toMatchObject({ conclusion: 'failure', at: 10 });
    expect(latestVerdicts([run(1, v('failure', 10))], v('success', 50)).get(7)).toMatchObject({ conclusion: 'success', at: 50 });
    expect(latestVerdicts([], own).get(7)).toBe(own);
  });

  it('folds it into each app’s records and takes the strictest: another app’s newer success loosens nothing', () => {
    const own = v('success', 50);
    expect(latestVerdicts([run(1, v('failure', 10, { read: 60 }), 99)], own).get(7)?.conclusion).toBe('failure');
    expect(latestVerdicts([run(1, v('failure', 10)), run(2, v('success', 60, { read: 99 }), 99)], skip(50)).get(7)?.conclusion).toBe('failure');
  });
});

describe('commitCheckContent when an earlier verdict of the pull request stands', () => {
  const own = (extra: Partial<CheckRunContent> = {}): CheckRunContent => ({
    name: 'review-gate', headSha: 'abcdef0123456789abcdef0123456789abcdef01', conclusion: 'neutral', title: 'Skipped: draft pull request (skip-drafts: true)',
    summary: 'Skipped: #7 is a draft.\n', annotations: [], ...extra,
  });

  it('concludes with it, titled with it, says why, and still records only this run’s own verdict', () => {
    const earlier = v('failure', 10);
    const mine = skip(50);
    const content = commitCheckContent(own(), mine, earlier, []);
    expect(content).toMatchObject({ conclusion: 'failure', title: FAILED });
    expect(content.summary).toMatch(/^## ❌ Failed: an earlier review of #7 stands at this commit\n\nA run that reviews nothing does not replace the verdict of one that reviewed #7 at this commit/);
    expect(content.summary).toContain('Skipped: #7 is a draft.');
    expect(readVerdictRecord(content.summary)).toEqual(mine);
  });

  it('says which read was older when a success does not replace a failure', () => {
    const content = commitCheckContent(own({ conclusion: 'success', title: 'Passed' }), v('success', 50, { read: 1_000 }), v('failure', 10, { read: 2_000 }), []);
    expect(content.summary).toContain('This run read the pull request from GitHub at 1970-01-01T00:00:01.000Z, before the run that decided');
  });

  it('names a pull request not judged yet after one that fails, in the title and the table', () => {
    const content = commitCheckContent(own({ conclusion: 'failure', title: FAILED }), v('failure', 50), v('failure', 50), [{ ...start(40), pr: 8 }]);
    expect(content.title).toBe('Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)');
    expect(content.summary).toContain('| #8 | ⏳ Review in progress since … |');
    const waiting = commitCheckContent(own({ conclusion: 'success', title: 'Passed' }), v('success', 50), v('success', 50), [{ ...start(40), pr: 8 }]);
    expect(waiting).toMatchObject({ conclusion: 'failure', title: 'Failed: #8 is not judged yet at this commit: Review in progress since …' });
  });
});
