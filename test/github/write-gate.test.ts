import { describe, expect, it } from 'vitest';
import { createWriteGate } from '../../src/github/write-gate';
import { createVirtualClock } from '../support/virtual-clock';

function recordWrites(count: number, gate: ReturnType<typeof createWriteGate>, clock: { now(): number }) {
  const log: string[] = [];
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      gate.run(async () => {
        log.push(`START ${i} @${clock.now()}`);
        await Promise.resolve();
        log.push(`END ${i}`);
      }),
    ),
  ).then(() => log);
}

describe('createWriteGate', () => {
  it('lets a run of three writes go without any wait', async () => {
    const clock = createVirtualClock();
    await recordWrites(3, createWriteGate(clock), clock);
    expect(clock.sleeps).toEqual([]);
  });

  it('runs writes one at a time, in order', async () => {
    const clock = createVirtualClock();
    const log = await recordWrites(3, createWriteGate(clock), clock);
    expect(log).toEqual(['START 0 @0', 'END 0', 'START 1 @0', 'END 1', 'START 2 @0', 'END 2']);
  });

  it('paces writes past the burst at one a second', async () => {
    const clock = createVirtualClock();
    const log = await recordWrites(8, createWriteGate(clock), clock);
    expect(log.filter((l) => l.startsWith('START')).map((l) => Number(l.split('@')[1]))).toEqual([0, 0, 0, 0, 0, 1000, 2000, 3000]);
  });

  it('never lets a 60-second window hold more than 80 writes', async () => {
    const clock = createVirtualClock();
    const log = await recordWrites(200, createWriteGate(clock), clock);
    const times = log.filter((l) => l.startsWith('START')).map((l) => Number(l.split('@')[1]));
    const most = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 60_000).length));
    expect(most).toBeLessThanOrEqual(80);
  });

  it('earns the burst back after a quiet spell', async () => {
    const clock = createVirtualClock();
    const gate = createWriteGate(clock);
    await recordWrites(5, gate, clock);
    await clock.sleep(10_000);
    const before = clock.sleeps.length;
    await recordWrites(5, gate, clock);
    expect(clock.sleeps.length).toBe(before);
  });

  it('keeps going after a failed write', async () => {
    const gate = createWriteGate(createVirtualClock());
    await expect(gate.run(() => Promise.reject(new Error('422')))).rejects.toThrow('422');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a burst below one, naming the value', () => {
    expect(() => createWriteGate(createVirtualClock(), { burst: 0, intervalMs: 1000 })).toThrow('Expected `burst` to be an integer from 1 up, got 0');
  });
});
