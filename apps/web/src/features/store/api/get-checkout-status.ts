import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCheckoutSessionStatus } from '@contrail/domain/store/store-contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/stripe/session/{id}/status. */
export const getCheckoutStatus = (sessionId: string): Promise<TCheckoutSessionStatus> =>
  apiClient.get<TCheckoutSessionStatus>(`/api/v1/stripe/session/${encodeURIComponent(sessionId)}/status`);

/** Polled every 2 s while the session is open (the webhook may land a moment after the redirect). */
export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: storeQueryKeys.checkoutStatus(sessionId),
    queryFn: () => getCheckoutStatus(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 2000 : false),
  });

export const useCheckoutStatus = (sessionId: string) => useQuery({ ...checkoutStatusQueryOptions(sessionId), enabled: sessionId !== '' });
