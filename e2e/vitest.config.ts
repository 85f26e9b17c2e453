import { defineProject } from 'vitest/config';

/** Browser journeys: one real server for the run, Debian's Chromium driven by playwright-core. */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    // A step's budget is about twice what it takes beside the other suites on a slow 2-core
    // machine: the longest (a PNC flight flown at 32x) takes 145 s there.
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
