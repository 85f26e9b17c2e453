import { defineConfig } from 'vitest/config';

/**
 * One runner for every tier (see docs/decisions/0004-test-tiers.md): each workspace is a project,
 * so `npm test` prints one summary for all of them.
 */
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e'],
  },
});
