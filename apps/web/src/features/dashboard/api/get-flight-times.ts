import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlightTimes } from '@contrail/domain/user/user-contract';
import { userRoutes } from '@contrail/domain/user/user-routes';
import { apiClient } from '../../../lib/api-client';
import { dashboardQueryKeys } from './query-keys';

/** GET /api/v1/user/{id}/flight-times: hours flown today and this month, and the limits. */
export const getFlightTimes = (userId: string): Promise<TFlightTimes> => apiClient.call(userRoutes.flightTimes, { params: { id: userId } });

export const flightTimesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: dashboardQueryKeys.flightTimes(userId), queryFn: () => getFlightTimes(userId) });

export const useFlightTimes = (userId: string) => useQuery(flightTimesQueryOptions(userId));
