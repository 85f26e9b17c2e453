import { queryOptions, useQuery } from '@tanstack/react-query';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { apiClient } from '../../../lib/api-client';
import { mapQueryKeys } from './query-keys';

/** Position polling every 10 minutes (the live channel triggers refetches in between). */
export const POSITION_POLL_INTERVAL_MS = 10 * 60 * 1000;

/** GET /api/v1/flights?status=in_progress: Contrail's flights in progress, the caller's own flight excluded. */
export const getInProgressFlights = (): Promise<TInProgressFlightItem[]> => apiClient.call(flightRoutes.list, { query: { status: 'in_progress' } });

export const inProgressFlightsQueryOptions = () =>
  queryOptions({
    queryKey: mapQueryKeys.inProgressFlights(),
    queryFn: getInProgressFlights,
    refetchInterval: POSITION_POLL_INTERVAL_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  });

export const useInProgressFlights = (isEnabled: boolean) => useQuery({ ...inProgressFlightsQueryOptions(), enabled: isEnabled });
