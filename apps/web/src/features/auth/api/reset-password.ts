import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@contrail/domain/auth/auth-contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/password/reset with the token from the emailed link. */
export const resetPassword = (body: TResetPasswordRequest): Promise<unknown> =>
  apiClient.post<unknown>('/api/v1/user/password/reset', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
