/**
 * `npm run demo:serve [-- --env FILE]`: the demo's service simulator and fake GitHub, kept running
 * at the addresses an env file names, so the action can be run by hand against the demo's pull
 * request — `npx @github/local-action . src/action/main.ts .env` — as `npm run demo` runs the bundle.
 * The env file (default `.env`, else `.env.example`) is the one definition of those addresses:
 * the simulator listens where `INPUT_API-URL` points, the fake GitHub where `GITHUB_API_URL`
 * points, and the pull_request event is written at `GITHUB_EVENT_PATH`. Ctrl+C (or SIGTERM)
 * stops both and exits 0; an env file that does not fit the demo exits 2, naming the value.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { DEMO_KEY, startSimulator } from '../test/doubles/simulator';
import { ROOT, loadFixture, pullRequestEvent, startFixtureGitHub } from '../test/doubles/run-action';

/** Where demo:serve writes, and the signal that stops it (the process's SIGINT or SIGTERM). */
export interface DemoServeIo {
  log: (line: string) => void;
  error: (line: string) => void;
  /** Settles with the signal that asks the running servers to stop; called once they listen, before they say so. */
  stopSignal: () => Promise<NodeJS.Signals>;
}

class DemoEnvError extends Error {
  override readonly name = 'DemoEnvError' as const;
}

/** The loopback port an `http://127.0.0.1:PORT` URL of the env file names. */
function loopbackPort(env: NodeJS.Dict<string>, name: string): number {
  const value = env[name] ?? '';
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' || url.hostname !== '127.0.0.1' || url.port === '' || url.pathname !== '/') {
    throw new DemoEnvError(`Invalid ${name} '${value}'. Expected http://127.0.0.1:PORT, where the demo server listens.`);
  }
  return Number(url.port);
}

function required(env: NodeJS.Dict<string>, name: string, expected?: string): string {
  const value = env[name] ?? '';
  if (value === '') throw new DemoEnvError(`${name} is not set. Copy it from .env.example.`);
  if (expected !== undefined && value !== expected) throw new DemoEnvError(`Invalid ${name} '${value}'. The demo serves only '${expected}'.`);
  return value;
}

/**
 * The fake GitHub listens on a free port; a fixed one lets the env file name it. Bytes are passed
 * through untouched, so what the action sends and gets is exactly what the fake says.
 */
async function forward(port: number, to: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(to, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  return {
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** A port someone else holds is the user's to free: one line saying which, no stack trace. */
function portInUse(port: number, name: string, io: DemoServeIo): (error: unknown) => undefined {
  return (error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    io.error(`Port ${port} of ${name} is in use: stop what listens there, or change the port in the env file.`);
    return undefined;
  };
}

/** demo:serve: its exit status once stopped (0), or at once for an env file that does not fit (2) or a port in use (1). */
export async function main(args: string[], io: DemoServeIo): Promise<number> {
  const at = args.indexOf('--env');
  const envFile = resolve(at === -1 ? (existsSync(join(ROOT, '.env')) ? join(ROOT, '.env') : join(ROOT, '.env.example')) : (args[at + 1] ?? ''));
  let env: NodeJS.Dict<string>;
  let ports: { service: number; github: number };
  const fixture = await loadFixture();
  try {
    if (!existsSync(envFile)) throw new DemoEnvError(`No env file at ${envFile}. Copy .env.example to .env.`);
    env = parseEnv(await readFile(envFile, 'utf8'));
    required(env, 'INPUT_API-KEY', DEMO_KEY);
    required(env, 'GITHUB_REPOSITORY', `${fixture.owner}/${fixture.repo}`);
    required(env, 'GITHUB_EVENT_NAME', 'pull_request');
    required(env, 'INPUT_GITHUB-TOKEN');
    required(env, 'GITHUB_EVENT_PATH');
    ports = { service: loopbackPort(env, 'INPUT_API-URL'), github: loopbackPort(env, 'GITHUB_API_URL') };
  } catch (error) {
    if (!(error instanceof DemoEnvError)) throw error;
    io.error(`${error.message} (env file: ${envFile})`);
    return 2;
  }

  // Relative paths are the action's, which runs in the folder it is started from.
  const eventPath = resolve(env.GITHUB_EVENT_PATH ?? '');
  await mkdir(dirname(eventPath), { recursive: true });
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(fixture), null, 2));
  // The runner creates these files before a step runs; the action appends to them.
  for (const name of ['GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT']) {
    const path = env[name];
    if (path === undefined || path === '') continue;
    await mkdir(dirname(resolve(path)), { recursive: true });
    await writeFile(resolve(path), '');
  }

  const simulator = await startSimulator({ port: ports.service }).catch(portInUse(ports.service, 'INPUT_API-URL', io));
  if (simulator === undefined) return 1;
  const github = await startFixtureGitHub(fixture, { token: env['INPUT_GITHUB-TOKEN'] ?? '' });
  const front = await forward(ports.github, Number(new URL(github.url).port)).catch(portInUse(ports.github, 'GITHUB_API_URL', io));
  if (front === undefined) {
    await Promise.all([simulator.close(), github.close()]);
    return 1;
  }
  // Listening for the signals before saying the servers listen: a Ctrl+C that answers stops them cleanly.
  const stopped = io.stopSignal();
  io.log(
    [
      `review-gate demo servers for ${fixture.owner}/${fixture.repo}#${fixture.number} “${fixture.title}”, from ${envFile}:`,
      `  service simulator  ${simulator.url}  (INPUT_API-URL)`,
      `  fake GitHub        http://127.0.0.1:${ports.github}  (GITHUB_API_URL)`,
      `  event              ${eventPath}  (GITHUB_EVENT_PATH)`,
      'In another terminal: npx @github/local-action . src/action/main.ts .env',
      'Ctrl+C stops them.',
    ].join('\n'),
  );

  const signal = await stopped;
  await front.close();
  await Promise.all([github.close(), simulator.close()]);
  io.log(`Stopped on ${signal}: ${simulator.requests.length} requests to the review service, ${github.requests.length} to GitHub.`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2), {
    log: (line) => console.log(line),
    error: (line) => console.error(line),
    stopSignal: () =>
      new Promise((done) => {
        process.once('SIGINT', done);
        process.once('SIGTERM', done);
      }),
  });
}
