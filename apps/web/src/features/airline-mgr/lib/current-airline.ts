import { useSyncExternalStore } from 'react';
import { registerClientStateReset } from '../../../lib/client-state';

/**
 * The airline the manager works on: chosen in the selection at /airline-mgr,
 * cleared on leaving airline-manager mode and at logout. Kept for the tab only.
 */
const KEY = 'contrail.currentAirline';
const listeners = new Set<() => void>();
const read = (): string | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY));

export const currentAirline = {
  get: read,
  set: (airlineId: string | null): void => {
    if (airlineId === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, airlineId);
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

registerClientStateReset(() => currentAirline.set(null));

export const useCurrentAirlineId = (): string | null => useSyncExternalStore(currentAirline.subscribe, read, () => null);
