import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';
import { tokenStorage } from '../../../lib/token-storage';

/**
 * PUT /api/v1/user/{id}/password. It presents this browser's refresh token, so the server keeps
 * this session (it refreshes into new tokens) while it ends every other one and closes their
 * live channels; without it the pilot who changed the password would be signed out here too.
 */
export const changePassword = ({ userId, body }: { userId: string; body: TChangePasswordRequest }): Promise<TActionResponse> => {
  const refreshToken = tokenStorage.get()?.refreshToken;
  return apiClient.call(authRoutes.changePassword, { params: { id: userId }, body, ...(refreshToken ? { headers: { 'refresh-token': refreshToken } } : {}) });
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
