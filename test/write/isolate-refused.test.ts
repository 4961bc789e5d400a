import { describe, expect, it } from 'vitest';
import { isolateRefused } from '../../src/write/isolate-refused';
import type { PlannedComment } from '../../src/domain/writes';
import { planned, recordingLog } from '../github/helpers';

/** `count` comments on src/a.ts, lines 1 up. */
const comments = (count: number): PlannedComment[] => Array.from({ length: count }, (_, i) => planned('src/a.ts', i + 1, i + 1));
const lines = (batch: PlannedComment[]): number[] => batch.map((c) => c.line);
const budget = { limit: 25, spent: 0 };

/** GitHub as the prober sees it: it refuses a probe holding any of `badLines`. Records each probe's lines. */
function fakeProber(badLines: Iterable<number>) {
  const bad = new Set(badLines);
  const probed: number[][] = [];
  return {
    probed,
    probe: (batch: PlannedComment[]): Promise<boolean> => {
      probed.push(lines(batch));
      return Promise.resolve(!batch.some((c) => bad.has(c.line)));
    },
  };
}

describe('isolateRefused', () => {
  it('finds the one comment GitHub refuses among 20, wherever it is, within 8 probes', async () => {
    for (let bad = 1; bad <= 20; bad++) {
      const batch = comments(20);
      const prober = fakeProber([bad]);

      const result = await isolateRefused(batch, prober, budget);

      expect(lines(result.refused)).toEqual([bad]);
      expect(result.accepted).toEqual(batch.filter((c) => c.line !== bad));
      expect(result.probes).toBe(prober.probed.length);
      expect(result.probes).toBeLessThanOrEqual(8);
    }
  });

  it('never probes the whole batch again, and splits a half known bad without asking', async () => {
    const prober = fakeProber([20]);

    const result = await isolateRefused(comments(20), prober, budget);

    // 1–10 accepted, so 11–20 holds the bad one; likewise down to 19 accepted, 20 refused unasked.
    expect(prober.probed).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [11, 12, 13, 14, 15], [16, 17], [18], [19]]);
    expect(result).toMatchObject({ refused: [comments(20)[19]], probes: 5 });
  });

  it('probes the first half down to the bad comment when it is first', async () => {
    const prober = fakeProber([1]);

    const result = await isolateRefused(comments(20), prober, budget);

    expect(prober.probed).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [1, 2, 3, 4, 5],
      [1, 2],
      [1],
      [2],
      [3, 4, 5],
      [6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    ]);
    expect(lines(result.accepted)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
    expect(result.probes).toBe(8);
  });

  it('refuses every comment when GitHub refuses each alone', async () => {
    const batch = comments(3);
    const prober = fakeProber([1, 2, 3]);

    const result = await isolateRefused(batch, prober, budget);

    expect(prober.probed).toEqual([[1], [2, 3], [2], [3]]);
    expect(result).toEqual({ accepted: [], refused: batch, probes: 4 });
  });

  it('trusts the refusal of the whole batch: when every probe passes, the last comment is the one refused', async () => {
    const batch = comments(20);
    const prober = fakeProber([]);

    const result = await isolateRefused(batch, prober, budget);

    expect(result).toEqual({ accepted: batch.slice(0, 19), refused: [batch[19]], probes: 5 });
  });

  it('stops at its budget and leaves the comments not yet placed out, saying so', async () => {
    const batch = comments(20);
    const prober = fakeProber(lines(batch));
    const log = recordingLog();

    const result = await isolateRefused(batch, prober, budget, log);

    expect(prober.probed).toHaveLength(25);
    // The 25th probe refuses 13–15: 13, then 14–15, then the unprobed 16–20 are left out.
    expect(prober.probed.at(-1)).toEqual([13, 14, 15]);
    expect(result).toEqual({ accepted: [], refused: batch, probes: 25 });
    expect(log.lines).toEqual(
      [1, 2, 5].map((n) => ({ level: 'warning', message: `Gave up isolating ${n} comment(s) GitHub may refuse after 25 probes; left out` })),
    );
  });

  it('shares the budget with the earlier reviews of the run, and counts their probes in the log', async () => {
    const batch = comments(4);
    const prober = fakeProber([4]);
    const log = recordingLog();

    const result = await isolateRefused(batch, prober, { limit: 25, spent: 24 }, log);

    expect(prober.probed).toEqual([[1, 2]]);
    expect(result).toEqual({ accepted: batch.slice(0, 2), refused: batch.slice(2), probes: 1 });
    expect(log.lines).toEqual([
      { level: 'warning', message: 'Gave up isolating 1 comment(s) GitHub may refuse after 25 probes; left out' },
      { level: 'warning', message: 'Gave up isolating 1 comment(s) GitHub may refuse after 25 probes; left out' },
    ]);
  });

  it('makes no probe once the budget is spent, and refuses the batch', async () => {
    const batch = comments(20);
    const prober = fakeProber([]);

    const result = await isolateRefused(batch, prober, { limit: 25, spent: 25 });

    expect(prober.probed).toEqual([]);
    expect(result).toEqual({ accepted: [], refused: batch, probes: 0 });
  });

  it('ends with the error of a probe that failed', async () => {
    const failure = new Error('GitHub answered 500');
    const prober = { probe: (): Promise<boolean> => Promise.reject(failure) };

    await expect(isolateRefused(comments(2), prober, budget)).rejects.toBe(failure);
  });
});
