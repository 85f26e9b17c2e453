import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';
import { flightQueryKeys } from './query-keys';

/** The current flight is refetched by id every 10 minutes while it exists. */
export const FLIGHT_REFETCH_INTERVAL_MS = 10 * 60 * 1000;

/** GET /api/v1/flight/{id}: one of the pilot's flights, with its position history. */
export const getFlight = (flightId: string): Promise<TFlight> => apiClient.call(flightRoutes.byId, { params: { id: flightId } });

export const flightQueryOptions = (flightId: string) =>
  queryOptions({ queryKey: flightQueryKeys.detail(flightId), queryFn: () => getFlight(flightId), retry: false });

/** The flight by id; `isLive` refetches it every 10 minutes (an in-progress flight). */
export const useFlight = (flightId: string | null | undefined, isLive = false) =>
  useQuery({
    ...flightQueryOptions(flightId ?? ''),
    enabled: Boolean(flightId),
    refetchInterval: isLive ? FLIGHT_REFETCH_INTERVAL_MS : false,
    refetchIntervalInBackground: isLive,
  });
