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
    // Files share their worker's modules and jsdom instead of loading React, the app and a new
    // jsdom each (about 3x faster here). Safe because no web test mocks a module (a stand-in is
    // passed in: LiveMapController's createMap, AirlineFinanceChart's BarChart) and setup-tests.ts
    // puts every piece of module state and every stubbed global back after each test.
    isolate: false,
    // Longer than one findBy* wait (5 s, setup-tests.ts), so a test slowed by the server tests
    // beside it on two cores fails on what it checks, not on the clock.
    testTimeout: 20_000,
  },
});
