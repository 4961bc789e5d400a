/**
 * The setup every end-to-end file shares: the bundle under test must be built, the demo pull
 * request is at hand, and every server a test starts is closed after that test, passed or failed.
 * `useBundledAction()` registers the hooks in the calling file; the servers stay on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { DEMO_KEY, startSimulator } from '../doubles/simulator';
import type { RunningSimulator, SimulatorOptions } from '../doubles/simulator';
import type { FakeGitHub, FakeGitHubOptions } from '../doubles/fake-github';
import { GITHUB_TOKEN, ROOT, loadFixture, runBundledAction, startFixtureGitHub } from '../doubles/run-action';
import type { ActionRun, PullRequestFixture, RunOptions } from '../doubles/run-action';

/** Loaded once per test file (each file runs in its own module graph). */
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

export interface BundledActionHarness {
  /** The demo pull request, fixtures/demo/pull-request.json. */
  demo: PullRequestFixture;
  /** Starts the service simulator and a fake GitHub serving the pull request; both close after the test. */
  servers: (options?: ServersOptions) => Promise<{ simulator: RunningSimulator; github: FakeGitHub }>;
  /** Closes these (a proxy, a hung server, a simulator shared by several runs) after the test. */
  closeAfterTest: (...servers: Closable[]) => void;
  /** Closes what is open now, for a test that starts afresh more than once. */
  closeAll: () => Promise<void>;
}

/**
 * Registers, in the calling test file, a `beforeAll` that fails every test with a clear message
 * when a bundle is not built, and an `afterEach` that closes the servers the test started.
 */
export function useBundledAction(options: { bundles?: string[] } = {}): BundledActionHarness {
  const open: Closable[] = [];
  const closeAll = async (): Promise<void> => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  };

  beforeAll(() => {
    for (const bundle of options.bundles ?? ['dist/index.js']) {
      if (!existsSync(join(ROOT, bundle))) throw new Error(`${bundle} is missing: run \`npm run build\` first.`);
    }
  });
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
  };
}

/** Runs the bundle on `fixture` against these servers with the demo key and token; `inputs` add to or replace them. */
export function runAgainst(
  simulator: RunningSimulator,
  github: FakeGitHub,
  fixture: PullRequestFixture,
  inputs: Record<string, string> = {},
  extra: Partial<RunOptions> = {},
): Promise<ActionRun> {
  return runBundledAction({
    inputs: { 'api-key': DEMO_KEY, 'api-url': simulator.url, 'github-token': GITHUB_TOKEN, ...inputs },
    githubApiUrl: github.url,
    fixture,
    ...extra,
  });
}
