import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';
import { authQueryKeys } from './query-keys';

/** POST /api/v1/user/email/validate with the token from the emailed link. */
export const validateEmail = (token: string): Promise<TActionResponse | undefined> =>
  apiClient.call(authRoutes.validateEmail, { body: { mfid: token } });

/**
 * A query rather than a mutation: the token is single-use, and a query runs once per token even
 * when React mounts the page twice (StrictMode).
 */
export const validateEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authQueryKeys.verifyEmail(token),
    queryFn: async () => (await validateEmail(token)) ?? null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useValidateEmail = (token: string) => useQuery({ ...validateEmailQueryOptions(token), enabled: token !== '' });
