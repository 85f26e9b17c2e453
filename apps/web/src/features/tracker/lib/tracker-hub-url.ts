import { TRACKER_HUB_DEFAULT_PORT } from '@contrail/domain/live/connection-status';

/** Device key holding the tracker hub's URL when it is not the default one. */
export const TRACKER_HUB_URL_STORAGE_KEY = 'contrail.trackerHubUrl';

/** The hub's URL when nothing else is configured: the tracker's default port on this machine. */
export const DEFAULT_TRACKER_HUB_URL = `http://127.0.0.1:${TRACKER_HUB_DEFAULT_PORT}`;

const isPort = (value: string): boolean => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65_535;

/**
 * Where the browser finds the tracker's local hub, in this order:
 * 1. `?trackerPort=NNNN` in the page address (a pilot running `npm run tracker -- serve --port NNNN`):
 *    remembered on the device as `http://127.0.0.1:NNNN`;
 * 2. the URL remembered on the device (`contrail.trackerHubUrl`);
 * 3. the build's `VITE_TRACKER_HUB_URL`;
 * 4. `http://127.0.0.1:7373` (TRACKER_HUB_DEFAULT_PORT).
 */
export const resolveTrackerHubUrl = (
  search: string = typeof window === 'undefined' ? '' : window.location.search,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
  configured: string | undefined = import.meta.env.VITE_TRACKER_HUB_URL as string | undefined,
): string => {
  const port = new URLSearchParams(search).get('trackerPort');
  if (port !== null && isPort(port)) {
    const url = `http://127.0.0.1:${port}`;
    try {
      storage?.setItem(TRACKER_HUB_URL_STORAGE_KEY, url);
    } catch {
      // storage full or blocked: use it for this page only
    }
    return url;
  }
  try {
    const stored = storage?.getItem(TRACKER_HUB_URL_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // blocked storage: fall through
  }
  return configured && configured !== '' ? configured : DEFAULT_TRACKER_HUB_URL;
};
