import { useMutation } from '@tanstack/react-query';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { coreRoutes } from '@contrail/domain/reference/core-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateUserConfigurations } from './get-user-configurations';

/** DELETE /api/core/v1/aircraft-config/{id}: removes one of the pilot's CUSTOM configurations. */
export const deleteConfiguration = (id: string): Promise<TActionResponse> =>
  apiClient.call(coreRoutes.deleteConfiguration, { params: { id } });

export const useDeleteConfiguration = () => useMutation({ mutationFn: deleteConfiguration, onSuccess: () => invalidateUserConfigurations() });
