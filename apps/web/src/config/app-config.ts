import { MAP_SETTINGS_STORAGE_KEY } from '@contrail/domain/map/map-settings';
import packageJson from '../../package.json';

/** "2.6" from the package version "2.6.0": the spec shows major.minor only. */
export const APP_VERSION_LABEL = packageJson.version.split('.').slice(0, 2).join('.');

/**
 * One base URL per service (main, core, airport, airline manager). All default to the same origin; a
 * deployment that splits the services sets the VITE_* variables at build time.
 */
export const apiBaseUrls = {
  main: import.meta.env.VITE_API_URL ?? '',
  core: import.meta.env.VITE_CORE_API_URL ?? '',
  airport: import.meta.env.VITE_AIRPORT_API_URL ?? '',
  airlineManager: import.meta.env.VITE_AIRLINE_MANAGER_API_URL ?? '',
} as const;

/** Toasts close after 4 s, the clock ticks every second, the service worker is checked every 5 minutes. */
export const TOAST_AUTO_CLOSE_MS = 4000;
export const CLOCK_REFRESH_MS = 1000;
export const SERVICE_WORKER_CHECK_MS = 5 * 60 * 1000;

/** The layout breakpoints in px (the same values live in index.css @theme for Tailwind). */
export const breakpointsPx = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** The development outbox page served by the server when no SMTP is configured. */
export const DEV_OUTBOX_PATH = '/dev/outbox';
export const isDevOutboxShown = import.meta.env.DEV || import.meta.env.VITE_SHOW_DEV_OUTBOX === 'true';

/** Local-device keys. */
export const storageKeys = {
  tokens: 'contrail.tokens',
  language: 'contrail.language',
  mapSettings: MAP_SETTINGS_STORAGE_KEY,
} as const;
