import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNetworkFlightsResponse } from '@contrail/domain/network/network-contract';
import { networkRoutes } from '@contrail/domain/network/network-routes';
import type { TOnlineNetwork } from '@contrail/domain/network/online-network-flight';
import { apiClient } from '../../../lib/api-client';
import { mapQueryKeys } from './query-keys';

/** Used until the server has said how often it polls the feed. */
const DEFAULT_POLL_INTERVAL_MS = 15_000;

/**
 * GET /api/v1/network/{vatsim|ivao}/flights. Always 200 from the server: an unavailable feed is
 * `available: false` with a reason. The browser's cache revalidates with the server's ETag, so an
 * unchanged snapshot costs a 304.
 */
export const getNetworkFlights = (network: TOnlineNetwork): Promise<TNetworkFlightsResponse> =>
  apiClient.call(networkRoutes.flights, { params: { network } });

export const networkFlightsQueryOptions = (network: TOnlineNetwork) =>
  queryOptions({
    queryKey: mapQueryKeys.networkFlights(network),
    queryFn: () => getNetworkFlights(network),
    // Poll no faster than the server polls the feed.
    refetchInterval: (query) => query.state.data?.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const useNetworkFlights = (network: TOnlineNetwork, isEnabled: boolean) =>
  useQuery({ ...networkFlightsQueryOptions(network), enabled: isEnabled });
