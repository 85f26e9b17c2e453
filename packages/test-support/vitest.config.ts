import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'test-support',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Pure data and converters, no module mocks: files share their worker's modules (decision 0018's addendum).
    isolate: false,
  },
});
