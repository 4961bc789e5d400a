/**
 * The setup every end-to-end file shares: the demo pull request is at hand, every server a test
 * starts is closed after that test, passed or failed, and the action runs the way the file chose.
 * `useAction()` runs it in this process (test/doubles/run-action-in-process.ts); a run whose
 * point is the process itself — what reaches the real stdout and stderr, what node reads as it
 * starts, a file one process leaves for the next, the bundle as the runner runs it — passes
 * `runner: runBundledAction` to `runAgainst`; a file where every run's point is the process calls
 * `useBundledAction()`, and every run spawns dist/index.js. Either registers the hooks in the
 * calling file, and fails its tests with a clear message when a bundle they run is not built.
 * The servers stay on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator, SimulatorOptions } from '../doubles/simulator';
import type { FakeGitHub, FakeGitHubOptions } from '../doubles/fake-github';
import { GITHUB_TOKEN, ROOT, loadFixture, runBundledAction, startFixtureGitHub } from '../doubles/run-action';
import { runActionInProcess } from '../doubles/run-action-in-process';
import type { ActionRun, PullRequestFixture, RunOptions } from '../doubles/run-action';

/** Loaded once per worker (its files share one module graph); the tests copy it, never change it. */
const DEMO = await loadFixture();

export interface Closable {
  close(): Promise<void>;
}

export interface ServersOptions {
  /** The pull request the fake GitHub serves; default the demo. */
  fixture?: PullRequestFixture;
  /** Passed to the fake GitHub over the fixture's owner, repo, pull and token (e.g. `readOnly`, `checks`). */
  github?: Partial<FakeGitHubOptions>;
  simulator?: SimulatorOptions;
}

/** Runs the action on these options: in this process, or the bundle in a process of its own. */
export type ActionRunner = (options: RunOptions) => Promise<ActionRun>;

export interface ActionHarness {
  /** The demo pull request, fixtures/demo/pull-request.json. */
  demo: PullRequestFixture;
  /** Starts the service simulator and a fake GitHub serving the pull request; both close after the test. */
  servers: (options?: ServersOptions) => Promise<{ simulator: RunningSimulator; github: FakeGitHub }>;
  /** Closes these (a proxy, a hung server, a simulator shared by several runs) after the test. */
  closeAfterTest: (...servers: Closable[]) => void;
  /** Closes what is open now, for a test that starts afresh more than once. */
  closeAll: () => Promise<void>;
  /** Runs the action the way the file chose. */
  run: ActionRunner;
  /**
   * Runs the action on `fixture` against these servers with the demo key and token; `inputs` add
   * to or replace them. `extra.runner` runs one test otherwise (`runBundledAction` for two runs at once).
   */
  runAgainst: (
    simulator: RunningSimulator,
    github: FakeGitHub,
    fixture: PullRequestFixture,
    inputs?: Record<string, string>,
    extra?: Partial<RunOptions> & { runner?: ActionRunner },
  ) => Promise<ActionRun>;
}

/**
 * The action runs in this process. `bundles` names the bundles some test of the file still runs
 * (dist/cli/index.js; dist/index.js for a test only a process can show), checked before the first.
 */
export function useAction(options: { bundles?: string[] } = {}): ActionHarness {
  return harness(runActionInProcess, options.bundles ?? []);
}

/** Every run of the file spawns the bundle, dist/index.js, as the Actions runner runs it (and `bundles`, when the file runs others). */
export function useBundledAction(options: { bundles?: string[] } = {}): ActionHarness {
  return harness(runBundledAction, options.bundles ?? ['dist/index.js']);
}

/**
 * Registers, in the calling test file, a `beforeAll` that fails every test with a clear message
 * when one of `bundles` is not built, and an `afterEach` that closes the servers the test started.
 */
function harness(run: ActionRunner, bundles: string[]): ActionHarness {
  const open: Closable[] = [];
  const closeAll = async (): Promise<void> => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  };

  if (bundles.length > 0) {
    beforeAll(() => {
      for (const bundle of bundles) {
        if (!existsSync(join(ROOT, bundle))) throw new Error(`${bundle} is missing: run \`npm run build\` first.`);
      }
    });
  }
  afterEach(closeAll);

  return {
    demo: DEMO,
    servers: async ({ fixture = DEMO, github = {}, simulator: simulatorOptions = {} } = {}) => {
      const simulator = await startSimulator(simulatorOptions);
      open.push(simulator);
      const fake = await startFixtureGitHub(fixture, github);
      open.push(fake);
      return { simulator, github: fake };
    },
    closeAfterTest: (...servers) => {
      open.push(...servers);
    },
    closeAll,
    run,
    runAgainst: (simulator, github, fixture, inputs = {}, { runner = run, ...extra } = {}) =>
      runner({
        inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
        githubApiUrl: github.url,
        fixture,
        ...extra,
      }),
  };
}
