import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-config/type/DEFAULT/icao/{icao}: the type's read-only default seats. */
export const getDefaultConfiguration = (icao: string): Promise<TAircraftConfiguration> =>
  apiClient.call(coreRoutes.defaultConfiguration, { params: { icao } });

export const defaultConfigurationQueryOptions = (icao: string) =>
  queryOptions({
    queryKey: aircraftQueryKeys.defaultConfiguration(icao),
    queryFn: () => getDefaultConfiguration(icao),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDefaultConfiguration = (icao: string) => useQuery(defaultConfigurationQueryOptions(icao));
