/**
 * The GitHub client's scheduler (Bottleneck, under the retry and throttling plugins) steps through
 * a job without a zero-delay timer between steps, each of which costs at least a millisecond: a
 * request passes three limiters (the retry plugin's, the throttling plugin's retry limiter and
 * its global group), and each may start its job on one timer, no more.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Bottleneck from 'bottleneck/light.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGitHubClient } from '../../src/github/octokit';
import { yieldWithoutTimerFloor } from '../../src/github/scheduler-yield';

afterEach(() => {
  vi.restoreAllMocks();
});

/** How many zero-delay timers `job` set, and how many timers with a delay. */
async function timersOf(job: () => Promise<unknown>): Promise<{ zero: number; delayed: number }> {
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
  await job();
  const delays = setTimeoutSpy.mock.calls.map(([, ms]) => Number(ms ?? 0));
  setTimeoutSpy.mockRestore();
  return { zero: delays.filter((ms) => ms === 0).length, delayed: delays.filter((ms) => ms > 0).length };
}

describe('the scheduler under the GitHub client', () => {
  it('starts a job on one zero-delay timer at most, with no timer between its steps', async () => {
    yieldWithoutTimerFloor();
    const limiter = new Bottleneck({ maxConcurrent: 1, minTime: 0 });
    expect((await timersOf(() => limiter.schedule(() => Promise.resolve('done')))).zero).toBeLessThanOrEqual(1);
  });

  it('still waits a real delay on a timer (the spacing of a limiter that asks for one)', async () => {
    yieldWithoutTimerFloor();
    const limiter = new Bottleneck({ maxConcurrent: 1, minTime: 5 });
    await limiter.schedule(() => Promise.resolve());
    expect((await timersOf(() => limiter.schedule(() => Promise.resolve()))).delayed).toBeGreaterThanOrEqual(1);
  });

  it('sends a request through both plugins on three zero-delay timers at most', async () => {
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"full_name":"acme/shop"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const octokit = createGitHubClient({ token: 't', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const get = () => octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'shop' });
      await get(); // The first request builds the plugins' limiters.
      expect((await timersOf(get)).zero).toBeLessThanOrEqual(3);
    } finally {
      server.close();
    }
  });
});
