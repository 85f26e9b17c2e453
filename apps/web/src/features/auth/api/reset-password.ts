import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/password/reset with the token from the emailed link. */
export const resetPassword = (body: TResetPasswordRequest): Promise<TActionResponse> => apiClient.call(authRoutes.resetPassword, { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
