import { useMutation } from '@tanstack/react-query';
import type { TAircraftConfiguration, TUpdateAircraftConfigurationRequest } from '@contrail/domain/reference/aircraft-configuration';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateUserConfigurations } from './get-user-configurations';

/** PUT /api/core/v1/aircraft-config/{id}: changes one of the pilot's CUSTOM configurations. */
export const updateConfiguration = ({ id, body }: { id: string; body: TUpdateAircraftConfigurationRequest }): Promise<TAircraftConfiguration> =>
  apiClient.call(coreRoutes.updateConfiguration, { params: { id }, body });

export const useUpdateConfiguration = () => useMutation({ mutationFn: updateConfiguration, onSuccess: () => invalidateUserConfigurations() });
