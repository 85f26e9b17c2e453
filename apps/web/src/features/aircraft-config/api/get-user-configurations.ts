import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { apiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { CORE_API } from './core-api';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-config/user/{userId}: the pilot's CUSTOM configurations, every type. */
export const getUserConfigurations = (userId: string): Promise<TAircraftConfiguration[]> =>
  apiClient.get<TAircraftConfiguration[]>(`${CORE_API}/aircraft-config/user/${encodeURIComponent(userId)}`);

export const userConfigurationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: aircraftQueryKeys.userConfigurations(userId), queryFn: () => getUserConfigurations(userId) });

export const useUserConfigurations = (userId: string) => useQuery(userConfigurationsQueryOptions(userId));

export const invalidateUserConfigurations = (): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: [...aircraftQueryKeys.all, 'user-configurations'] });
