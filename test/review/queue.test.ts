import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { runQueue } from '../../src/review/queue';
import type { QueueTask } from '../../src/review/queue';
import { stopReason } from '../../src/review/stop';
import { createVirtualClock } from '../support/virtual-clock';

const policy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };

function serviceError(code: string, status: number, retryAfter?: number): ServiceError {
  return new ServiceError(`${status} ${code}`, code, { status, ...(retryAfter === undefined ? {} : { retryAfter }) });
}

/** A fake review service on the virtual clock: each call takes `latencyMs`, answers per script. */
function fakeService(
  clock: ReturnType<typeof createVirtualClock>,
  script: (label: string, call: number) => Error | undefined,
  latencyMs: (label: string) => number = () => 100,
) {
  const log: Array<{ label: string; at: number; outcome: string }> = [];
  const calls = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  const task = (label: string): QueueTask<string> => ({
    label,
    attempt: async () => {
      const call = (calls.get(label) ?? 0) + 1;
      calls.set(label, call);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const startedAt = clock.now();
      await clock.sleep(latencyMs(label));
      inFlight -= 1;
      const error = script(label, call);
      log.push({ label, at: startedAt, outcome: error instanceof ServiceError ? error.code : 'ok' });
      if (error !== undefined) throw error;
      return `reviewed ${label}`;
    },
  });
  return { log, task, maxInFlight: () => maxInFlight };
}

const labels = (n: number) => Array.from({ length: n }, (_, i) => `f${i + 1}`);

describe('runQueue', () => {
  it('keeps at most `concurrency` requests in flight and returns outcomes in task order', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, () => undefined);
    const outcomes = await runQueue(labels(7).map(service.task), { concurrency: 3, policy, clock, stopReason });
    expect(service.maxInFlight()).toBe(3);
    expect(outcomes.map((o) => (o.state === 'fulfilled' ? o.value : o.state))).toEqual(labels(7).map((l) => `reviewed ${l}`));
  });

  it('pauses every worker when one request gets 429 with retry_after', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, (label, call) =>
      label === 'f1' && call === 1 ? serviceError('rate_limit_exceeded', 429, 2) : undefined,
    );
    const outcomes = await runQueue(labels(6).map(service.task), { concurrency: 3, policy, clock, stopReason });

    expect(outcomes.every((o) => o.state === 'fulfilled')).toBe(true);
    // The 429 arrives at t=100; nothing may start between then and t=2100.
    const answeredAt = 100;
    const startsDuringPause = service.log.filter((e) => e.at >= answeredAt && e.at < answeredAt + 2000);
    expect(startsDuringPause).toEqual([]);
    expect(service.log.filter((e) => e.label === 'f1').map((e) => [e.at, e.outcome])).toEqual([
      [0, 'rate_limit_exceeded'],
      [2100, 'ok'],
    ]);
    expect(service.log).toHaveLength(7);
  });

  it('stops the queue on daily_limit_exceeded and cancels the files not started', async () => {
    const clock = createVirtualClock();
    const service = fakeService(
      clock,
      (label) => (label === 'f2' ? serviceError('daily_limit_exceeded', 429, 3600) : undefined),
      (label) => (label === 'f2' ? 50 : 100),
    );
    const outcomes = await runQueue(labels(8).map(service.task), { concurrency: 2, policy, clock, stopReason });

    expect(outcomes[1]).toMatchObject({ state: 'rejected' });
    const cancelled = outcomes.filter((o) => o.state === 'cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(5);
    for (const o of cancelled) {
      expect(o).toEqual({
        state: 'cancelled',
        reason: 'not reviewed: daily limit reached, resets at midnight IST (18:30 UTC)',
        // The error that stopped the queue: the terminal's exit status reads its code.
        cause: expect.objectContaining({ code: 'daily_limit_exceeded' }),
      });
    }
    // Never retried; nothing started after the answer came back at t=50; f1, in flight, finished.
    expect(service.log.filter((e) => e.label === 'f2')).toHaveLength(1);
    expect(service.log.filter((e) => e.at >= 50)).toEqual([]);
    expect(outcomes[0]).toEqual({ state: 'fulfilled', value: 'reviewed f1' });
    expect(cancelled).toHaveLength(6);
  });

  it('makes at most one request per worker when the key is rejected', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, () => serviceError('authentication_failed', 401));
    const outcomes = await runQueue(labels(10).map(service.task), { concurrency: 3, policy, clock, stopReason });

    expect(service.log.length).toBeGreaterThanOrEqual(1);
    expect(service.log.length).toBeLessThanOrEqual(3);
    expect(outcomes.filter((o) => o.state === 'rejected')).toHaveLength(service.log.length);
    expect(outcomes.filter((o) => o.state === 'cancelled')).toHaveLength(10 - service.log.length);
  });

  it('retries inference_error with growing backoff up to max-retries, without pausing the others', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, (label) => (label === 'f1' ? serviceError('inference_error', 500) : undefined));
    const outcomes = await runQueue(labels(3).map(service.task), { concurrency: 2, policy, clock, stopReason });

    expect(outcomes[0]).toMatchObject({ state: 'rejected' });
    expect(outcomes.slice(1).every((o) => o.state === 'fulfilled')).toBe(true);
    expect(service.log.filter((e) => e.label === 'f1')).toHaveLength(1 + policy.maxRetries);
    // Backoff 1 s, 2 s, 4 s between attempts (latency 100 ms each).
    expect(service.log.filter((e) => e.label === 'f1').map((e) => e.at)).toEqual([0, 1100, 3200, 7300]);
    // f3 started as soon as f2 finished, not after f1's backoff.
    expect(service.log.find((e) => e.label === 'f3')?.at).toBe(100);
  });

  it('does not retry a file-level failure and goes on with the other files', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, (label) => (label === 'f2' ? serviceError('context_too_long', 400) : undefined));
    const outcomes = await runQueue(labels(4).map(service.task), { concurrency: 2, policy, clock, stopReason });
    expect(outcomes.map((o) => o.state)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(service.log).toHaveLength(4);
  });
  it('starts first attempts in the tasks\' order, even when a later file is read first', async () => {
    const clock = createVirtualClock();
    const service = fakeService(
      clock,
      (label) => (label === 'f2' ? serviceError('daily_limit_exceeded', 429, 3600) : undefined),
    );
    // f1 takes longest to read; f2 and f3 are read at once.
    const tasks = labels(3).map((label) => ({
      ...service.task(label),
      prepare: async () => {
        await clock.sleep(label === 'f1' ? 30 : 0);
      },
    }));
    const outcomes = await runQueue(tasks, { concurrency: 1, policy, clock, stopReason });

    expect(service.log.map((e) => e.label)).toEqual(['f1', 'f2']);
    expect(outcomes.map((o) => o.state)).toEqual(['fulfilled', 'rejected', 'cancelled']);
  });

  it('lets many attempts listen to its deadline at once without Node warning of a leak in the user\'s log', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const clock = createVirtualClock();
      // 16 attempts in flight, each listening to the deadline's signal, as a request does.
      const tasks = labels(40).map((label) => ({ label, attempt: async (signal: AbortSignal) => (await clock.sleep(100, signal), label) }));
      const outcomes = await runQueue(tasks, { concurrency: 16, policy, clock, stopReason, deadline: { at: 1e9, reason: 'late' } });
      expect(outcomes.every((o) => o.state === 'fulfilled')).toBe(true);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('runQueue on tasks that keep coming', () => {
  /** Batches handed over one at a time, the next once `release` is called. */
  function drip<T>(batches: T[][]) {
    let release: () => void = () => undefined;
    async function* feed() {
      for (const [i, batch] of batches.entries()) {
        if (i > 0) await new Promise<void>((resolve) => (release = resolve));
        yield batch;
      }
    }
    return { feed: feed(), release: () => release() };
  }

  it('starts the first batch before the next comes, and returns every outcome in the order given', async () => {
    const clock = createVirtualClock();
    const service = fakeService(clock, () => undefined);
    const { feed, release } = drip([['a', 'b'].map(service.task), ['c'].map(service.task)]);
    const settled: string[] = [];

    const running = runQueue(feed, { concurrency: 2, policy, clock, stopReason, onSettled: (index, outcome) => settled.push(`${index}:${outcome.state}`) });
    await clock.sleep(150);
    expect(service.log.map((e) => e.label)).toEqual(['a', 'b']);
    release();
    const outcomes = await running;

    expect(outcomes).toEqual(['a', 'b', 'c'].map((label) => ({ state: 'fulfilled', value: `reviewed ${label}` })));
    expect(settled).toEqual(['0:fulfilled', '1:fulfilled', '2:fulfilled']);
  });

  it('stops from outside: the request in flight is aborted, and what did not start ends cancelled with the reason', async () => {
    const clock = createVirtualClock();
    const stop = new AbortController();
    const aborted: string[] = [];
    const slow = (label: string): QueueTask<string> => ({
      label,
      attempt: async (signal) => {
        await clock.sleep(1000, signal);
        if (signal.aborted) aborted.push(label);
        throw signal.reason;
      },
    });

    const running = runQueue(['a', 'b', 'c'].map(slow), { concurrency: 1, policy, clock, stopReason, stop: stop.signal });
    await clock.sleep(10);
    stop.abort('the list of changed files could not be read');
    const outcomes = await running;

    expect(aborted).toEqual(['a']);
    expect(outcomes.map((o) => (o.state === 'cancelled' ? o.reason : o.state))).toEqual(Array(3).fill('the list of changed files could not be read'));
  });
});
