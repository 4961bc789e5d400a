/**
 * Adaptive concurrency and pacing on a virtual clock, against a service that limits requests per
 * sliding window as the reference describes (429 rate_limit_exceeded with retry_after).
 */
import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../src/review/adaptive-limit';
import { RateWindow } from '../../src/review/rate-window';
import { runQueue } from '../../src/review/queue';
import type { QueueTask } from '../../src/review/queue';
import { ServiceError } from '../../src/service/errors';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';
import { stopReason } from '../../src/review/stop';
import { createVirtualClock } from '../support/virtual-clock';

const policy = { ...DEFAULT_RETRY_POLICY, jitter: 0 };

/** At most `perWindow` requests admitted per sliding `windowMs`; a refusal answers in 5 ms. */
function windowLimitedService(clock: ReturnType<typeof createVirtualClock>, perWindow: number, windowMs: number, latencyMs: number) {
  const admitted: number[] = [];
  const log: Array<{ at: number; ok: boolean; inFlight: number; retryAfter: number }> = [];
  let inFlight = 0;
  const task = (label: string): QueueTask<string> => ({
    label,
    attempt: async () => {
      const at = clock.now();
      inFlight += 1;
      while (admitted.length > 0 && (admitted[0] as number) <= at - windowMs) admitted.shift();
      const ok = admitted.length < perWindow;
      if (ok) admitted.push(at);
      const retryAfter = ok ? 0 : Math.max(1, Math.ceil(((admitted[0] as number) + windowMs - at) / 1000));
      log.push({ at, ok, inFlight, retryAfter });
      await clock.sleep(ok ? latencyMs : 5);
      inFlight -= 1;
      if (!ok) throw new ServiceError('429 rate_limit_exceeded', 'rate_limit_exceeded', { status: 429, retryAfter });
      return label;
    },
  });
  return { task, log };
}

async function run(files: number, latencyMs: number, shared: { clock?: ReturnType<typeof createVirtualClock>; service?: ReturnType<typeof windowLimitedService>; pace?: RateWindow } = {}) {
  const clock = shared.clock ?? createVirtualClock();
  const service = shared.service ?? windowLimitedService(clock, 10, 1000, latencyMs);
  const events: string[] = [];
  const outcomes = await runQueue(
    Array.from({ length: files }, (_, i) => service.task(`f${i}`)),
    {
      concurrency: 8,
      policy,
      clock,
      stopReason,
      onPause: (ms) => events.push(`pause ${ms} at ${clock.now()}`),
      onPace: (ms, rate) => events.push(`pace ${rate.budget}/${rate.windowMs}ms, wait ${ms} at ${clock.now()}`),
      onResume: () => events.push(`resume at ${clock.now()}`),
      ...(shared.pace === undefined ? {} : { pace: shared.pace }),
    },
  );
  const refusals = service.log.filter((e) => !e.ok);
  return { outcomes, log: service.log, refusals, events, endedAt: clock.now() };
}

describe('adaptive concurrency under a rate limit', () => {
  it('halves the attempts in flight on a 429, once per burst, and raises them by one per round of successes', async () => {
    const limit = new AdaptiveLimit(8);
    const signal = new AbortController().signal;
    const slots = await Promise.all(Array.from({ length: 8 }, () => limit.acquire(signal)));
    // The whole burst was sent before the first refusal came back: it counts once.
    for (const slot of slots.slice(0, 6)) limit.release(slot!, 'rate-limited');
    expect(limit.limit).toBe(4);
    for (const slot of slots.slice(6)) limit.release(slot!, 'answered');

    const next = await limit.acquire(signal);
    limit.release(next!, 'rate-limited');
    expect(limit.limit).toBe(2);

    const raised: number[] = [];
    for (let i = 0; i < 9; i++) {
      limit.release((await limit.acquire(signal))!, 'answered');
      raised.push(limit.limit);
    }
    expect(raised).toEqual([2, 3, 3, 3, 4, 4, 4, 4, 5]);
  });

  it('holds attempts past the limit until a slot is free', async () => {
    const limit = new AdaptiveLimit(2);
    const signal = new AbortController().signal;
    const [a] = [await limit.acquire(signal), await limit.acquire(signal)];
    let third = false;
    const waiting = limit.acquire(signal).then((slot) => {
      third = true;
      return slot;
    });
    await Promise.resolve();
    expect(third).toBe(false);
    limit.release(a!, 'answered');
    expect(await waiting).toBeDefined();
    expect(limit.inFlight).toBe(2);
  });

  it('learns the budget and the window from the first 429, holds starts past them, relearns and grows step by step', () => {
    const pace = new RateWindow();
    expect(pace.delay(0)).toBe(0);
    // 10 starts in the first 90 ms get in; the 11th, at 100 ms, is refused with retry_after 1 s.
    const tickets = Array.from({ length: 11 }, (_, i) => pace.start(i * 10));
    pace.refused(tickets[10]!, 1000);
    pace.refused(tickets[9]!, 1000); // the same burst: nothing new
    expect(pace.rate).toEqual({ budget: 10, windowMs: 1100 });

    const fill = (at: number) => Array.from({ length: 10 }, () => pace.start(at));
    fill(2000);
    expect(pace.delay(2000)).toBe(1100);
    expect(pace.delay(3100)).toBe(0);
    // Held back four times without a 429: the budget grows by a quarter.
    for (const at of [3100, 4200, 5300]) {
      fill(at);
      pace.delay(at);
    }
    expect(pace.rate?.budget).toBe(12);
    // A 429 with 7 of this run's starts in the window: that is the budget now.
    const late = Array.from({ length: 8 }, (_, i) => pace.start(7000 + i));
    pace.refused(late[7]!, 1000);
    expect(pace.rate).toEqual({ budget: 7, windowMs: 1100 });
  });

  it('learns nothing from a refusal of the very first request: the window was full before the run', () => {
    const pace = new RateWindow();
    pace.refused(pace.start(0), 30_000);
    expect(pace.rate).toBeUndefined();
    expect(pace.delay(30_000)).toBe(0);
  });

  it('draws 429s only in the first window of a fast service, then keeps to the pace it learned', async () => {
    const { outcomes, refusals, log, events, endedAt } = await run(40, 2);

    expect(outcomes.every((o) => o.state === 'fulfilled')).toBe(true);
    // 8 in flight meet the limit of 10 blind: the second wave is refused; after that, none.
    expect(refusals.every((e) => e.at < 1000)).toBe(true);
    expect(refusals.length).toBeLessThanOrEqual(8);
    // Four windows of 10: the floor is 3 s plus one answer.
    expect(endedAt).toBeLessThan(3100);
    expect(events.filter((e) => e.startsWith('pause'))).toEqual(['pause 1000 at 7']);
    // Learned: 10 per 1,002 ms (the refused request started 2 ms into the window, plus retry_after).
    expect(events.filter((e) => e.startsWith('pace'))).toEqual(['pace 10/1002ms, wait 998 at 1013', 'pace 10/1002ms, wait 998 at 2015']);
    expect(log.filter((e) => e.ok)).toHaveLength(40);
  });

  it('starts a second queue of the run at the pace the first learned, drawing no 429, where a queue of its own draws them again', async () => {
    for (const sharesPace of [true, false]) {
      const clock = createVirtualClock();
      const service = windowLimitedService(clock, 10, 1000, 2);
      const pace = new RateWindow();
      const first = await run(20, 2, { clock, service, pace });
      expect(first.refusals.length, `shares the pace: ${sharesPace}`).toBeGreaterThan(0);
      // The base versions' reviews, right after: the window the head files filled is still full.
      const before = service.log.length;
      await run(10, 2, { clock, service, ...(sharesPace ? { pace } : {}) });
      const secondRefusals = service.log.slice(before).filter((e) => !e.ok).length;
      if (sharesPace) expect(secondRefusals).toBe(0);
      else expect(secondRefusals).toBeGreaterThan(0);
    }
  });

  it('starts no request inside a retry_after pause and lowers what is in flight after the 429s', async () => {
    const { log, refusals, events } = await run(40, 250);

    const firstRefusal = refusals[0]!;
    const answeredAt = firstRefusal.at + 5;
    const pauseEnds = answeredAt + firstRefusal.retryAfter * 1000;
    expect(log.filter((e) => e.at > answeredAt && e.at < pauseEnds)).toEqual([]);
    expect(events.slice(0, 2)).toEqual([`pause 1000 at ${answeredAt}`, `resume at ${pauseEnds}`]);
    // The window after the pause opens with half as many in flight, then climbs step by step.
    const afterPause = log.filter((e) => e.at >= pauseEnds && e.at < pauseEnds + 1000).map((e) => e.inFlight);
    expect(Math.max(...afterPause.slice(0, 4))).toBe(4);
    expect(Math.max(...afterPause)).toBe(5);
    expect(refusals.length).toBeLessThanOrEqual(6);
  });
});
