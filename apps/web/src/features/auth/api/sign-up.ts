import { useMutation } from '@tanstack/react-query';
import type { TSignUpRequest } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/sign-up. The account must then be verified through the emailed link. */
export const signUp = (body: TSignUpRequest): Promise<TActionResponse> => apiClient.call(authRoutes.signUp, { body });

export const useSignUp = () => useMutation({ mutationFn: signUp });
