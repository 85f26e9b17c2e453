import { defineProject } from 'vitest/config';

/** Browser journeys: one real server for the run, Debian's Chromium driven by playwright-core. */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
