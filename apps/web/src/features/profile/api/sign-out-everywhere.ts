import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { logout } from '../../../lib/auth';

/** POST /api/v1/user/sign-out-everywhere; every session, this one included, ends, so sign out here too. */
export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: () => apiClient.post<unknown>('/api/v1/user/sign-out-everywhere'),
    onSuccess: () => logout(),
  });
