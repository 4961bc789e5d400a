import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { runQueue } from '../../src/review/queue';
import type { QueueTask } from '../../src/review/queue';
import { stopReason } from '../../src/review/stop';
import { createVirtualClock } from '../support/virtual-clock';

const policy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };
const REASON = 'not reviewed: max-duration of 1 minute reached';

/** A service on the virtual clock that answers after `latencyMs`, or never when `hang` says so. */
function service(clock: ReturnType<typeof createVirtualClock>, latencyMs: number, hang: (label: string) => boolean = () => false) {
  const aborted: string[] = [];
  const started: string[] = [];
  const task = (label: string): QueueTask<string> => ({
    label,
    attempt: (signal) =>
      new Promise<string>((resolve, reject) => {
        started.push(label);
        let settled = false;
        signal.addEventListener('abort', () => {
          if (settled) return;
          aborted.push(label);
          reject(signal.reason as Error);
        });
        if (hang(label)) return;
        void clock.sleep(latencyMs, signal).then(() => {
          if (signal.aborted) return;
          settled = true;
          resolve(`reviewed ${label}`);
        });
      }),
  });
  return { task, aborted, started };
}

const labels = (n: number) => Array.from({ length: n }, (_, i) => `f${i + 1}`);
const states = (outcomes: Awaited<ReturnType<typeof runQueue<string>>>) =>
  outcomes.map((o) => (o.state === 'fulfilled' ? 'ok' : o.state === 'cancelled' ? o.reason : 'rejected'));

describe('runQueue with a deadline', () => {
  it('aborts requests that hang at the deadline and cancels every file not done, with the reason', async () => {
    const clock = createVirtualClock();
    const svc = service(clock, 100, (label) => label === 'f3');
    const outcomes = await runQueue(labels(6).map(svc.task), {
      concurrency: 2,
      policy,
      clock,
      stopReason,
      deadline: { at: 60_000, reason: REASON },
    });
    // f1, f2 answer at 100 ms, then f3 hangs while f4, f5, f6 go through the other worker.
    expect(states(outcomes)).toEqual(['ok', 'ok', REASON, 'ok', 'ok', 'ok']);
    expect(svc.aborted).toEqual(['f3']);
    expect(clock.now()).toBe(60_000);
  });

  it('stops at the deadline when every request hangs, so 300 files cannot take hours', async () => {
    const clock = createVirtualClock();
    const svc = service(clock, 100, () => true);
    const outcomes = await runQueue(labels(300).map(svc.task), {
      concurrency: 4,
      policy,
      clock,
      stopReason,
      deadline: { at: 60_000, reason: REASON },
    });
    expect(states(outcomes)).toEqual(Array(300).fill(REASON));
    expect(svc.started).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(clock.now()).toBe(60_000);
  });

  it('ends a retry backoff or a queue-wide pause at the deadline instead of waiting it out', async () => {
    const clock = createVirtualClock();
    let calls = 0;
    const overloaded: QueueTask<string> = {
      label: 'slow',
      attempt: () => {
        calls += 1;
        return Promise.reject(new ServiceError('503 overloaded', 'overloaded', { status: 503, retryAfter: 100 }));
      },
    };
    const outcomes = await runQueue([overloaded], { concurrency: 1, policy, clock, stopReason, deadline: { at: 30_000, reason: REASON } });
    expect(states(outcomes)).toEqual([REASON]);
    expect(calls).toBe(1);
    expect(clock.now()).toBe(30_000);
  });

  it('leaves no timer behind when the work ends before the deadline', async () => {
    const clock = createVirtualClock();
    const svc = service(clock, 100);
    const outcomes = await runQueue(labels(3).map(svc.task), { concurrency: 3, policy, clock, stopReason, deadline: { at: 60_000, reason: REASON } });
    expect(states(outcomes)).toEqual(['ok', 'ok', 'ok']);
    // Had the deadline's sleep survived, the virtual clock would jump to it once idle.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(clock.now()).toBe(100);
  });

  it('hands the file read the same signal, so a read that hangs ends at the deadline too', async () => {
    const clock = createVirtualClock();
    const hangingRead: QueueTask<string> = {
      label: 'a.py',
      prepare: (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('This operation was aborted')))),
      attempt: () => Promise.resolve('never'),
    };
    const outcomes = await runQueue([hangingRead], { concurrency: 1, policy, clock, stopReason, deadline: { at: 5_000, reason: REASON } });
    expect(states(outcomes)).toEqual([REASON]);
  });
});
