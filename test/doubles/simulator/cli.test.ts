import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CliUsageError, cliKeys, parseCliArgs } from './cli-args';
import { main } from './cli';
import { DEMO_KEY } from './index';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The command in a process of its own, as `npm run simulator` starts it (tsx's loader in the one node process). */
function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/doubles/simulator/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = once(child, 'exit').then(([code]) => code as number | null);
  const output = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(stdout);
        if (match) resolve(match);
      };
      child.stdout.on('data', check);
      void exit.then(() => reject(new Error(`exited before printing ${pattern}: ${stdout}${stderr}`)));
      check();
    });
  return { child, exit, output, out: () => ({ stdout, stderr }) };
}

describe('simulator flags', () => {
  it('defaults to an ephemeral port and the default limits', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      port: 0,
      rpm: 600,
      dailyLimit: 10_000,
      contextLimitTokens: 32_000,
      gullible: false,
    });
  });

  it('reads --gullible: the reviewer that text in the code can sway', () => {
    expect(parseCliArgs(['--gullible']).gullible).toBe(true);
  });

  it('reads --port, --rpm, --daily-limit and --context-limit', () => {
    const settings = parseCliArgs(['--port', '8787', '--rpm=5', '--daily-limit', '0', '--context-limit', '100']);
    expect(settings).toMatchObject({ port: 8787, rpm: 5, dailyLimit: 0, contextLimitTokens: 100 });
    expect(cliKeys(settings).every((k) => k.rpm === 5 && k.dailyLimit === 0)).toBe(true);
  });

  it.each([
    [['--port', 'abc'], "Invalid --port 'abc'. Expected an integer from 0 to 65535."],
    [['--port', '70000'], "Invalid --port '70000'. Expected an integer from 0 to 65535."],
    [['--rpm', '0'], "Invalid --rpm '0'. Expected an integer from 1 to 1000000."],
    [['--daily-limit=-3'], "Invalid --daily-limit '-3'. Expected an integer from 0 to 100000000."],
  ])('rejects %j quoting the value', (args, message) => {
    expect(() => parseCliArgs(args)).toThrow(new CliUsageError(message));
  });

  it('rejects an unknown flag', () => {
    expect(() => parseCliArgs(['--verbose'])).toThrow(/Unknown option '--verbose'/);
  });
});

/** The command in this process: what it writes and its exit code. */
async function runInProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let [stdout, stderr] = ['', ''];
  const stopSignal = () => Promise.reject(new Error('asked to wait for a signal: only a running simulator does'));
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), stopSignal });
  return { code, stdout, stderr };
}

describe('npm run simulator, in a process of its own: the signals stop it', () => {
  it('prints the base URL and demo key, serves requests, and stops cleanly on SIGTERM', async () => {
    const cli = runCli(['--port', '0']);
    const [, url] = await cli.output(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(cli.out().stdout).toContain(`Demo key: ${DEMO_KEY}`);
    const response = await fetch(`${url}/v1/agent/review`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: 'eval(x)\n' }),
    });
    expect(((await response.json()) as { quality_score: number }).quality_score).toBe(85);
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.out().stdout).toContain('Stopped on SIGTERM; served 1 requests.');
  });

  it('stops cleanly on SIGINT', async () => {
    const cli = runCli([]);
    await cli.output(/listening on/);
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
  });

});

describe('npm run simulator, its exit code and what it writes', () => {
  it('exits 2 with a message quoting a bad flag value', async () => {
    const cli = await runInProcess(['--port', 'eighty']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("Invalid --port 'eighty'. Expected an integer from 0 to 65535.");
  });

  it('documents its flags in --help', async () => {
    const cli = await runInProcess(['--help']);
    expect(cli.code).toBe(0);
    for (const flag of ['--port', '--rpm', '--daily-limit', '--context-limit']) {
      expect(cli.stdout).toContain(flag);
    }
  });
});
