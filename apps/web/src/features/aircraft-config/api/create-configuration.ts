import { useMutation } from '@tanstack/react-query';
import type { TAircraftConfiguration, TCreateAircraftConfigurationRequest } from '@contrail/domain/reference/aircraft-configuration';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateUserConfigurations } from './get-user-configurations';

/** POST /api/core/v1/aircraft-config/: a new CUSTOM configuration of the signed-in pilot. */
export const createConfiguration = (body: TCreateAircraftConfigurationRequest): Promise<TAircraftConfiguration> =>
  apiClient.call(coreRoutes.createConfiguration, { body });

export const useCreateConfiguration = () => useMutation({ mutationFn: createConfiguration, onSuccess: () => invalidateUserConfigurations() });
