import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlightLogPage } from '@contrail/domain/flight-api/flight-log-contract';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { apiClient } from '../../../lib/api-client';
import { dashboardQueryKeys } from './query-keys';

export const RECENT_FLIGHTS = 5;

/** GET /api/v1/flight-log/user/{userId}?page=0&size=5: the pilot's latest flights. */
export const getRecentFlights = (userId: string): Promise<TFlightLogPage> =>
  apiClient.call(flightLogRoutes.ofUser, { params: { userId }, query: { page: 0, size: RECENT_FLIGHTS } });

export const recentFlightsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: dashboardQueryKeys.recentFlights(userId), queryFn: () => getRecentFlights(userId) });

export const useRecentFlights = (userId: string) => useQuery(recentFlightsQueryOptions(userId));
