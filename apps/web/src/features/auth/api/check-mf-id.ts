import { queryOptions } from '@tanstack/react-query';
import type { TCheckMfIdResponse } from '@contrail/domain/auth/auth-contract';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { apiClient } from '../../../lib/api-client';
import { authQueryKeys } from './query-keys';

/** GET /api/v1/user/check-mf-id/{id}: whether a sponsor (mfId or username) exists. */
export const checkMfId = (id: string): Promise<TCheckMfIdResponse> =>
  apiClient.call(authRoutes.checkMfId, { params: { id } });

export const checkMfIdQueryOptions = (id: string) =>
  queryOptions({ queryKey: authQueryKeys.checkMfId(id), queryFn: () => checkMfId(id), staleTime: 60_000, retry: false });
