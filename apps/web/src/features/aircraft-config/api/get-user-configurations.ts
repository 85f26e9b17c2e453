import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { aircraftQueryKeys } from './query-keys';

/** GET /api/core/v1/aircraft-config/user/{userId}: the pilot's CUSTOM configurations, every type. */
export const getUserConfigurations = (userId: string): Promise<TAircraftConfiguration[]> =>
  apiClient.call(coreRoutes.userConfigurations, { params: { userId } });

export const userConfigurationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: aircraftQueryKeys.userConfigurations(userId), queryFn: () => getUserConfigurations(userId) });

export const useUserConfigurations = (userId: string) => useQuery(userConfigurationsQueryOptions(userId));

export const invalidateUserConfigurations = (): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: [...aircraftQueryKeys.all, 'user-configurations'] });
