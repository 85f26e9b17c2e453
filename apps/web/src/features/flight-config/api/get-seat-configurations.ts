import { useQuery } from '@tanstack/react-query';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { flightConfigQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-config/type/DEFAULT/icao/{icao}: the type's default seats. */
export const getDefaultSeatConfiguration = (icao: string): Promise<TAircraftConfiguration> =>
  apiClient.call(coreRoutes.defaultConfiguration, { params: { icao } });

/** GET /api/core/v1/aircraft-config/user/{userId}: the pilot's own seat configurations. */
export const getUserSeatConfigurations = (userId: string): Promise<TAircraftConfiguration[]> =>
  apiClient.call(coreRoutes.userConfigurations, { params: { userId } });

/** The seat configurations a PNC flight of this type may use: the DEFAULT one, then the pilot's CUSTOM ones. */
export const useSeatConfigurations = (icao: string, userId: string | undefined) => {
  const defaults = useQuery({ queryKey: flightConfigQueryKeys.defaultSeats(icao), queryFn: () => getDefaultSeatConfiguration(icao), enabled: icao !== '' });
  const custom = useQuery({
    queryKey: flightConfigQueryKeys.userSeats(userId ?? ''),
    queryFn: () => getUserSeatConfigurations(userId ?? ''),
    enabled: userId !== undefined,
  });
  const configurations = [...(defaults.data ? [defaults.data] : []), ...(custom.data ?? []).filter((item) => item.icao === icao)];
  return {
    configurations,
    isPending: defaults.isPending || (userId !== undefined && custom.isPending),
    isError: defaults.isError,
  };
};
