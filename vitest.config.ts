import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Generous: the end-to-end tests spawn the bundle and pace GitHub writes in real time, and CI
    // runs two of them at once on two cores. Nothing here waits on purpose; these only bound a hang.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The end-to-end suites spawn dist/index.js; two cores is all CI has.
    pool: 'forks',
  },
});
