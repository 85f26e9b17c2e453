import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { isApiError } from '../../../lib/api-error';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { apiClient } from '../../../lib/api-client';
import { flightLogQueryKeys } from './query-keys';

/** GET /api/v1/flight-log/{id}: one of the pilot's logs; 403 when it is locked (freemium), 404 when unknown. */
export const getFlightLog = (id: string): Promise<TFlightLogDetail> =>
  apiClient.call(flightLogRoutes.detail, { params: { id } });

export const flightLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: flightLogQueryKeys.detail(id),
    queryFn: () => getFlightLog(id),
    // A locked or unknown log will not change by asking again.
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });

export const useFlightLog = (id: string) => useQuery(flightLogQueryOptions(id));
