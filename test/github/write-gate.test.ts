import { describe, expect, it } from 'vitest';
import { GITHUB_WRITE_PACING, createWriteGate, describeWritePacing, writePacingFor } from '../../src/github/write-gate';
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

  it('lets writes to a GitHub API on a loopback host go without waiting, still one at a time, in order', async () => {
    const clock = createVirtualClock();
    const log = await recordWrites(8, createWriteGate(clock, writePacingFor('http://127.0.0.1:8788')), clock);
    expect(clock.sleeps).toEqual([]);
    expect(log).toEqual(Array.from({ length: 8 }, (_, i) => [`START ${i} @0`, `END ${i}`]).flat());
  });

  it('refuses a burst below one, naming the value', () => {
    expect(() => createWriteGate(createVirtualClock(), { burst: 0, intervalMs: 1000 })).toThrow('Expected `burst` to be an integer from 1 up, got 0');
  });
});

describe('writePacingFor', () => {
  it('does not pace a GitHub API on a loopback address', () => {
    for (const url of ['http://127.0.0.1:8788', 'http://localhost:8788/api/v3', 'https://127.3.2.1', 'http://[::1]:9000']) {
      expect(writePacingFor(url), url).toMatchObject({ intervalMs: 0 });
    }
  });

  it("keeps GitHub's pacing for every other API, and when it cannot tell", () => {
    const others = [
      undefined,
      'https://api.github.com',
      'https://ghes.example.com/api/v3',
      'https://octo.ghe.com',
      'http://10.0.0.7:8080',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://[::2]',
      'http://0.0.0.0:8788',
      'not a url',
    ];
    for (const url of others) expect(writePacingFor(url), String(url)).toEqual(GITHUB_WRITE_PACING);
  });
});

describe('describeWritePacing', () => {
  it('names the API, api.github.com when the runner sets none, and the pacing its writes get', () => {
    expect(describeWritePacing(undefined)).toBe(
      'Writes to the GitHub API at https://api.github.com go one at a time, paced as GitHub asks: the first 5 at once, then one every 1 s.',
    );
    expect(describeWritePacing('http://127.0.0.1:8788')).toBe(
      'Writes to the GitHub API at http://127.0.0.1:8788 go one at a time, unpaced: it is on a loopback address.',
    );
  });
});
