import { useSyncExternalStore } from 'react';
import { registerClientStateReset } from '../../../lib/client-state';
import { TrackerHubClient, type TrackerHubSnapshot } from '../api/tracker-hub-client';
import { resolveTrackerHubUrl } from '../lib/tracker-hub-url';

let client: TrackerHubClient | null = null;

/** The app's one link to the tracker hub (created at first use, closed at logout). */
export const getTrackerHub = (): TrackerHubClient => {
  client ??= new TrackerHubClient(resolveTrackerHubUrl());
  return client;
};

/** Tests replace the hub with one on a fake socket. */
export const setTrackerHubForTest = (next: TrackerHubClient | null): void => {
  client?.disconnect();
  client = next;
};

registerClientStateReset(() => {
  client?.disconnect();
  client = null;
});

/** The hub link and simulator status, re-rendering on every change. */
export const useTrackerHub = (): TrackerHubSnapshot => {
  const hub = getTrackerHub();
  return useSyncExternalStore(hub.subscribe, hub.getSnapshot, hub.getSnapshot);
};
