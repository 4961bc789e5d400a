/**
 * The search that fits a summary to its limit: the largest count for which a monotone test holds,
 * exactly what a scan would find, from any guess, trying no count twice.
 */
import { describe, expect, it } from 'vitest';
import { largestFitting } from '../../../src/publish/summary/largest-fitting';

describe('largestFitting', () => {
  it('finds what a scan finds, for every answer, count and guess', () => {
    for (const count of [0, 1, 2, 3, 7, 16, 100, 1_000]) {
      for (const answer of [-1, 0, 1, Math.floor(count / 3), count - 2, count - 1].filter((a) => a >= -1 && a < count)) {
        for (const guess of [0, 1, answer, answer + 1, Math.floor(count / 2), count - 1, count * 3, -5, 2.7]) {
          const tried: number[] = [];
          const found = largestFitting(count, (n) => (tried.push(n), n <= answer), guess);
          expect(found, `count ${count}, answer ${answer}, guess ${guess}`).toBe(count === 0 ? -1 : answer);
          expect(new Set(tried).size, `count ${count}, answer ${answer}, guess ${guess}: tried ${tried.join(',')}`).toBe(tried.length);
          expect(tried.every((n) => Number.isInteger(n) && n >= 0 && n < count)).toBe(true);
        }
      }
    }
  });

  it('tries few counts far from a good guess: none ten times too large', () => {
    const tried: number[] = [];
    expect(largestFitting(30_000, (n) => (tried.push(n), n <= 310), 300)).toBe(310);
    expect(Math.max(...tried)).toBeLessThan(3_100);
    expect(tried.length).toBeLessThanOrEqual(12);
  });
});
