import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlightLogPage } from '@contrail/domain/flight-api/flight-log-contract';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { apiClient } from '../../../lib/api-client';
import { flightLogQueryKeys } from './query-keys';

export type FlightLogListQuery = { search: string; page: number; size: number };

/** GET /api/v1/flight-log/user/{userId}?search&page&size: the pilot's logs, newest first (page from 0). */
export const getFlightLogs = (userId: string, query: FlightLogListQuery): Promise<TFlightLogPage> =>
  apiClient.call(flightLogRoutes.ofUser, {
    params: { userId },
    query: { search: query.search.trim() || undefined, page: query.page, size: query.size },
  });

export const flightLogsQueryOptions = (userId: string, query: FlightLogListQuery) =>
  queryOptions({
    queryKey: flightLogQueryKeys.page(userId, query),
    queryFn: () => getFlightLogs(userId, query),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useFlightLogs = (userId: string, query: FlightLogListQuery) => useQuery(flightLogsQueryOptions(userId, query));
