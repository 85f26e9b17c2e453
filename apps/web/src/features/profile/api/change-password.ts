import { useMutation } from '@tanstack/react-query';
import type { TChangePasswordRequest } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/v1/user/{id}/password. */
export const changePassword = ({ userId, body }: { userId: string; body: TChangePasswordRequest }): Promise<TActionResponse> =>
  apiClient.call(authRoutes.changePassword, { params: { id: userId }, body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
