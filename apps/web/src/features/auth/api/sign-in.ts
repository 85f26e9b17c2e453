import { useMutation } from '@tanstack/react-query';
import type { TSignInRequest, TSignInResponse } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { apiClient } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth';

/** POST /api/v1/user/sign-in. A 401 (wrong credentials) comes back to the caller as an ApiError. */
export const signIn = (body: TSignInRequest): Promise<TSignInResponse> => apiClient.call(authRoutes.signIn, { body });

/** Signs in and starts the session (tokens stored, user loaded). */
export const useSignIn = () =>
  useMutation({
    mutationFn: async (body: TSignInRequest) => startSession(await signIn(body)),
  });
