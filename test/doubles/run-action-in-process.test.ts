/**
 * The in-process runner gives what a spawn of the bundle gives, and gives the process back as it
 * found it: each run sees only its own job summary and the clean environment, and process.env,
 * the output streams and the exit status are restored however the run ends.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, startSimulator } from './simulator';
import { GITHUB_TOKEN, loadFixture, startFixtureGitHub } from './run-action';
import type { RunOptions } from './run-action';
import { runActionInProcess } from './run-action-in-process';
import { CLOSED_PORT } from '../support/closed-port';

const demo = await loadFixture();
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** Options for a run whose servers are not needed: the entry under test never reaches them. */
const offline: RunOptions = { inputs: { 'api-key': DEMO_KEY }, githubApiUrl: `http://127.0.0.1:${CLOSED_PORT}`, fixture: demo };

/** Sets `name` in this process for the length of `body`. */
async function withVariable<T>(name: string, value: string, body: () => Promise<T>): Promise<T> {
  const before = process.env[name];
  process.env[name] = value;
  try {
    return await body();
  } finally {
    if (before === undefined) Reflect.deleteProperty(process.env, name);
    else process.env[name] = before;
  }
}

/** Where process.stdout.write and process.stderr.write are set, as a capture would change them. */
const streamWriters = () => [process.stdout, process.stderr].map((stream) => Object.getOwnPropertyDescriptor(stream, 'write'));

describe('the action run in this process', () => {
  it('gives two runs in a row each its own job summary, outputs and exit status, with none of the machine’s proxy variables', async () => {
    const simulator = await startSimulator();
    const github = await startFixtureGitHub(demo);
    open.push(simulator, github);
    const inputs = { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, 'check-run': 'false' };

    // A proxy that refuses every connection: the run reaches both servers only if the variable stays out of it, as a spawn's clean environment keeps it out.
    const [failed, passed] = await withVariable('HTTP_PROXY', `http://127.0.0.1:${CLOSED_PORT}`, async () => [
      await runActionInProcess({ inputs, githubApiUrl: github.url, fixture: demo }),
      await runActionInProcess({ inputs: { ...inputs, include: 'src/service.ts', 'dry-run': 'true' }, githubApiUrl: github.url, fixture: demo }),
    ]);

    expect([failed?.exitCode, failed?.outputs.result, passed?.exitCode, passed?.outputs.result]).toEqual([1, 'failed', 0, 'passed']);
    expect(failed?.stepSummary.trimStart().startsWith('## ❌ Failed')).toBe(true);
    expect(passed?.stepSummary.trimStart().startsWith('## ✅ Passed')).toBe(true);
    // One verdict each: the second summary holds nothing of the first.
    expect([failed?.stepSummary, passed?.stepSummary].map((summary) => summary?.match(/^## [❌✅]/gmu)?.length)).toEqual([1, 1]);
    expect(passed?.stdout).not.toContain('::error::review-gate failed');
    expect(process.exitCode ?? 0).toBe(0);
  });

  it('gives the run exactly the environment a spawn gets, vitest’s own variables aside', async () => {
    let seen: NodeJS.ProcessEnv = {};
    await withVariable('HTTPS_PROXY', 'http://proxy.example:3128', () =>
      runActionInProcess({ ...offline, inputs: { 'api-key': DEMO_KEY, 'dry-run': 'true' }, env: { GITHUB_WORKSPACE: '/tmp/ws' } }, () => {
        seen = { ...process.env };
        return Promise.resolve();
      }),
    );

    const names = Object.keys(seen).filter((name) => !name.startsWith('VITEST')).sort();
    expect(names).toEqual([
      'GITHUB_ACTIONS', 'GITHUB_API_URL', 'GITHUB_EVENT_NAME', 'GITHUB_EVENT_PATH', 'GITHUB_OUTPUT', 'GITHUB_REPOSITORY',
      'GITHUB_STEP_SUMMARY', 'GITHUB_WORKSPACE', 'HOME', 'INPUT_API-KEY', 'INPUT_DRY-RUN', 'PATH', 'RUNNER_TEMP',
    ]);
    expect([seen.GITHUB_WORKSPACE, seen['INPUT_DRY-RUN'], seen.PATH]).toEqual(['/tmp/ws', 'true', process.env.PATH]);
  });

  it('gives back process.env, the output streams and the exit status, and fails loudly, when run() throws', async () => {
    const env = { ...process.env };
    const writers = streamWriters();
    const exitCode = process.exitCode;

    const thrown = runActionInProcess(offline, () => {
      process.stdout.write('::error::half a run\n');
      process.stderr.write('a warning\n');
      process.exitCode = 1;
      process.env.SET_BY_THE_RUN = '1';
      return Promise.reject(new Error('a bug'));
    });

    await expect(thrown).rejects.toThrow("The action's run() threw, which it must never do: a bug");
    expect(process.env).toEqual(env);
    expect([streamWriters(), process.exitCode]).toEqual([writers, exitCode]);
  });

  it('answers the exit status the run set, and what it wrote to stdout and stderr, leaving the worker’s exit status as it was', async () => {
    const exitCode = process.exitCode;
    const result = await runActionInProcess(offline, () => {
      process.stdout.write('::error::failed\n');
      process.stderr.write(Buffer.from('on stderr\n'));
      process.exitCode = 1;
      return Promise.resolve();
    });

    expect([result.exitCode, result.stdout, result.stderr]).toEqual([1, '::error::failed\n', 'on stderr\n']);
    expect(process.exitCode).toBe(exitCode);
  });

  it('refuses a second run while one is under way', async () => {
    let entered = (): void => undefined;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let finish = (): void => undefined;
    const first = runActionInProcess(offline, () => {
      entered();
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await inside;

    await expect(runActionInProcess(offline, () => Promise.resolve())).rejects.toThrow('Another in-process run of the action is under way');
    finish();
    expect((await first).exitCode).toBe(0);
  });

  it('leaves to the bundle a run of another script or with its own job summary file', async () => {
    await expect(runActionInProcess({ ...offline, script: 'bench/naive.js' })).rejects.toThrow('bench/naive.js needs a process: use runBundledAction.');
    await expect(runActionInProcess({ ...offline, env: { GITHUB_STEP_SUMMARY: '/nonexistent/summary.md' } })).rejects.toThrow('@actions/core keeps the first one');
  });
});
