import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import '../lib/i18n';
import { resetTestEnvironment } from './test-environment';
import { setNotificationSocketFactory } from '../features/notifications/api/notification-channel';
import { fakeNotificationSocketFactory } from '../features/notifications/testing/fake-notification-socket';

// findBy* waits up to 5 s: the whole suite shares two cores with the server tests, and a lazy
// route's first render can take longer than the default second there.
configure({ asyncUtilTimeout: 5000 });

// The bell's live channel is open on every signed-in page; jsdom has no server for it.
setNotificationSocketFactory(fakeNotificationSocketFactory);

// A console.error in a test fails it, so an unexpected error never passes unnoticed.
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
  // The real fetch back, and no `jest` global left: the next file runs in the same worker.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.stack ?? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s) during the test: ${first}`);
  }
});
