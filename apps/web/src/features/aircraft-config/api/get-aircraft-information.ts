import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-information: every aircraft type of the catalogue. */
export const getAircraftInformation = (): Promise<TAircraftInformation[]> =>
  apiClient.call(coreRoutes.aircraftInformation);

export const aircraftInformationQueryOptions = () =>
  // The catalogue ships with the server: it does not change during a session.
  queryOptions({ queryKey: aircraftQueryKeys.information(), queryFn: getAircraftInformation, staleTime: Number.POSITIVE_INFINITY });

export const useAircraftInformation = () => useQuery(aircraftInformationQueryOptions());
