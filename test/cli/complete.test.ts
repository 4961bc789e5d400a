/**
 * End to end: `review-gate complete` (run in-process: in-process.ts) against the service simulator
 * — the completion printed, `--stream` printing the deltas and stopping at [DONE], and refusals
 * shown with code, message, remedy and request id. Standard input, and the process exiting at
 * [DONE] while the server holds the connection: complete.bundled.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { streamPieces } from '../doubles/simulator';
import type { CliOptions } from './bundled';
import { expectedCompletion } from './cases';
import { useCli } from './in-process';

const cli = useCli({ contextLimitTokens: 200 });
const complete = (args: string[], options: Omit<CliOptions, 'cwd' | 'command'> = {}) => cli.run(['complete', ...args], options);

describe('review-gate complete', () => {
  it('prints the completion', async () => {
    const result = await complete(['--language', 'python', '--system', 'Be brief.', 'def add(a, b):']);
    expect(result.code).toBe(0);
    expect(result.out).toBe(expectedCompletion('def add(a, b):', { language: 'python', system: 'Be brief.' }));
    expect(result.err).toBe('');
  });

  it('--stream prints the deltas in order and ends at [DONE]', async () => {
    const result = await complete(['--stream', '--language', 'python', 'def add(a, b):']);
    const text = expectedCompletion('def add(a, b):', { language: 'python' });
    expect(streamPieces(text).length).toBeGreaterThan(3);
    expect(result.out).toBe(text);
    expect(result.code).toBe(0);
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
    cli.simulator.inject({ kind: 'stream', path: '/v1/complete', data: [JSON.stringify({ delta: 'partial' })] });
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
