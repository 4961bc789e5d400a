/**
 * End to end, the action and the terminal command (dist/cli/index.js) against an api-url that
 * does not lead to the review service: every review request answered 404 (a wrong path) or 405 (a
 * wrong method there), by the service's own error body or by a web server's page. The run stops after
 * a few such answers, the CLI exits 3 ("could not run", not "the code is bad") and the action
 * fails whatever on-incomplete says, each naming api-url, the URL and the status; every request
 * id is printed once. One such answer among reviews stays that file's own failure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-status';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator } from '../doubles/simulator';
import type { PullRequestFixture } from '../doubles/run-action';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from '../cli/bundled';
import type { CliRunner, TempRepo } from '../cli/bundled';
import { runCliInProcess } from '../cli/in-process';
import { useAction } from './harness';

/** The default concurrency: at most this many requests are in flight when the run stops. */
const CONCURRENCY = 4;
/** Wrong answers in a row, with no review, after which nothing more is sent. */
const STOP_AFTER = 3;
const REVIEW = '/v1/agent/review';

/** No line holds a request id twice, and no stream prints one twice. */
function expectEachRequestIdOnce(simulator: RunningSimulator, ...streams: string[]): void {
  const ids = simulator.requests.map((r) => r.requestId);
  expect(ids.length).toBeGreaterThan(0);
  for (const text of streams) {
    for (const line of text.split('\n')) {
      for (const id of ids) expect(line.split(id).length - 1, line).toBeLessThanOrEqual(1);
    }
    for (const id of ids) expect(text.split(id).length - 1, `${id} in:\n${text}`).toBeLessThanOrEqual(1);
  }
}

describe('the bundled CLI when api-url does not lead to the review service', () => {
  let simulator: RunningSimulator;
  let repo: TempRepo;
  const files = Array.from({ length: 10 }, (_, i) => `m${i}.py`);

  beforeAll(async () => {
    assertBuilt();
    simulator = await startSimulator();
    repo = tempRepo();
    for (const name of files) repo.write(name, 'x = 1\n');
    repo.commit('base');
    for (const [i, name] of files.entries()) repo.write(name, `def f${i}(rule):\n    return eval(rule)\n`);
  });
  afterAll(async () => {
    await simulator.close();
    repo.remove();
  });

  // In this process (runCli's status is the one the bundle exits with), but for the first test,
  // which reads the bundled command's real exit status and streams.
  const run = async (args: string[], url = simulator.url, runner: CliRunner = runCliInProcess) => {
    simulator.requests.length = 0;
    return await runner(args, { cwd: repo.dir, env: serviceEnv(url) });
  };

  it('exits 3 on a wrong path (404 on every request), naming the URL and the status, after a few requests', async () => {
    const url = `${simulator.url}/api`;
    const result = await run([], url, runCliBundle);

    expect(result.code).toBe(EXIT.couldNotRun);
    const last = result.out.trimEnd().split('\n').at(-1) ?? '';
    expect(last).toMatch(/^review-gate could not run: /);
    expect(last).toContain(`api-url ${url}`);
    expect(last).toContain('404');
    expect(last).toContain('10 of 10 files not reviewed');
    expect(result.out).not.toContain('review-gate failed');
    expect(simulator.requests.every((r) => r.path === `/api${REVIEW}` && r.status === 404)).toBe(true);
    expect(simulator.requests.length).toBeGreaterThanOrEqual(STOP_AFTER);
    expect(simulator.requests.length).toBeLessThanOrEqual(STOP_AFTER + CONCURRENCY - 1);
    expectEachRequestIdOnce(simulator, result.out, result.err);
  });

  it('sends exactly three requests one at a time', async () => {
    const result = await run(['--concurrency', '1'], `${simulator.url}/api`);
    expect(result.code).toBe(EXIT.couldNotRun);
    expect(simulator.requests).toHaveLength(STOP_AFTER);
    expectEachRequestIdOnce(simulator, result.out, result.err);
  });

  it.each([405, 404])("exits 3 when a web server answers %i with its own page on every request", async (status) => {
    simulator.inject({ kind: 'web_page', status, path: REVIEW, times: 100 });
    const result = await run([]);
    simulator.clearFaults();

    expect(result.code).toBe(EXIT.couldNotRun);
    const last = result.out.trimEnd().split('\n').at(-1) ?? '';
    expect(last).toContain(`api-url ${simulator.url}`);
    expect(last).toContain(String(status));
    expect(simulator.requests.length).toBeLessThanOrEqual(STOP_AFTER + CONCURRENCY - 1);
  });

  it('exits 3 when every request of a small run is answered 404, fewer than the stop needs', async () => {
    const small = tempRepo();
    try {
      small.write('a.py', 'x = 1\n');
      small.commit('base');
      small.write('a.py', 'def run(rule):\n    return eval(rule)\n');
      simulator.requests.length = 0;
      const url = `${simulator.url}/api`;
      const result = await runCliInProcess([], { cwd: small.dir, env: serviceEnv(url) });

      expect(result.code).toBe(EXIT.couldNotRun);
      expect(result.out).toContain(`api-url ${url}`);
      expect(simulator.requests).toHaveLength(1);
      expectEachRequestIdOnce(simulator, result.out, result.err);
    } finally {
      small.remove();
    }
  });

  it('keeps one 404 among reviews a failure of that file: exit 1, the other files reviewed', async () => {
    simulator.inject({ kind: 'web_page', status: 404, path: REVIEW, bodyContains: 'def f3(' });
    const result = await run([]);
    simulator.clearFaults();

    expect(result.code).toBe(EXIT.failed);
    expect(result.out).toMatch(/^10 changed files: 9 reviewed, 0 skipped, 1 not reviewed/m);
    expect(result.out).toMatch(/^ {2}m3\.py: Review service answered 404 with a body that is not JSON/m);
    expect(result.out).not.toContain('api-url');
    expect(simulator.requests).toHaveLength(10);
  });
});

describe('the action when api-url does not lead to the review service', () => {
  const { demo, servers, runAgainst } = useAction();
  const fixture: PullRequestFixture = {
    ...demo,
    files: Array.from({ length: 20 }, (_, i) => ({ filename: `src/m${i}.py`, status: 'added', content: `V${i} = ${i}\n`, additions: 1, patch: `@@ -0,0 +1 @@\n+V${i} = ${i}` })),
  };

  it.each([
    ['a wrong path: 404 from the service', 404, (url: string) => `${url}/api`, undefined],
    ['a web server refusing POST: 405', 405, (url: string) => url, 405],
  ] as const)('fails with the api-url message and a failed check run, on %s, even with on-incomplete: pass', async (_case, status, apiUrlOf, pageStatus) => {
    const { simulator, github } = await servers({ fixture });
    if (pageStatus !== undefined) simulator.inject({ kind: 'web_page', status: pageStatus, path: REVIEW, times: 100 });
    const apiUrl = apiUrlOf(simulator.url);
    const result = await runAgainst(simulator, github, fixture, { 'api-url': apiUrl, 'on-incomplete': 'pass' });

    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'files-reviewed': '0', 'files-failed': '20' });
    const failure = result.stdout.split('\n').filter((l) => l.startsWith('::error::'));
    expect(failure).toHaveLength(1);
    expect(failure[0]).toContain(`api-url ${apiUrl}`);
    expect(failure[0]).toContain(String(status));
    expect(result.outputs.reasons).toContain(`api-url ${apiUrl}`);
    expect(result.outputs.reasons).not.toContain('on-incomplete');
    expect(github.checkRuns.map((c) => c.conclusion)).toEqual(['failure']);
    expect(github.checkRuns[0]?.output.title).toContain(`api-url ${apiUrl}`);
    expect(simulator.requests.length).toBeLessThanOrEqual(STOP_AFTER + CONCURRENCY - 1);
    // The key is masked for the runner, and named nowhere else.
    expect(result.stdout.split('\n').filter((l) => l.includes(DEMO_KEY))).toEqual([`::add-mask::${DEMO_KEY}`]);
    expectEachRequestIdOnce(simulator, result.stdout);
  });
});
