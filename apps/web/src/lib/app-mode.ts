import { useLocation } from 'react-router';

/** Pilot (default) or airline_manager. */
export type AppMode = 'pilot' | 'airline_manager';

export const AIRLINE_MANAGER_PATH_PREFIX = '/airline-mgr';

/** The mode is derived from the path. */
export const getAppMode = (pathname: string): AppMode =>
  pathname === AIRLINE_MANAGER_PATH_PREFIX || pathname.startsWith(`${AIRLINE_MANAGER_PATH_PREFIX}/`)
    ? 'airline_manager'
    : 'pilot';

export const useAppMode = (): AppMode => getAppMode(useLocation().pathname);
