import { useMutation } from '@tanstack/react-query';
import type { TCheckoutSession } from '@contrail/domain/store/store-contract';
import { apiClient } from '../../../lib/api-client';

/** POST /api/v1/user-subscription/user/{userId}: a card checkout for the plan. */
export const subscribe = (userId: string, subscriptionId: string): Promise<TCheckoutSession> =>
  apiClient.post<TCheckoutSession>(`/api/v1/user-subscription/user/${encodeURIComponent(userId)}`, { subscriptionId, payment: { type: 'CARD' } });

export const useSubscribe = (userId: string) => useMutation({ mutationFn: (subscriptionId: string) => subscribe(userId, subscriptionId) });
