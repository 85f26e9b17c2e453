import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
import { resetTestEnvironment } from './test-environment';

// A console.error in a test fails it (CONVENTIONS.md "Tests").
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(async () => {
  cleanup();
  await resetTestEnvironment();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.stack ?? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test: ${first}`);
  }
});
