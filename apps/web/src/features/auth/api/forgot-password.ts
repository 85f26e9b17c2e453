import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest } from '@contrail/domain/auth/auth-contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/password/forgot: `url` is our reset page, where the emailed link points. */
export const forgotPassword = (body: TForgotPasswordRequest): Promise<unknown> =>
  apiClient.post<unknown>('/api/v1/user/password/forgot', body);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
