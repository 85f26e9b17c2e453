import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { apiClient } from '../../../lib/api-client';
import { CORE_API } from './core-api';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-information: every aircraft type of the catalogue. */
export const getAircraftInformation = (): Promise<TAircraftInformation[]> =>
  apiClient.get<TAircraftInformation[]>(`${CORE_API}/aircraft-information`);

export const aircraftInformationQueryOptions = () =>
  // The catalogue ships with the server: it does not change during a session.
  queryOptions({ queryKey: aircraftQueryKeys.information(), queryFn: getAircraftInformation, staleTime: Number.POSITIVE_INFINITY });

export const useAircraftInformation = () => useQuery(aircraftInformationQueryOptions());
