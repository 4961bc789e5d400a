import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that run the bundles (dist/index.js, dist/cli/index.js): they need `npm run build`
 * first. A new test that runs dist/ goes in test/e2e/, or is named *.bundled.test.ts, or is
 * listed here. `npm run test:unit` runs every other test.
 */
const BUNDLED = [
  'test/e2e/**/*.test.ts',
  'test/**/*.bundled.test.ts',
  'test/cli/exit-status.contract.test.ts',
  'test/cli/terminal-safety.test.ts',
  'test/scripts/demo.test.ts',
  'test/scripts/demo-serve.test.ts',
  'test/package/package.test.ts',
];

export default defineConfig({
  test: {
    // Generous: the end-to-end tests spawn the bundle, two at once on two cores. Nothing here
    // waits on purpose; these only bound a hang.
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
