/**
 * Trying the action locally, as CONTRIBUTING says: `npm run demo:serve` keeps the demo's simulator
 * and fake GitHub where the env file points, and the action run with `.env.example`'s variables —
 * what `npx @github/local-action . src/action/main.ts .env` loads — reviews the demo's pull request. The
 * ports and paths of the copy are moved to free ones, so the test shares no port with anything.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../doubles/run-action';
import { main } from '../../scripts/demo-serve';

let dir: string;
let serving: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'review-gate-demo-serve-'));
});

afterEach(() => {
  serving?.kill('SIGKILL');
  serving = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

/** `.env.example` with the given variables replaced; each must be there already. */
function envExampleWith(values: Record<string, string>): string {
  let text = readFileSync(join(ROOT, '.env.example'), 'utf8');
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^${name}=.*$`, 'm');
    expect(text, `.env.example sets ${name}`).toMatch(line);
    text = text.replace(line, `${name}=${value}`);
  }
  return text;
}

interface Served {
  code: Promise<number>;
  /** Settles once the servers say they listen, or fails when the script ends before that. */
  ready: Promise<void>;
  stdout(): string;
  stderr(): string;
}

/** Starts `scripts/demo-serve.ts --env FILE`, as `npm run demo:serve` does. */
function serve(envFile: string): Served {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/demo-serve.ts'), '--env', envFile], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir },
  });
  serving = child;
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const code = new Promise<number>((done) => child.on('close', (status) => done(status ?? -1)));
  const ready = new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('Ctrl+C stops them.')) done();
    });
    void code.then((status) => fail(new Error(`demo:serve ended with ${status} before it served: ${err}`)));
  });
  ready.catch(() => undefined);
  return { code, ready, stdout: () => out, stderr: () => err };
}

describe('npm run demo:serve with .env.example', () => {
  it('serves the demo pull request to the action run with the file’s variables, and stops on SIGTERM', async () => {
    const [service, github] = [await freePort(), await freePort()];
    const envFile = join(dir, '.env');
    writeFileSync(
      envFile,
      envExampleWith({
        'INPUT_API-URL': `http://127.0.0.1:${service}`,
        GITHUB_API_URL: `http://127.0.0.1:${github}`,
        GITHUB_EVENT_PATH: join(dir, 'event.json'),
        GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
        RUNNER_TEMP: dir,
      }),
    );
    const served = serve(envFile);
    await served.ready;

    const env = parseEnv(readFileSync(envFile, 'utf8'));
    const run = await new Promise<{ code: number; stdout: string }>((done) => {
      execFile(process.execPath, [join(ROOT, 'dist/index.js')], { cwd: dir, env: { PATH: process.env.PATH ?? '', HOME: dir, ...env } }, (error, stdout) =>
        done({ code: error === null ? 0 : Number(error.code), stdout }),
      );
    });
    expect(run.stdout).toContain('::error::review-gate failed: 2 error findings on added lines (fail-on-severity: error).');
    expect(run.code).toBe(1);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('## ❌ Failed: 2 error findings on added lines');

    serving?.kill('SIGTERM');
    expect(await served.code).toBe(0);
    // The demo's five files, four again with their comments and strings blanked (injection-check).
    expect(served.stdout()).toMatch(/\nStopped on SIGTERM: 9 requests to the review service, \d+ to GitHub\.\n$/);
  });

  it('refuses an env file that does not point at the demo’s servers, naming the value', async () => {
    const envFile = join(dir, '.env');
    writeFileSync(envFile, envExampleWith({ 'INPUT_API-URL': 'https://api.example.com' }));
    // In this process: its exit status and what it writes are the point, not the process.
    const out: string[] = [];
    const err: string[] = [];
    const stopSignal = () => Promise.reject(new Error('asked to wait for a signal: only running servers do'));
    expect(await main(['--env', envFile], { log: (line) => out.push(line), error: (line) => err.push(line), stopSignal })).toBe(2);
    expect(err).toEqual([`Invalid INPUT_API-URL 'https://api.example.com'. Expected http://127.0.0.1:PORT, where the demo server listens. (env file: ${envFile})`]);
    expect(out).toEqual([]);
  });
});
