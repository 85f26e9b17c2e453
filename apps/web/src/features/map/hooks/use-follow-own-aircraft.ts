import { useSyncExternalStore } from 'react';

/**
 * Follow mode of the live map (the map keeps the pilot's own aircraft centred), shared by the
 * corner button and the map. Not saved: each visit starts with a free map.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let isFollowing = false;

export const followOwnAircraftStore = {
  get: (): boolean => isFollowing,
  set: (next: boolean): void => {
    if (next === isFollowing) return;
    isFollowing = next;
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useFollowOwnAircraft = (): boolean =>
  useSyncExternalStore(followOwnAircraftStore.subscribe, followOwnAircraftStore.get, followOwnAircraftStore.get);
