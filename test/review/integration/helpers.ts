/**
 * The real client against the real simulator over loopback HTTP. One clock is shared: the
 * simulator reads it for its windows, and the client's injected `sleep` records each wait and
 * moves the clock on by it, so a retry "after" a wait is seen by the simulator at the later time
 * while no test sleeps for real.
 */
import { inspect } from 'node:util';
import { afterEach, expect } from 'vitest';
import { Agent } from 'undici';
import { createClient } from '../../../src/service/client';
import type { ClientOptions } from '../../../src/service/options';
import type { CodeAssistanceClient } from '../../../src/service/client';
import { DEMO_KEY, startSimulator } from '../../doubles/simulator';
import type { RunningSimulator, SimulatorOptions } from '../../doubles/simulator';

/** Wednesday 2025-01-15 10:00:00 UTC = 15:30 IST, 8.5 hours before the daily reset. */
export const T0 = Date.parse('2025-01-15T10:00:00.000Z');

export { DOCUMENTED_STATUS, rejectionOf } from '../../support/reference';

export interface Setup {
  sim: RunningSimulator;
  clock: { now: number };
  /** Starts another client on this simulator; its waits go to `sleeps` and move `clock`. */
  client: (overrides?: Partial<ClientOptions>) => CodeAssistanceClient;
  /** Every wait the clients asked for, in milliseconds, in order. */
  sleeps: number[];
}

const simulators: RunningSimulator[] = [];
const agents: Agent[] = [];

afterEach(async () => {
  await Promise.all(simulators.splice(0).map((sim) => sim.close()));
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
});

/** A simulator on 127.0.0.1 whose clock starts at T0, and a factory of clients on it. */
export async function setup(options: SimulatorOptions = {}): Promise<Setup> {
  const clock = { now: T0 };
  const sleeps: number[] = [];
  const sim = await startSimulator({ now: () => clock.now, ...options });
  simulators.push(sim);
  const client = (overrides: Partial<ClientOptions> = {}) => {
    // Each client gets its own connection pool, closed after the test (the default proxy-aware
    // agent would outlive it).
    const dispatcher = new Agent();
    agents.push(dispatcher);
    return createClient({
      apiKey: DEMO_KEY,
      baseUrl: sim.url,
      dispatcher,
      sleep: (ms) => {
        sleeps.push(ms);
        clock.now += ms;
        return Promise.resolve();
      },
      random: () => 0,
      ...overrides,
    });
  };
  return { sim, clock, client, sleeps };
}


/** The error a synchronous call throws; fails the test when it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

/**
 * Everything an error could show a log or a user: its JSON, message, stack, and a deep
 * inspection that also reaches non-enumerable fields and the `cause` chain.
 */
export function everythingShownBy(error: unknown): string {
  const parts = [inspect(error, { depth: 8, showHidden: true })];
  try {
    parts.push(JSON.stringify(error) ?? '');
  } catch {
    // A circular cause; inspect above already covers it.
  }
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    parts.push(current.message, current.stack ?? '');
    current = current.cause;
  }
  return parts.join('\n');
}

export function expectNoSecret(error: unknown, secret: string): void {
  expect(error).toBeInstanceOf(Error);
  expect(everythingShownBy(error)).not.toContain(secret);
}
