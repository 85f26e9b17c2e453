import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';
import { apiClient } from '../../../lib/api-client';
import { profileQueryKeys } from './query-keys';

const keysKey = [...profileQueryKeys.all, 'phpvms-api-keys'] as const;

/** GET /api/v1/user/phpvms-api-keys: the pilot's live keys, without their secret. */
export const usePhpvmsApiKeys = () => useQuery({ queryKey: keysKey, queryFn: () => apiClient.call(phpvmsKeyRoutes.list) });

/** POST: a new key, answered once with its secret. */
export const useCreatePhpvmsApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiClient.call(phpvmsKeyRoutes.create, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
};

/** DELETE: the key stops working at once. */
export const useRevokePhpvmsApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiClient.call(phpvmsKeyRoutes.revoke, { params: { keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
};
