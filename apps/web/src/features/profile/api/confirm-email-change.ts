import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user/email/change/confirm with the token from the link mailed to the new address. */
export const confirmEmailChange = (token: string): Promise<TActionResponse | undefined> =>
  apiClient.call(authRoutes.confirmEmailChange, { body: { token } });

/** A query, not a mutation: the token is single-use and StrictMode mounts the page twice. */
export const useConfirmEmailChange = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['profile', 'confirm-email-change', token],
      queryFn: async () => (await confirmEmailChange(token)) ?? null,
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
      enabled: token !== '',
    }),
  );
