/**
 * End to end: `review-gate complete` from the bundled command against the service simulator —
 * the completion printed, `--stream` printing each delta as it arrives and stopping at [DONE],
 * and refusals shown with code, message, remedy and request id.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeRequest, streamPieces, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from './bundled';
import type { CliOptions, TempRepo } from './bundled';

let simulator: RunningSimulator;
let folder: TempRepo;

beforeAll(assertBuilt);
beforeEach(async () => {
  simulator = await startSimulator({ contextLimitTokens: 200 });
  folder = tempRepo('review-gate-complete-');
});
afterEach(async () => {
  await simulator.close();
  folder.remove();
});

const complete = (args: string[], options: Partial<CliOptions> = {}) =>
  runCliBundle(['complete', ...args], { cwd: folder.dir, ...options, env: { ...serviceEnv(simulator.url), ...options.env } });

/** The simulator's text for this request, as its validation would default it. */
function expectedText(prompt: string, extra: { language?: 'python'; system?: string } = {}): string {
  return completeRequest({ prompt, model: 'service-1', maxTokens: 500, temperature: 0.2, stop: [], stream: false, ...extra }, 0).content;
}

describe('review-gate complete', () => {
  it('prints the completion', async () => {
    const result = await complete(['--language', 'python', '--system', 'Be brief.', 'def add(a, b):']);
    expect(result.code).toBe(0);
    expect(result.out).toBe(expectedText('def add(a, b):', { language: 'python', system: 'Be brief.' }));
    expect(result.err).toBe('');
  });

  it('reads the prompt from standard input with -', async () => {
    const result = await complete(['-'], { stdin: 'fn main() {' });
    expect(result.code).toBe(0);
    expect(result.out).toBe(expectedText('fn main() {'));
  });

  it('--stream prints the deltas in order and ends at [DONE]', async () => {
    const result = await complete(['--stream', '--language', 'python', 'def add(a, b):']);
    const text = expectedText('def add(a, b):', { language: 'python' });
    expect(streamPieces(text).length).toBeGreaterThan(3);
    expect(result.out).toBe(text);
    expect(result.code).toBe(0);
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
    simulator.inject({
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

  it('shows a refusal with its code, message, remedy and request id, and exits 2 for the prompt\'s fault', async () => {
    const result = await complete(['x'.repeat(2_000)]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toMatch(
      /^review-gate: the request was refused:\n {2}code: {2} {2} {2} context_too_long\n {2}message: {2} {2}The prompt plus system is about 500 tokens; the context window holds 200\.\n {2}remedy: {2} {2} .+\n {2}request id: svc_req_\d{12}\n$/,
    );
  });

  it('exits 3 with the service\'s error when the key is rejected, with our remedy for a well-formed key', async () => {
    const result = await complete(['--stream', 'hi'], { env: { REVIEW_GATE_API_KEY: 'svc_live_revoked_key_0000000000' } });
    expect(result.code).toBe(3);
    expect(result.err).toContain('  code:       authentication_failed');
    expect(result.err).toContain('  remedy:     The key in REVIEW_GATE_API_KEY has the svc_live_ prefix but was refused');
    expect(result.err).toMatch(/ {2}request id: svc_req_\d{12}/);
  });

  it('exits 3 when the stream ends before [DONE], after printing what came', async () => {
    simulator.inject({ kind: 'stream', path: '/v1/complete', data: [JSON.stringify({ delta: 'partial' })] });
    const result = await complete(['--stream', 'hi']);
    expect(result.code).toBe(3);
    expect(result.out).toBe('partial\n');
    expect(result.err).toContain('  code:       invalid_response');
    expect(result.err).toContain('before data: [DONE]');
  });

  it('needs a prompt', async () => {
    const result = await complete([]);
    expect(result.code).toBe(2);
    expect(result.err.trimEnd()).toBe("review-gate: complete needs a PROMPT, or - to read it from standard input. See 'review-gate complete --help'.");
  });
});
