import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { apiClient } from '../../../lib/api-client';
import { CORE_API } from './core-api';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-config/type/DEFAULT/icao/{icao}: the type's read-only default seats. */
export const getDefaultConfiguration = (icao: string): Promise<TAircraftConfiguration> =>
  apiClient.get<TAircraftConfiguration>(`${CORE_API}/aircraft-config/type/DEFAULT/icao/${encodeURIComponent(icao)}`);

export const defaultConfigurationQueryOptions = (icao: string) =>
  queryOptions({
    queryKey: aircraftQueryKeys.defaultConfiguration(icao),
    queryFn: () => getDefaultConfiguration(icao),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDefaultConfiguration = (icao: string) => useQuery(defaultConfigurationQueryOptions(icao));
