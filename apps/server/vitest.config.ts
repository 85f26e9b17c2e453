import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/support/fail-on-console-error.ts'],
    // Migrates once per run; each file starts from a copy (docs/decisions/0018).
    globalSetup: ['./test/support/global-setup.ts'],
    // Files share their worker's module cache instead of importing the whole server again each
    // (about 2.5x faster here). Safe because no server test mocks a module or changes the
    // environment; each file builds its own app on its own database copy.
    isolate: false,
    // Limits for a stuck test, not speed targets: beside the browser journeys at a lower priority,
    // on a loaded machine, a test that takes 2 to 3 s here took over 30 s.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
