import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Pure functions, no module mocks: files share their worker's modules (decision 0018's addendum).
    isolate: false,
  },
});
