/**
 * End to end, the terminal command in a real git repository: what it prints cannot drive the
 * terminal (escape sequences from file names or the service), command a CI runner, or show the
 * key; and its api-url and key checks fail closed. What reaches the real stdout and stderr is read
 * from the bundled dist/cli/index.js, and so is a proxy (the command's HTTP agent reads it from its
 * process's environment); the other checks run the command in this process (in-process.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { FaultRequest, RunningSimulator } from '../doubles/simulator';
import { startConnectProxy } from '../support/connect-proxy';
import { runnerCommands } from '../support/runner-commands';
import { assertBuilt, runCliBundle } from './bundled';
import type { CliRunner } from './bundled';
import { runCliInProcess } from './in-process';

let repo: string;
let simulator: RunningSimulator;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(assertBuilt);

beforeEach(async () => {
  repo = mkdtempSync(join(tmpdir(), 'review-gate-terminal-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(repo, 'README.md'), '# demo\n');
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  simulator = await startSimulator();
  open.push(simulator);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
  rmSync(repo, { recursive: true, force: true });
});

/** Runs the command in the test's repository with the demo key: in this process, or `runner` (the bundle). */
function cli(args: string[], env: Record<string, string> = {}, runner: CliRunner = runCliInProcess) {
  return runner(args, { cwd: repo, env: { REVIEW_GATE_API_KEY: DEMO_KEY, ...env } });
}

/** Every control character but tab and newline (ESC, BEL, the C1 set …). */
const CONTROLS = /(?![\t\n])\p{Cc}/u;

describe('what the terminal command prints', () => {
  it('carries no escape sequence, control or bidi character from a file name or the service, no key and no workflow command', async () => {
    mkdirSync(join(repo, 'src'));
    const name = 'src/\u001b]52;c;cHduZWQ=\u0007clip\u001b]0;pwned\u0007\u202eyp.\u001b[2Jevil.py';
    writeFileSync(join(repo, name), 'import os\nvalue = eval(os.environ["X"])\n');
    simulator.inject({
      kind: 'reply',
      path: '/v1/agent/review',
      reply: (request: FaultRequest) => ({
        body: {
          model: 'service-1', summary: '', suggestions: [], security_flags: [], quality_score: 10, usage: { total_tokens: 1 }, latency_ms: 1,
          issues: [{
            severity: 'error',
            line: 2,
            message: `eval\u001b[2J\u001b]0;title\u0007 \u009b31mred \u2066flipped\u2069\n::error file=forged.py::forged ##[add-mask]x key=${request.authorization ?? ''}`,
            suggestion: '',
          }],
        },
      }),
    });
    const result = await cli(['--api-url', simulator.url], {}, runCliBundle);

    expect(result.code).toBe(1);
    for (const text of [result.out, result.err]) {
      expect(text).not.toMatch(CONTROLS);
      expect(text).not.toMatch(/\p{Bidi_Control}/u);
      expect(text).not.toContain(DEMO_KEY);
      expect(runnerCommands(text)).toEqual([]);
    }
    // The name in its escaped form, which names this file and no other (src/clipyp.evil.py may exist).
    expect(result.out).toContain(
      'src/\\u{1b}]52;c;cHduZWQ=\\u{7}clip\\u{1b}]0;pwned\\u{7}\\u{202e}yp.\\u{1b}[2Jevil.py:2  error  eval red flipped ::error file=forged.py::forged # #[add-mask]x key=Bearer [redacted]',
    );
  });

  it('keeps a key the service echoes out of its output and the summary file it writes', async () => {
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'src/app.py'), 'value = eval(x)\n');
    simulator.inject({
      kind: 'reply',
      reply: () => ({
        body: {
          model: 'service-1', summary: `used ${DEMO_KEY}`, suggestions: [], security_flags: [], quality_score: 10, usage: { total_tokens: 1 }, latency_ms: 1,
          issues: [{ severity: 'error', line: 1, message: `eval() with key ${DEMO_KEY}`, suggestion: DEMO_KEY }],
        },
      }),
    });
    const summary = join(repo, 'summary.md');
    const result = await cli(['--api-url', simulator.url, '--summary', summary]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^src\/app\.py:1 {2}error {2}eval\(\) with key \[redacted\]$/m);
    expect(result.out + result.err).not.toContain(DEMO_KEY);
    const written = readFileSync(summary, 'utf8');
    expect(written).toContain('src/app.py');
    expect(written).not.toContain(DEMO_KEY);
  });
});

describe('the terminal command on bad settings', () => {
  it('names REVIEW_GATE_API_KEY, never the key, when the key has a space in it', async () => {
    const result = await cli(['--api-url', simulator.url], { REVIEW_GATE_API_KEY: 'svc_live_spaced key_000000000' });
    expect(result.code).toBe(2);
    expect(result.err).toContain('Invalid environment variable REVIEW_GATE_API_KEY: it contains whitespace, control or non-ASCII characters (the key is not shown).');
    expect(result.err).not.toContain('spaced key');
    expect(result.err).not.toContain('TypeError');
    expect(simulator.requests).toEqual([]);
  });

  it('never repeats a password written into --api-url', async () => {
    const result = await cli(['--api-url', 'https://bob:pa/ss@api.example.com']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("Invalid --api-url 'https://…'.");
    expect(result.out + result.err).not.toMatch(/pa.ss/);
  });

  it('refuses a remote plain-http --api-url, and uses it with --allow-insecure-http true and a warning', async () => {
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'src/app.py'), 'value = eval(x)\n');
    const proxy = await startConnectProxy(Number(new URL(simulator.url).port));
    open.push(proxy);
    const env = { HTTP_PROXY: proxy.url };

    const refused = await cli(['--api-url', 'http://review.internal.example'], env);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("Invalid --api-url 'http://review.internal.example'. Plain http would send the API key and the code unencrypted");
    expect(proxy.connects).toEqual([]);

    const allowed = await cli(['--api-url', 'http://review.internal.example', '--allow-insecure-http', 'true'], env, runCliBundle);
    expect(allowed.err).toMatch(/^warning: api-url http:\/\/review\.internal\.example uses plain http \(allow-insecure-http is true\)/m);
    expect(allowed.out).toMatch(/^src\/app\.py:1 {2}error {2}eval\(\)/m);
    expect(allowed.code).toBe(1);
    expect(proxy.connects).toEqual(['review.internal.example:80']);
  });
});
