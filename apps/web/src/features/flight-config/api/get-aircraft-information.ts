import { useQuery } from '@tanstack/react-query';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-information/{icao}: one type's figures, once the pilot has chosen it. */
export const useAircraftInformation = (icao: string | undefined) =>
  useQuery({
    queryKey: flightConfigQueryKeys.aircraftInformation(icao ?? ''),
    queryFn: (): Promise<TAircraftInformation> => apiClient.call(coreRoutes.aircraftInformationOf, { params: { icao: icao ?? '' } }),
    enabled: Boolean(icao),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
