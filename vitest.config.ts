import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that run the bundles (dist/index.js, dist/cli/index.js): they need `npm run build`
 * first. Most end-to-end tests run the action in the test's own process (useAction() in
 * test/e2e/harness.ts) and need no build; these spawn a bundle in some test. A new test that runs
 * dist/ is named *.bundled.test.ts, or is listed here. `npm run test:unit` runs every other test.
 */
const BUNDLED = [
  'test/**/*.bundled.test.ts',
  // The action's bundle in every run (useBundledAction): the process itself is the point.
  ...[
    'secrets-encoded',
    'github-client', // a hung GitHub and a broken event file: no stack trace from the process
    'sarif-security', // the SARIF contract, through the bundle's lazily loaded chunks
    'self-test', // NODE_EXTRA_CA_CERTS and a proxy, read as node starts
  ].map((name) => `test/e2e/${name}.test.ts`),
  // In-process but for a test that needs a process (runs at once, a summary path, a CA file).
  ...['check-replacement', 'fail-closed-target', 'fail-closed-writes', 'one-verdict'].map((name) => `test/e2e/${name}.test.ts`),
  // In-process but for the runs whose point is the process.
  ...[
    'action', // dist/index.js as the runner runs it; file names against the real stdout
    'fail-closed-secrets', // what reaches the real stdout and stderr
    'fail-closed-files', // a cache entry one process leaves for the next
    'result-cache',
    'stored-pace', // the pace one process stores for the next
    'sarif-walkthrough', // the SARIF writer and the walkthrough, lazily loaded chunks of the bundle
  ].map((name) => `test/e2e/${name}.test.ts`),
  // The action in-process, the terminal's bundle too (dist/cli/index.js).
  ...['annotation-cap', 'api-url-not-a-review', 'default-excludes', 'fail-closed-collect', 'fail-closed-service', 'shebang-scripts'].map((name) => `test/e2e/${name}.test.ts`),
  'test/cli/exit-status.contract.test.ts',
  'test/cli/terminal-safety.test.ts',
  'test/scripts/demo.test.ts',
  'test/scripts/demo-serve.test.ts',
  'test/package/package.test.ts',
];

export default defineConfig({
  test: {
    // Generous: some end-to-end tests spawn a bundle, two at once on two cores. Nothing here waits
    // on purpose; these only bound a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs its test files in one module graph rather than a fresh one per file: the
    // graph is the same for every file, and loading it again per file was a third of the unit
    // tests' time (31 s → 16 s). A test restores what it changes (spies, timers, env).
    isolate: false,
    // vitest's default is one worker fewer than the cores: a single worker on two cores, which
    // leaves one core idle while a test waits for the process it spawned.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...BUNDLED] } },
      { extends: true, test: { name: 'bundled', include: BUNDLED } },
    ],
  },
});
