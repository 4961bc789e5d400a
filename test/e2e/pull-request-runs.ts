/**
 * Runs of the bundles on a pull request made of given files, for the end-to-end tests of issue
 * 15 round 2b (default excludes, #! scripts, the file list's pages, line breaks, api-url): the
 * action through the fake GitHub, and the terminal command on a real git repository.
 */
import type { FakeGitHubOptions } from '../doubles/fake-github';
import type { RunningSimulator } from '../doubles/simulator';
import type { PullRequestFixture } from '../doubles/run-action';
import { assertBuilt, runCliBundle, serviceEnv, tempRepo } from '../cli/bundled';
import type { FixtureFile } from '../support/fixture-files';
import type { ActionHarness } from './harness';

export const EVAL_PY = 'import sys\n\n\ndef run(expr):\n    return eval(expr)\n\n\nrun(sys.argv[1])\n';
export const EVAL_JS = 'export function run(expr) {\n  return eval(expr);\n}\n';
export const CLEAN_PY = 'def total(values):\n    return sum(values)\n';

/** The review requests' bodies, in the order the service received them. */
export const reviewBodies = (simulator: RunningSimulator) =>
  simulator.requests.filter((r) => r.path === '/v1/agent/review').map((r) => JSON.parse(r.body ?? '{}') as { code: string; language: string });

export function pullRequestRuns(harness: ActionHarness) {
  const { demo, servers, runAgainst } = harness;

  /** The action on a pull request of `files`, with the servers it ran against. */
  async function runOn(files: FixtureFile[], options: { inputs?: Record<string, string>; github?: Partial<FakeGitHubOptions> } = {}) {
    const fixture: PullRequestFixture = { ...demo, files };
    const { simulator, github } = await servers({ fixture, github: options.github ?? {} });
    const result = await runAgainst(simulator, github, fixture, options.inputs ?? {});
    return { ...result, simulator, github };
  }

  /** The terminal command on a repository whose main holds src/ok.py, with `files` written (untracked) on top. */
  async function reviewInTerminal(files: Record<string, string>) {
    assertBuilt();
    const { simulator } = await servers();
    const repo = tempRepo();
    try {
      repo.write('src/ok.py', CLEAN_PY);
      repo.commit('base');
      for (const [path, content] of Object.entries(files)) repo.write(path, content);
      return { result: await runCliBundle([], { cwd: repo.dir, env: serviceEnv(simulator.url) }), simulator };
    } finally {
      repo.remove();
    }
  }

  return { runOn, reviewInTerminal };
}
