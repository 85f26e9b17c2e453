import { useMutation } from '@tanstack/react-query';
import type { TSignUpRequest } from '@contrail/domain/auth/auth-contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/sign-up. The account must then be verified through the emailed link. */
export const signUp = (body: TSignUpRequest): Promise<unknown> => apiClient.post<unknown>('/api/v1/user/sign-up', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
