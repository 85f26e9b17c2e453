import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { apiClient } from '../../../lib/api-client';
import { useIsAuthenticated } from '../../../lib/session';
import { flightQueryKeys } from './query-keys';

/** GET /api/flight/retrieve-flight-for-user: the pilot's in-progress flight, or null. */
export const retrieveFlightForUser = async (): Promise<TFlight | null> =>
  (await apiClient.call(flightRoutes.retrieveForUser)) ?? null;

export const currentFlightQueryOptions = () =>
  queryOptions({ queryKey: flightQueryKeys.current(), queryFn: retrieveFlightForUser, staleTime: 30_000, retry: false });

export const useInProgressFlight = () => useQuery({ ...currentFlightQueryOptions(), enabled: useIsAuthenticated() });
