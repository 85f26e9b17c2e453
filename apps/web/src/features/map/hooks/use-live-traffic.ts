import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TOnlineNetwork } from '@contrail/domain/network/online-network-flight';
import type { TNetworkUnavailableReason } from '@contrail/domain/network/network-contract';
import { apiBaseUrls } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { tokenStorage } from '../../../lib/token-storage';
import { useInProgressFlights } from '../api/get-in-progress-flights';
import { useNetworkFlights } from '../api/get-network-flights';
import { openLiveChannel } from '../api/live-channel';
import { mapQueryKeys } from '../api/query-keys';
import { fromInProgressFlight, fromNetworkFlight } from '../lib/traffic-adapters';
import type { MapAircraft, TrafficSource } from '../lib/moving-aircraft';

/** Why a traffic layer shows nothing: its feed is off or failing, or our server could not be reached. */
export type TrafficUnavailable = TNetworkUnavailableReason | 'UNREACHABLE';

export type TrafficState = {
  aircraft: MapAircraft[] | null;
  /** When the snapshot was received by this browser, ms since the epoch. */
  receivedAtMs: number;
  unavailable: TrafficUnavailable | null;
};

const useNetworkTraffic = (network: TOnlineNetwork, isEnabled: boolean): TrafficState => {
  const query = useNetworkFlights(network, isEnabled);
  const { data, dataUpdatedAt, isError } = query;
  return useMemo(() => {
    if (!data) return { aircraft: null, receivedAtMs: dataUpdatedAt, unavailable: isError ? 'UNREACHABLE' : null };
    return {
      aircraft: data.available ? data.flights.map(fromNetworkFlight) : [],
      receivedAtMs: dataUpdatedAt,
      unavailable: data.available ? null : (data.reason ?? 'SOURCE_FAILED'),
    };
  }, [data, dataUpdatedAt, isError]);
};

/**
 * The live channel, open while a user is signed in: each push refetches Contrail's in-progress
 * flights (when that layer is on) and tells `onRefresh` (the pilot's own flight, whichever device
 * records it, is read again: the list leaves it out).
 */
const useLiveChannel = (isSignedIn: boolean, isTrafficShown: boolean, onRefresh: (() => void) | undefined) => {
  const queryClient = useQueryClient();
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;
  const isTrafficShownRef = useRef(isTrafficShown);
  isTrafficShownRef.current = isTrafficShown;
  useEffect(() => {
    if (!isSignedIn) return undefined;
    const channel = openLiveChannel({
      baseUrl: apiBaseUrls.main,
      getToken: () => tokenStorage.get()?.token ?? null,
      refreshTokens: apiClient.refreshTokens,
      onRefresh: () => {
        if (isTrafficShownRef.current) void queryClient.invalidateQueries({ queryKey: mapQueryKeys.inProgressFlights() });
        onRefreshRef.current?.();
      },
    });
    return () => channel.close();
  }, [isSignedIn, queryClient]);
};

/**
 * Contrail's in-progress flights, refetched whenever the live channel says they changed (and
 * every 10 minutes besides), while the Contrail toggle is on and a user is signed in.
 */
const useOwnTraffic = (isEnabled: boolean): TrafficState => {
  const { data, dataUpdatedAt, isError } = useInProgressFlights(isEnabled);
  return useMemo(
    () => ({
      aircraft: data ? data.map(fromInProgressFlight) : null,
      receivedAtMs: dataUpdatedAt,
      unavailable: !data && isError ? 'UNREACHABLE' : null,
    }),
    [data, dataUpdatedAt, isError],
  );
};

/** Every traffic source of the map, fetched only while its toggle is on. */
export const useLiveTraffic = (toggles: Record<TrafficSource, boolean>, isSignedIn: boolean, onLiveRefresh?: () => void): Record<TrafficSource, TrafficState> => {
  useLiveChannel(isSignedIn, toggles.contrail, onLiveRefresh);
  return {
    contrail: useOwnTraffic(toggles.contrail && isSignedIn),
    vatsim: useNetworkTraffic('vatsim', toggles.vatsim),
    ivao: useNetworkTraffic('ivao', toggles.ivao),
  };
};
