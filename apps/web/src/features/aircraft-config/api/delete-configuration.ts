import { useMutation } from '@tanstack/react-query';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';
import { CORE_API } from './core-api';
import { invalidateUserConfigurations } from './get-user-configurations';

/** DELETE /api/core/v1/aircraft-config/{id}: removes one of the pilot's CUSTOM configurations. */
export const deleteConfiguration = (id: string): Promise<TActionResponse> =>
  apiClient.delete<TActionResponse>(`${CORE_API}/aircraft-config/${encodeURIComponent(id)}`);

export const useDeleteConfiguration = () => useMutation({ mutationFn: deleteConfiguration, onSuccess: () => invalidateUserConfigurations() });
