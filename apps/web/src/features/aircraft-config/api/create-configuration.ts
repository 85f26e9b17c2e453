import { useMutation } from '@tanstack/react-query';
import type { TAircraftConfiguration, TCreateAircraftConfigurationRequest } from '@contrail/domain/reference/aircraft-configuration';
import { apiClient } from '../../../lib/api-client';
import { CORE_API } from './core-api';
import { invalidateUserConfigurations } from './get-user-configurations';

/** POST /api/core/v1/aircraft-config/: a new CUSTOM configuration of the signed-in pilot. */
export const createConfiguration = (body: TCreateAircraftConfigurationRequest): Promise<TAircraftConfiguration> =>
  apiClient.post<TAircraftConfiguration>(`${CORE_API}/aircraft-config/`, body);

export const useCreateConfiguration = () => useMutation({ mutationFn: createConfiguration, onSuccess: () => invalidateUserConfigurations() });
