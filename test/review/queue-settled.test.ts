/** The queue tells its caller as each task ends, in the order they end, so progress is live. */
import { expect, it } from 'vitest';
import { runQueue } from '../../src/review/queue';
import { DEFAULT_RETRY_POLICY } from '../../src/service/retry';

it('reports each task as it settles, before the whole queue is done', async () => {
  const release: Array<() => void> = [];
  const settled: string[] = [];
  const tasks = ['a', 'b', 'c'].map((label) => ({
    label,
    attempt: () => new Promise<string>((resolve) => release.push(() => resolve(label))),
  }));
  const clock = { now: () => 0, sleep: () => Promise.resolve(), random: () => 0 };
  const done = runQueue(tasks, {
    concurrency: 3,
    policy: DEFAULT_RETRY_POLICY,
    clock,
    stopReason: () => undefined,
    onSettled: (index, outcome) => settled.push(`${index}:${outcome.state}`),
  });
  await new Promise((resolve) => setImmediate(resolve));
  release[2]?.();
  await new Promise((resolve) => setImmediate(resolve));
  expect(settled).toEqual(['2:fulfilled']);
  release[0]?.();
  release[1]?.();
  await done;
  expect(settled).toEqual(['2:fulfilled', '0:fulfilled', '1:fulfilled']);
});
