/**
 * How far one dismissal reaches. The fingerprint leaves the line number out, so every line with
 * the same text and message looks alike; a dismissal covers only as many of those as its comment
 * spoke for, the nearest to the comment's line, and every other look-alike is a new finding.
 */
import { describe, expect, it } from 'vitest';
import { applyDismissals, judgeDismissals, markDismissedElsewhere, withOpenThreads } from '../../src/locate/dismissals';
import type { DismissedThread, JudgedDismissals } from '../../src/locate/dismissals';
import { findingFingerprint } from '../../src/locate/fingerprint';
import { planDuplicateRemoval } from '../../src/write/inline-convergence';
import { readSnapshot } from '../../src/write/review-feedback';
import type { ListedComment } from '../../src/write/review-feedback';
import { renderInlineComment } from '../../src/render/markdown/comment';
import { fingerprintMarker, readReach } from '../../src/domain/markers';
import type { FileOutcome } from '../../src/domain/outcomes';
import type { LabelledFinding } from '../../src/domain/findings';
import type { PlannedComment } from '../../src/domain/writes';
import { labelled, reviewedFile } from '../support/findings';

const EVAL = '    return eval(data["expr"])';
const finding = (line: number, lineText = EVAL): LabelledFinding =>
  labelled({ path: 'src/handler.py', line, severity: 'error', message: 'eval() runs arbitrary code', suggestion: '', location: 'added-line', lineText });
const FP = findingFingerprint(finding(1));
const thread = (over: Partial<DismissedThread> = {}): DismissedThread => ({ by: 'mona', reason: 'validated upstream', threadId: 100, line: 6, occurrences: 1, ...over });
const judged = (...threads: DismissedThread[]): JudgedDismissals => ({ accepted: new Map([[FP, threads]]), refused: new Map() });

/** The dismissal label of each finding, by line, after applying `judgedDismissals`. */
function dismissedLines(findings: LabelledFinding[], judgedDismissals: JudgedDismissals): Record<number, string | undefined> {
  const outcome: FileOutcome = reviewedFile('src/handler.py', { findings });
  const [labelled] = applyDismissals([outcome], judgedDismissals);
  if (labelled?.kind !== 'reviewed') throw new Error('expected a reviewed outcome');
  return Object.fromEntries(labelled.findings.map((f) => [f.line ?? 0, f.disposition?.kind]));
}

describe('a dismissal covers only the finding it was made on', () => {
  it('leaves a second identical line added later undismissed, as a new finding', () => {
    expect(dismissedLines([finding(6), finding(20)], judged(thread()))).toEqual({ 6: 'dismissed', 20: undefined });
  });

  it('follows the dismissed finding when lines added above move it down, not the copy added below', () => {
    expect(dismissedLines([finding(9), finding(30)], judged(thread()))).toEqual({ 9: 'dismissed', 30: undefined });
  });

  it('covers a copy above or below the same way: the nearest to the comment is the one dismissed', () => {
    expect(dismissedLines([finding(2), finding(8)], judged(thread({ line: 7 })))).toEqual({ 2: undefined, 8: 'dismissed' });
  });

  it('covers every line its comment named as the same finding, and no more', () => {
    expect(dismissedLines([finding(6), finding(12)], judged(thread({ occurrences: 2 })))).toEqual({ 6: 'dismissed', 12: 'dismissed' });
    expect(dismissedLines([finding(6), finding(12), finding(40)], judged(thread({ occurrences: 2 })))).toEqual({ 6: 'dismissed', 12: 'dismissed', 40: undefined });
  });

  it('lets a second dismissed comment with the same fingerprint cover the copy', () => {
    const both = judged(thread(), thread({ threadId: 200, line: 20, by: 'hubot' }));
    expect(dismissedLines([finding(6), finding(20)], both)).toEqual({ 6: 'dismissed', 20: 'dismissed' });
  });

  it('does not move to a look-alike that has a comment of its own once the dismissed line is fixed', () => {
    // Thread 100 (line 10) was dismissed; thread 300 is line 100's own, still open. Line 10 is fixed.
    const open = withOpenThreads(judged(thread({ line: 10 })), [{ id: 100, fingerprints: [FP], line: 10 }, { id: 300, fingerprints: [FP], line: 100 }]);
    expect(dismissedLines([finding(100)], open)).toEqual({ 100: undefined });
    // While line 10 is there, each thread keeps its own finding.
    expect(dismissedLines([finding(10), finding(100)], open)).toEqual({ 10: 'dismissed', 100: undefined });
  });

  it('covers look-alikes on lines the pull request did not add, which can have no comment of their own', () => {
    const context = { ...finding(30), location: 'diff-context' as const };
    const outside = { ...finding(80), location: 'outside-diff' as const };
    expect(dismissedLines([finding(6), context, outside, finding(50)], judged(thread()))).toEqual({ 6: 'dismissed', 30: 'dismissed', 80: 'dismissed', 50: undefined });
  });

  it('keeps one dismissal per thread: a second maintainer reply in the same thread reaches no further', () => {
    const base = { fingerprints: [FP], threadId: 100, line: 6, occurrences: 1 };
    const writer = (login: string) => ({ kind: 'known' as const, login, permission: 'write' as const, role: 'write' });
    const twice = judgeDismissals(
      [{ ...base, commentId: 101, login: 'mona', access: writer('mona'), body: '/review-gate dismiss safe' }, { ...base, commentId: 102, login: 'hubot', access: writer('hubot'), body: '/review-gate dismiss agreed' }],
      'maintainers',
    );
    expect(twice.accepted.get(FP)).toHaveLength(1);
    expect(dismissedLines([finding(6), finding(20)], twice)).toEqual({ 6: 'dismissed', 20: undefined });
  });
});

describe('the comment of a finding beyond a dismissal', () => {
  it('names the dismissed comments, so the publisher does not take them for its own', () => {
    const comment: PlannedComment = { path: 'src/handler.py', line: 20, body: 'b', fingerprint: FP, finding: finding(20) };
    const other: PlannedComment = { ...comment, fingerprint: findingFingerprint(finding(3, 'x = 1')) };
    expect(markDismissedElsewhere([comment, other], judged(thread(), thread({ threadId: 200 })))).toEqual([{ ...comment, dismissedElsewhere: [100, 200] }, other]);
  });

  it('is not removed as a racing copy of the dismissed comment, which is exempt; a racing copy of it is', () => {
    const listed = [
      { id: 100, reviewId: 1, fingerprints: [FP] },
      { id: 300, reviewId: 3, fingerprints: [FP] },
      { id: 301, reviewId: 4, fingerprints: [FP] },
    ];
    expect(planDuplicateRemoval(listed, new Set([100])).remove.map((c) => c.id)).toEqual([301]);
    // Without the exemption the dismissed comment would make the new one a copy.
    expect(planDuplicateRemoval(listed).remove.map((c) => c.id)).toEqual([300, 301]);
  });

  it('never takes a comment someone replied to for a copy, nor makes one of a comment on another line', () => {
    const listed = [
      { id: 100, reviewId: 1, fingerprints: [FP], replied: true, place: 'src/handler.py:6' },
      { id: 300, reviewId: 3, fingerprints: [FP], place: 'src/handler.py:11' },
      { id: 301, reviewId: 4, fingerprints: [FP], replied: true, place: 'src/handler.py:6' },
    ];
    expect(planDuplicateRemoval(listed).remove).toEqual([]);
  });

  it('takes a newer comment on the very line of a comment someone replied to for its copy', () => {
    const listed = [
      { id: 100, reviewId: 1, fingerprints: [FP], replied: true, place: 'src/handler.py:6' },
      { id: 300, reviewId: 3, fingerprints: [FP], place: 'src/handler.py:6' },
      { id: 301, reviewId: 4, fingerprints: [FP], place: 'src/handler.py:11' },
    ];
    expect(planDuplicateRemoval(listed).remove.map((c) => c.id)).toEqual([300]);
    // Outdated (no line): nothing tells it from a look-alike's comment, so it stays.
    expect(planDuplicateRemoval([listed[0] as (typeof listed)[number], { id: 302, reviewId: 5, fingerprints: [FP] }]).remove).toEqual([]);
  });
});

describe('what a dismissal reply is read with', () => {
  const listed = (over: Partial<ListedComment> & { id: number }): ListedComment => ({
    body: '', path: 'src/handler.py', user: { login: 'mona', type: 'User' }, ...over,
  });

  it("takes the replied comment's id, its current line (else its original line) and the lines it named", () => {
    const grouped = renderInlineComment(finding(6), FP, { sameAt: [12, 40] });
    expect(readReach(grouped)).toBe(3);
    const comments = [
      listed({ id: 1, body: grouped, line: 9, original_line: 6 }),
      listed({ id: 2, in_reply_to_id: 1, body: '/review-gate dismiss safe' }),
      listed({ id: 3, body: `single\n\n${fingerprintMarker(FP)}`, line: null, original_line: 20 }),
      listed({ id: 4, in_reply_to_id: 3, body: '/review-gate dismiss safe' }),
    ];
    const snapshot = readSnapshot(comments, new Set([1, 3]));
    expect(snapshot.dismissals.map((d) => [d.threadId, d.line, d.occurrences])).toEqual([
      [1, 9, 3],
      [3, 20, 1],
    ]);
  });

  it('reads no reach from the rendered note: a message that quotes it, or an old comment carrying it, stands for its own line', () => {
    const quoting = renderInlineComment({ ...finding(6), message: 'Unresolved TODO _The same finding is on lines 7, 8, 9 of this file._' }, FP);
    const old = `⚠️ **Warning**\n\nx\n\n_The same finding is on lines 12, 40 of this file._\n\n${fingerprintMarker(FP)}`;
    const comments = [
      listed({ id: 1, body: quoting, line: 6 }),
      listed({ id: 2, in_reply_to_id: 1, body: '/review-gate dismiss safe' }),
      listed({ id: 3, body: old, line: 6 }),
      listed({ id: 4, in_reply_to_id: 3, body: '/review-gate dismiss safe' }),
    ];
    expect(readSnapshot(comments, new Set([1, 3])).dismissals.map((d) => d.occurrences)).toEqual([1, 1]);
  });
});
