import { useSyncExternalStore } from 'react';
import type { TrafficSource } from '../lib/moving-aircraft';
import type { TrafficUnavailable } from './use-live-traffic';

/**
 * Why each traffic layer turned on draws nothing (its feed is off on this server, failing, or our
 * server is out of reach), as the live map last learnt it. The map writes it; the map settings,
 * where the pilot turns the layers on, say it: once, in one place, never over a page.
 */
export type NetworkStatus = Partial<Record<TrafficSource, TrafficUnavailable>>;

type Listener = () => void;
const listeners = new Set<Listener>();
let status: NetworkStatus = {};

const sameStatus = (a: NetworkStatus, b: NetworkStatus) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<TrafficSource>;
  return [...keys].every((key) => a[key] === b[key]);
};

export const networkStatusStore = {
  get: (): NetworkStatus => status,
  set: (next: NetworkStatus): void => {
    if (sameStatus(status, next)) return;
    status = next;
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useNetworkStatus = (): NetworkStatus => useSyncExternalStore(networkStatusStore.subscribe, networkStatusStore.get, networkStatusStore.get);
