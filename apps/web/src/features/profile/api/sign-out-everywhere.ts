import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { apiClient } from '../../../lib/api-client';
import { logout } from '../../../lib/auth';

/** POST /api/v1/user/sign-out-everywhere; every session, this one included, ends, so sign out here too. */
export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: () => apiClient.call(authRoutes.signOutEverywhere),
    onSuccess: () => logout(),
  });
