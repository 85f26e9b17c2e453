import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-information: every aircraft type a flight can be flown with. */
export const getAircraftList = (): Promise<TAircraftInformation[]> => apiClient.call(coreRoutes.aircraftInformation);

export const aircraftListQueryOptions = () =>
  queryOptions({ queryKey: flightConfigQueryKeys.aircraft(), queryFn: getAircraftList, staleTime: Number.POSITIVE_INFINITY });

export const useAircraftList = () => useQuery(aircraftListQueryOptions());
