/**
 * End to end: `review-gate complete` from the bundled command (dist/cli/index.js), where its own
 * process is the point: the prompt read from its standard input, and `--stream` writing each delta
 * to its stdout as it arrives, then exiting at [DONE] though the server keeps the connection open.
 * The rest of `complete` runs in-process: complete.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useBundledCli } from './bundled';
import type { CliOptions } from './bundled';
import { expectedCompletion } from './cases';

const cli = useBundledCli({ contextLimitTokens: 200 });
const complete = (args: string[], options: Omit<CliOptions, 'cwd' | 'command'> = {}) => cli.run(['complete', ...args], options);

describe('review-gate complete, the bundle', () => {
  it('reads the prompt from standard input with -', async () => {
    const result = await complete(['-'], { stdin: 'fn main() {' });
    expect(result.code).toBe(0);
    expect(result.out).toBe(expectedCompletion('fn main() {'));
  });

  it('--stream writes each delta as it arrives, and exits at [DONE] though the server keeps the connection open', async () => {
    const deltas = ['def', ' add(a,', ' b):', '\n    return', ' a + b\n'];
    const seen: string[] = [];
    let stdout = '';
    // Delta i is sent only once everything before it is on the command's stdout: a command that
    // buffered until the end would never get the next one, and this test would time out.
    const waiters: Array<() => void> = [];
    const printed = (upTo: number) =>
      new Promise<void>((resolve) => {
        const expected = deltas.slice(0, upTo).join('');
        const check = () => (stdout === expected ? resolve() : waiters.push(check));
        check();
      });
    cli.simulator.inject({
      kind: 'stream',
      path: '/v1/complete',
      data: [...deltas.map((delta) => JSON.stringify({ delta })), '[DONE]', JSON.stringify({ delta: 'after DONE' })],
      before: async (index) => {
        await printed(Math.min(index, deltas.length));
        seen.push(stdout);
      },
      hold: true,
    });
    const result = await complete(['--stream', 'def add(a, b):'], {
      onStdout: (soFar) => {
        stdout = soFar;
        for (const waiter of waiters.splice(0)) waiter();
      },
    });
    expect(result.code).toBe(0);
    expect(result.out).toBe(deltas.join(''));
    expect(seen.slice(0, deltas.length + 1)).toEqual(deltas.map((_, i) => deltas.slice(0, i).join('')).concat(deltas.join('')));
  });
});
