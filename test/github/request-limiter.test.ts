/**
 * The limiter the throttling plugin schedules GitHub requests on (request-limiter.ts): the part of
 * Bottleneck's API the plugin calls, with jobs started on the turn they may start. The plugin's
 * own paths through it (a rate-limited request retried, a secondary limit given up on) are tested
 * through the client in octokit.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitHubRequestLimiter, LimiterEvents } from '../../src/github/request-limiter';

afterEach(() => {
  vi.useRealTimers();
});

/** A job that runs until `finish` is called, noting its start. */
function heldJobs(): { started: string[]; job: (name: string) => () => Promise<string>; finish: (name: string) => void } {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  return {
    started,
    job: (name) => () =>
      new Promise<string>((resolve) => {
        started.push(name);
        finishers.set(name, () => resolve(name));
      }),
    finish: (name) => finishers.get(name)?.(),
  };
}

/** Lets every job that may start now start (they start on promise turns, never on a timer). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('GitHubRequestLimiter', () => {
  it('runs at most maxConcurrent jobs at once, the next one as soon as one ends', async () => {
    const limiter = new GitHubRequestLimiter({ maxConcurrent: 2 });
    const { started, job, finish } = heldJobs();
    const results = ['a', 'b', 'c'].map((name) => limiter.schedule(job(name)));
    await settle();
    expect(started).toEqual(['a', 'b']);
    finish('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    finish('b');
    finish('c');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('passes the job its arguments and starts it without waiting on a timer', async () => {
    vi.useFakeTimers();
    const limiter = new GitHubRequestLimiter();
    const answer = limiter.schedule((a: unknown, b: unknown) => Promise.resolve(`${String(a)}+${String(b)}`), 1, 2);
    // No timer is advanced: the job must have run on promise turns alone.
    await expect(answer).resolves.toBe('1+2');
  });

  it('starts a retry (priority 0, weight 0) ahead of waiting jobs and without a free place', async () => {
    const limiter = new GitHubRequestLimiter({ maxConcurrent: 1 });
    const { started, job, finish } = heldJobs();
    void limiter.schedule(job('first'));
    void limiter.schedule(job('waiting'));
    void limiter.schedule({ priority: 0, weight: 0 }, job('retry'));
    await settle();
    expect(started).toEqual(['first', 'retry']);
    finish('first');
    await settle();
    expect(started).toEqual(['first', 'retry', 'waiting']);
  });

  it('retries a failed job after the delay the failed listener gives, and fails it when the listener gives none', async () => {
    const limiter = new GitHubRequestLimiter();
    const seen: Array<{ retryCount: number; args: unknown[] }> = [];
    limiter.on('failed', (_error, info) => {
      seen.push(info);
      return info.retryCount < 2 ? 0 : undefined;
    });
    let calls = 0;
    const failing = limiter.schedule((what: unknown) => {
      calls += 1;
      return Promise.reject(new Error(`refused ${String(what)}`));
    }, 'GET /x');

    await expect(failing).rejects.toThrow('refused GET /x');
    expect(calls).toBe(3);
    expect(seen).toEqual([
      { retryCount: 0, args: ['GET /x'] },
      { retryCount: 1, args: ['GET /x'] },
      { retryCount: 2, args: ['GET /x'] },
    ]);
  });

  it('keeps minTime between two starts, on a timer of that delay', async () => {
    vi.useFakeTimers();
    const limiter = new GitHubRequestLimiter({ maxConcurrent: 1, minTime: 2000 });
    const { started, job, finish } = heldJobs();
    void limiter.schedule(job('one'));
    void limiter.schedule(job('two'));
    await settle();
    finish('one');
    await settle();
    expect(started).toEqual(['one']);
    await vi.advanceTimersByTimeAsync(1999);
    expect(started).toEqual(['one']);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toEqual(['one', 'two']);
  });

  it('gives one limiter per key of a group, each with the group\'s bound', async () => {
    const group = new GitHubRequestLimiter.Group({ maxConcurrent: 1 });
    expect(group.key('a')).toBe(group.key('a'));
    const { started, job } = heldJobs();
    void group.key('a').schedule(job('a1'));
    void group.key('a').schedule(job('a2'));
    void group.key('b').schedule(job('b1'));
    await settle();
    expect(started).toEqual(['a1', 'b1']);
  });

  it('rejects a bound that is not a whole number from 1 up, naming the value', () => {
    expect(() => new GitHubRequestLimiter({ maxConcurrent: 0 })).toThrow('Expected `maxConcurrent` to be a whole number from 1 up, or null, got 0');
    expect(() => new GitHubRequestLimiter({ minTime: -1 })).toThrow('got -1');
  });
});

describe('LimiterEvents', () => {
  it('answers a trigger with the first answer a listener gave, and reports a listener that throws as an error event', async () => {
    const target: { on?: (name: string, listener: (...args: unknown[]) => unknown) => unknown } = {};
    const events = new LimiterEvents(target);
    const errors: unknown[] = [];
    target.on?.('rate-limit', () => {
      throw new Error('handler broke');
    });
    target.on?.('rate-limit', (retryAfter) => Promise.resolve(retryAfter === 3));
    target.on?.('error', (error) => errors.push(error));

    await expect(events.trigger('rate-limit', 3)).resolves.toBe(true);
    expect(errors).toEqual([new Error('handler broke')]);
    await expect(events.trigger('nobody-listens')).resolves.toBeUndefined();
  });
});
