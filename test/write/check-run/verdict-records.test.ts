import { describe, expect, it } from 'vitest';
import { commitCheckContent } from '../../../src/write/check-run/commit-check-content';
import { latestVerdicts } from '../../../src/write/check-run/verdict-fold';
import { readVerdictRecord, verdictRecord } from '../../../src/write/check-run/verdict-records';
import type { PullVerdict } from '../../../src/write/check-run/verdict-records';
import type { CheckRunContent } from '../../../src/write/check-run/upsert';

const HEAD = 'abcdef0123456789abcdef0123456789abcdef01';
const v = (pr: number, conclusion: PullVerdict['conclusion'], at = 1000, title = conclusion === 'success' ? 'Passed' : 'Failed: 1 error finding on added lines (fail-on-severity: error)'): PullVerdict => ({
  pr, conclusion, title, at, reviewed: true, base: 'main', read: at, pending: false,
});
const run = (id: number, verdict: PullVerdict | string | null, appId: number | undefined = 15368) => ({
  id, appId, summary: verdict === null || typeof verdict === 'string' ? verdict : `## summary\n\n${verdictRecord(verdict)}\n`,
});
const own = (extra: Partial<CheckRunContent> = {}): CheckRunContent => ({
  name: 'review-gate', headSha: HEAD, conclusion: 'success', title: 'Passed', summary: '## ✅ Passed\n\n1 file reviewed.', annotations: [], ...extra,
});

describe('the verdict record', () => {
  it('reads back what it wrote, on the last line of a summary', () => {
    const verdict = v(7, 'failure', 1_700_000_000_123);
    expect(readVerdictRecord(`## ❌ Failed\n\ntext\n\n${verdictRecord(verdict)}\n`)).toEqual(verdict);
  });

  // Fixed vectors: the record is read by other versions of review-gate at the same commit.
  it('is written as these exact lines: v 1, fields in this order, base only when known, pending only when true', () => {
    const decided: PullVerdict = { ...v(7, 'failure', 1_700_000_000_123), base: 'release/1.x', read: 1_700_000_000_001 };
    expect(verdictRecord(decided)).toBe(
      '<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"failure","title":"Failed: 1 error finding on added lines (fail\\u002don\\u002dseverity: error)",' +
        '"at":1700000000123,"reviewed":true,"base":"release/1.x","read":1700000000001} -->',
    );
    const skipped: PullVerdict = { pr: 8, conclusion: 'neutral', title: 'Skipped: draft', at: 5, reviewed: false, base: undefined, read: 4, pending: false };
    expect(verdictRecord(skipped)).toBe('<!-- review-gate:verdict {"v":1,"pr":8,"conclusion":"neutral","title":"Skipped: draft","at":5,"reviewed":false,"read":4} -->');
    const started: PullVerdict = { pr: 9, conclusion: 'failure', title: 'Review in progress since 2023-11-14T22:13:20.000Z', at: 7, reviewed: true, base: 'main', read: 6, pending: true };
    expect(verdictRecord(started)).toBe(
      '<!-- review-gate:verdict {"v":1,"pr":9,"conclusion":"failure","title":"Review in progress since 2023\\u002d11\\u002d14T22:13:20.000Z","at":7,"reviewed":true,"base":"main","read":6,"pending":true} -->',
    );
  });

  it('reads a record of an earlier version, without the later fields, the way that holds the gate closed', () => {
    const older = '<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"success","title":"Passed","at":1700000000123} -->';
    expect(readVerdictRecord(older)).toEqual({ pr: 7, conclusion: 'success', title: 'Passed', at: 1_700_000_000_123, reviewed: false, base: undefined, read: 1_700_000_000_123, pending: false });
  });

  it.each([
    ['reviewed that is not true', '"reviewed":"yes"', { reviewed: false }],
    ['an empty base', '"base":""', { base: undefined }],
    ['a base that is not text', '"base":7', { base: undefined }],
    ['a read that is not a number', '"read":"soon"', { read: 1 }],
    ['pending that is not false', '"pending":"no"', { pending: true }],
  ])('reads %s the way that holds the gate closed', (_, field, read) => {
    const record = `<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"success","title":"Passed","at":1,"reviewed":true,"base":"main","read":1,${field}} -->`;
    expect(readVerdictRecord(record)).toMatchObject(read);
  });

  it('keeps a title from ending the comment or opening another', () => {
    const record = verdictRecord(v(7, 'failure', 1, 'Failed: src/--><!-- review-gate:verdict {} -->.py & <b>'));
    expect(record.slice('<!-- review-gate:verdict '.length, -' -->'.length)).not.toMatch(/[<>&-]/);
    expect(readVerdictRecord(record)?.title).toBe('Failed: src/--><!-- review-gate:verdict {} -->.py & <b>');
  });

  it.each([
    ['no record', '## ✅ Passed'],
    ['a record that is not last', `${verdictRecord(v(7, 'failure'))}\n\nmore text`],
    ['another version', '<!-- review-gate:verdict {"v":2,"pr":7,"conclusion":"failure","title":"x","at":1} -->'],
    ['a pull request that is not a number', '<!-- review-gate:verdict {"v":1,"pr":"7","conclusion":"failure","title":"x","at":1} -->'],
    ['pull request 0', '<!-- review-gate:verdict {"v":1,"pr":0,"conclusion":"failure","title":"x","at":1} -->'],
    ['an unknown conclusion', '<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"cancelled","title":"x","at":1} -->'],
    ['no time', '<!-- review-gate:verdict {"v":1,"pr":7,"conclusion":"failure","title":"x"} -->'],
    ['broken JSON', '<!-- review-gate:verdict {"v":1,"pr":7, -->'],
    ['a null summary', null],
  ])('finds none in a summary with %s', (_, summary) => {
    expect(readVerdictRecord(summary)).toBeUndefined();
  });
});

describe('latestVerdicts', () => {
  it('keeps the newest verdict of each pull request, whichever check run carries it', () => {
    const latest = latestVerdicts([run(1, v(7, 'failure', 100)), run(2, v(8, 'success', 150)), run(3, v(7, 'success', 200)), run(4, 'no record'), run(5, null)]);
    expect([...latest.values()].sort((a, b) => a.pr - b.pr)).toEqual([v(7, 'success', 200), v(8, 'success', 150)]);
  });

  it('takes the stricter of two verdicts decided at the same moment', () => {
    expect(latestVerdicts([run(1, v(7, 'failure', 100)), run(2, v(7, 'success', 100))]).get(7)?.conclusion).toBe('failure');
  });

  it('across apps, takes the strictest: another app’s newer record cannot loosen a verdict', () => {
    const latest = latestVerdicts([run(1, v(7, 'failure', 100), 15368), run(2, v(7, 'success', 9_999_999), 99)]);
    expect(latest.get(7)?.conclusion).toBe('failure');
  });
});

/** This run's verdict standing for its pull request, as when no earlier one holds. */
const merge = (content: CheckRunContent, verdict: PullVerdict, others: PullVerdict[]) => commitCheckContent(content, verdict, verdict, others);

describe('commitCheckContent', () => {
  it('is the run’s own content, with its record, when no other pull request is at the commit', () => {
    const content = merge(own(), v(8, 'success', 5), []);
    expect(content).toMatchObject({ conclusion: 'success', title: 'Passed' });
    expect(content.summary).toBe(`## ✅ Passed\n\n1 file reviewed.\n\n${verdictRecord(v(8, 'success', 5))}\n`);
  });

  it('concludes with the stricter verdict, names the pull request that holds it, and keeps its own verdict in the record', () => {
    const content = merge(own(), v(8, 'success', 5), [v(7, 'failure', 3)]);
    expect(content.conclusion).toBe('failure');
    expect(content.title).toBe('Failed: #7 fails at this commit: 1 error finding on added lines (fail-on-severity: error)');
    expect(content.summary).toMatch(/^## ❌ Failed: #7 fails at this commit\n\nCommit `abcdef012345` is the head of more than one open pull request/);
    expect(content.summary).toContain('| #7 | ❌ Failed: 1 error finding on added lines (fail-on-severity: error) |\n| #8 (this run) | ✅ Passed |');
    expect(content.summary).toContain('The review of #8 follows.\n\n---\n\n## ✅ Passed\n\n1 file reviewed.');
    expect(readVerdictRecord(content.summary)).toEqual(v(8, 'success', 5));
  });

  it('names every pull request that holds the conclusion, this run’s own included, and is neutral only when none fails', () => {
    const failing = merge(own({ conclusion: 'neutral', title: 'Neutral: x' }), v(8, 'neutral', 1000, 'Neutral: x'), [v(7, 'failure'), v(9, 'failure'), v(3, 'success')]);
    expect(failing.title).toMatch(/^Failed: #7 and #9 fail at this commit: 1 error finding/);
    expect(failing.summary).toMatch(/\| #3 \| ✅ Passed \|\n\| #7 \| ❌ [^\n]*\|\n\| #8 \(this run\) \| ⚪ Neutral: x \|\n\| #9 \| ❌ /);
    const neutral = merge(own(), v(8, 'success'), [v(7, 'neutral', 1, 'Neutral: 1 file could not be reviewed')]);
    expect(neutral).toMatchObject({ conclusion: 'neutral', title: 'Neutral: #7 is neutral at this commit: 1 file could not be reviewed' });
    const ownFailure = merge(own({ conclusion: 'failure', title: 'Failed: 2 errors' }), v(7, 'failure', 1, 'Failed: 2 errors'), [v(8, 'success')]);
    expect(ownFailure).toMatchObject({ conclusion: 'failure', title: 'Failed: #7 fails at this commit: 2 errors' });
    const allPass = merge(own(), v(8, 'success'), [v(7, 'success')]);
    expect(allPass).toMatchObject({ conclusion: 'success', title: 'Passed: #7 and #8 pass at this commit' });
  });
});
