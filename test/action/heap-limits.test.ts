/**
 * The action sets its heap flags once Node has started (it can pass none on the command line):
 * they only help while this Node reads them at each collection. Each case runs a Node process of
 * its own, so the test runner's heap is left as it is.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HEAP_FLAGS } from '../../src/action/heap-limits';

/**
 * Sets `flags` after start, then allocates `batches` batches of about 160 kB, of which the last
 * `kept` stay reachable for a while (as requests in flight do): the largest sizes, in MB, that the
 * young generation and the old space reached.
 */
function largestSpaces(flags: readonly string[], batches: number, keptBatches = 40): { young: number; old: number } {
  const script = `
    const v8 = require('node:v8');
    for (const flag of ${JSON.stringify(flags)}) v8.setFlagsFromString(flag);
    const size = (name) => v8.getHeapSpaceStatistics().find((s) => s.space_name === name).space_size / 1048576;
    let young = 0, old = 0;
    const kept = [];
    for (let i = 0; i < ${batches}; i++) {
      kept.push(Array.from({ length: 2500 }, (_, j) => ({ i, j })));
      if (kept.length > ${keptBatches}) kept.shift();
      young = Math.max(young, size('new_space'));
      old = Math.max(old, size('old_space'));
    }
    console.log(JSON.stringify({ young, old }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as { young: number; old: number };
}

describe('the heap flags the action sets at start', () => {
  it('keep the young generation at its starting size, where V8 alone doubles it up to 16 MB semi-spaces', () => {
    expect(largestSpaces([], 200).young).toBeGreaterThanOrEqual(16);
    expect(largestSpaces(HEAP_FLAGS, 200).young).toBeLessThanOrEqual(4);
  });

  it('let the old space grow less past its live data between major collections than V8 alone does', () => {
    const youngOnly = HEAP_FLAGS.filter((flag) => flag.startsWith('--semi-space-growth-factor'));
    expect(youngOnly).toHaveLength(1);
    // The young generation kept small in both: the objects in reach for a while are promoted.
    // About 32 MB stays live; the peaks vary from run to run with when collections happen, so
    // the live set is large enough for the two to lie far apart: measured on Node 20, V8 alone
    // reached 93-119 MB and the percent 42-52 MB (ratio 0.36-0.50, also beside two busy cores),
    // where 40 batches kept gave ratios up to 0.86 and failed a CI run.
    const grownByV8 = largestSpaces(youngOnly, 1000, 200).old;
    const grownByThePercent = largestSpaces(HEAP_FLAGS, 1000, 200).old;
    expect(grownByThePercent).toBeLessThan(grownByV8 * 0.7);
  });
});
