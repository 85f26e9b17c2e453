import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/stripe/session/{id}/status. */
export const getCheckoutStatus = (sessionId: string) => apiClient.call(paymentRoutes.checkoutStatus, { params: { id: sessionId } });

/** Polled every 2 s while the session is open (the webhook may land a moment after the redirect). */
export const checkoutStatusQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: storeQueryKeys.checkoutStatus(sessionId),
    queryFn: () => getCheckoutStatus(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 2000 : false),
  });

export const useCheckoutStatus = (sessionId: string) => useQuery({ ...checkoutStatusQueryOptions(sessionId), enabled: sessionId !== '' });
