import { describe, expect, it } from 'vitest';
import { createTurns } from '../../src/review/turns';

const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('createTurns', () => {
  it('lets the first go at once and each next one after the one before passed', async () => {
    const turns = createTurns(new AbortController().signal);
    expect(await settled(turns.waitFor(0))).toBe(true);
    const second = turns.waitFor(1);
    const third = turns.waitFor(2);
    expect([await settled(second), await settled(third)]).toEqual([false, false]);
    turns.pass(0);
    expect([await settled(second), await settled(third)]).toEqual([true, false]);
    turns.pass(1);
    turns.pass(1);
    expect(await settled(third)).toBe(true);
  });

  it('lets everyone go once stopped, before or after the wait began', async () => {
    const stop = new AbortController();
    const turns = createTurns(stop.signal);
    const waiting = turns.waitFor(1);
    stop.abort();
    expect(await settled(waiting)).toBe(true);
    const stopped = new AbortController();
    stopped.abort();
    expect(await settled(createTurns(stopped.signal).waitFor(1))).toBe(true);
  });
});
