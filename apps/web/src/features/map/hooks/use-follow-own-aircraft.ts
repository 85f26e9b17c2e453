import { useSyncExternalStore } from 'react';

/**
 * Follow mode of the live map (the map keeps the pilot's own aircraft centred), shared by the
 * follow control, the flight widget and the map. Not saved: each visit starts again. A flight in
 * progress is followed once when its aircraft first shows in a visit; panning away ends it until
 * the pilot asks again (the follow control or the widget's flight number).
 */
type Listener = () => void;
type FollowState = { isFollowing: boolean; /** Bumped by each explicit request to go to the aircraft. */ focusRequest: number };
const listeners = new Set<Listener>();
let state: FollowState = { isFollowing: false, focusRequest: 0 };
const autoFollowedFlights = new Set<string>();

const update = (next: FollowState) => {
  if (next.isFollowing === state.isFollowing && next.focusRequest === state.focusRequest) return;
  state = next;
  listeners.forEach((listener) => listener());
};

export const followOwnAircraftStore = {
  get: (): boolean => state.isFollowing,
  getState: (): FollowState => state,
  set: (isFollowing: boolean): void => update({ ...state, isFollowing }),
  /** Takes the map to the aircraft and follows it, even when follow mode was already on. */
  focus: (): void => update({ isFollowing: true, focusRequest: state.focusRequest + 1 }),
  /** Follows a flight the first time its aircraft shows in this visit; later calls change nothing. */
  followOnce: (flightId: string): void => {
    if (autoFollowedFlights.has(flightId)) return;
    autoFollowedFlights.add(flightId);
    update({ ...state, isFollowing: true });
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only: a fresh visit. */
  reset: (): void => {
    autoFollowedFlights.clear();
    update({ isFollowing: false, focusRequest: 0 });
  },
};

export const useFollowOwnAircraft = (): boolean =>
  useSyncExternalStore(followOwnAircraftStore.subscribe, followOwnAircraftStore.get, followOwnAircraftStore.get);

export const useFollowFocusRequest = (): number => {
  const read = () => followOwnAircraftStore.getState().focusRequest;
  return useSyncExternalStore(followOwnAircraftStore.subscribe, read, read);
};
