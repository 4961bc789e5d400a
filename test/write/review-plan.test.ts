import { describe, expect, it } from 'vitest';
import { MAX_COMMENTS_PER_REVIEW, planReview } from '../../src/write/review-plan';
import { planned } from '../github/helpers';

/** `count` comments on src/a.ts, lines and fingerprints 1 up. */
const comments = (count: number) => Array.from({ length: count }, (_, i) => planned('src/a.ts', i + 1, i + 1));
const sizes = (batches: unknown[][]): number[] => batches.map((b) => b.length);

describe('planReview', () => {
  it('sends every comment in one review when none is on the pull request yet', () => {
    const all = comments(3);

    expect(planReview(all, [])).toEqual({ batches: [all], alreadyPresent: [] });
  });

  it('leaves out the comments whose fingerprint is on the pull request, keeping the order of the rest', () => {
    const all = comments(4);

    const plan = planReview(all, [all[1]!.fingerprint, all[3]!.fingerprint]);

    expect(plan).toEqual({ batches: [[all[0], all[2]]], alreadyPresent: [all[1], all[3]] });
  });

  it('judges presence by fingerprint alone, so a finding that moved to another line is not posted again', () => {
    const moved = { ...planned('src/a.ts', 9, 1) };

    expect(planReview([moved], [planned('src/a.ts', 3, 1).fingerprint])).toEqual({ batches: [], alreadyPresent: [moved] });
  });

  it('counts a fingerprint twice in one batch as a duplicate: the first is sent, the second is already present', () => {
    const first = planned('src/a.ts', 3, 1);
    const again = { ...planned('src/b.ts', 11, 1), body: 'same finding, other place' };

    expect(planReview([first, planned('src/a.ts', 4, 2), again], [])).toEqual({
      batches: [[first, planned('src/a.ts', 4, 2)]],
      alreadyPresent: [again],
    });
  });

  it('plans no review when every comment is already there', () => {
    const all = comments(2);

    expect(planReview(all, all.map((c) => c.fingerprint))).toEqual({ batches: [], alreadyPresent: all });
    expect(planReview([], [])).toEqual({ batches: [], alreadyPresent: [] });
  });

  it('splits the comments into reviews of at most 30, in order', () => {
    expect(MAX_COMMENTS_PER_REVIEW).toBe(30);
    expect(sizes(planReview(comments(30), []).batches)).toEqual([30]);
    expect(sizes(planReview(comments(45), []).batches)).toEqual([30, 15]);
    expect(sizes(planReview(comments(61), []).batches)).toEqual([30, 30, 1]);
    expect(planReview(comments(61), []).batches.flat()).toEqual(comments(61));
  });

  it('caps by the comments it sends, not those it leaves out', () => {
    const all = comments(35);

    const plan = planReview(all, all.slice(0, 5).map((c) => c.fingerprint));

    expect(sizes(plan.batches)).toEqual([30]);
    expect(plan.alreadyPresent).toEqual(all.slice(0, 5));
  });

  it('takes another cap', () => {
    expect(sizes(planReview(comments(5), [], 2).batches)).toEqual([2, 2, 1]);
  });

  it('changes neither the comments nor the fingerprints it was given', () => {
    const all = comments(3);
    const present = new Set([all[0]!.fingerprint]);

    planReview([...all, all[1]!], present);

    expect(present).toEqual(new Set([all[0]!.fingerprint]));
    expect(all).toEqual(comments(3));
  });

  it('refuses a cap that is not a positive integer, naming it', () => {
    for (const cap of [0, -1, 1.5, Number.NaN]) {
      expect(() => planReview(comments(1), [], cap)).toThrow(new TypeError(`Expected \`maxCommentsPerReview\` to be an integer from 1 up, got ${cap}`));
    }
  });
});
