import { useMutation } from '@tanstack/react-query';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user-subscription/user/{userId}: a card checkout for the plan. */
export const subscribe = (userId: string, subscriptionId: string) =>
  apiClient.call(paymentRoutes.subscribe, { params: { userId }, body: { subscriptionId, payment: { type: 'CARD' } } });

export const useSubscribe = (userId: string) => useMutation({ mutationFn: (subscriptionId: string) => subscribe(userId, subscriptionId) });
