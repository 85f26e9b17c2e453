import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: {
      // The PWA plugin is not loaded in tests; its virtual module gets a stand-in.
      'virtual:pwa-register/react': fileURLToPath(new URL('./src/testing/pwa-register-stub.ts', import.meta.url)),
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    // Longer than one findBy* wait (5 s, setup-tests.ts), so a test slowed by the server tests
    // beside it on two cores fails on what it checks, not on the clock.
    testTimeout: 20_000,
  },
});
