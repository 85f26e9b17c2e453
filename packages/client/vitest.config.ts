import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // No module mocks and no module state: files share their worker's modules.
    isolate: false,
  },
});
