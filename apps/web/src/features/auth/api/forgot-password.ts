import { useMutation } from '@tanstack/react-query';
import type { TForgotPasswordRequest } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/password/forgot: `url` is our reset page, where the emailed link points. */
export const forgotPassword = (body: TForgotPasswordRequest): Promise<TActionResponse> => apiClient.call(authRoutes.forgotPassword, { body });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
