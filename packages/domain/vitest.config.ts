import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Pure functions, no module mocks: files share their worker's modules (decision 0018's addendum).
    isolate: false,
    // Beside the browser journeys at a lower priority, on a slow CI machine, a test that takes 1 s
    // here once took over 5 s (Vitest's default limit): no test here is about speed.
    testTimeout: 30_000,
  },
});
