import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    // The end-to-end suites spawn dist/index.js; two cores is all CI has.
    pool: 'forks',
  },
});
