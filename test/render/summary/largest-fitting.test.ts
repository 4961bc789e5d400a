/**
 * The search that fits a summary to its limit: the largest count whose length is within the
 * limit, exactly what a scan finds, for lengths that grow evenly or not, rendering each count at
 * most once and few of them.
 */
import { describe, expect, it } from 'vitest';
import { largestFitting } from '../../../src/render/summary/largest-fitting';

/** Lengths that grow with n: a fixed part, then items of uneven lengths. */
function lengths(count: number, seed: number): number[] {
  const out: number[] = [];
  let total = 500;
  for (let n = 0; n <= count; n++) {
    total += 5 + ((n * 7919 + seed * 104_729) % 397) * (n % 11 === 0 ? 20 : 1);
    out.push(total);
  }
  return out;
}

describe('largestFitting', () => {
  it('finds what a scan finds, for every limit, and renders each count at most once', () => {
    for (const count of [1, 2, 3, 7, 16, 100, 2_000]) {
      for (const seed of [0, 1, 2]) {
        const length = lengths(count, seed);
        const limits = [0, length[0]! - 1, length[0]!, length[Math.floor(count / 3)]!, length[count - 1]!, length[count]! - 1, ...[0.1, 0.37, 0.5, 0.93].map((f) => Math.floor(length[count]! * f))];
        for (const limit of limits) {
          const tried: number[] = [];
          const found = largestFitting(count, length[count]!, limit, (n) => (tried.push(n), { length: length[n]!, value: `text ${n}` }));
          let expected = -1;
          for (let n = 0; n < count; n++) if (length[n]! <= limit) expected = n;
          expect(found, `count ${count}, seed ${seed}, limit ${limit}`).toEqual({ n: expected, value: expected < 0 ? undefined : `text ${expected}` });
          expect(new Set(tried).size, `tried ${tried.join(',')}`).toBe(tried.length);
          expect(tried.every((n) => Number.isInteger(n) && n >= 0 && n < count)).toBe(true);
          expect(tried.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(count + 1)) + 1);
        }
      }
    }
  });

  it('renders a handful of counts when lengths grow about evenly, none far past the answer', () => {
    const tried: number[] = [];
    const length = (n: number) => 2_000 + 210 * n + (n % 7) * 3;
    const found = largestFitting(30_000, length(30_000), 65_536, (n) => (tried.push(n), { length: length(n), value: n }));
    expect(found.n).toBe(302);
    expect(tried.length).toBeLessThanOrEqual(5);
    expect(Math.max(...tried)).toBeLessThan(400);
  });
});
