import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZOrderRequest } from '@contrail/domain/store/store-contract';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { invalidateCurrentUser } from '../../../lib/auth';
import { storeQueryKeys } from './query-keys';

export type OrderInput = z.input<typeof ZOrderRequest>;

/** POST /api/v1/order/user/{userId}: FC orders are paid at once; card orders answer a checkout to open. */
export const placeOrder = (userId: string, order: OrderInput) => apiClient.call(storeRoutes.placeOrder, { params: { userId }, body: order });

export const usePlaceOrder = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderInput) => placeOrder(userId, order),
    onSuccess: async (result) => {
      if (result.state === 'PAID') await Promise.all([invalidateCurrentUser(), queryClient.invalidateQueries({ queryKey: storeQueryKeys.all })]);
    },
  });
};
