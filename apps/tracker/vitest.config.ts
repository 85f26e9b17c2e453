import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tracker',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
