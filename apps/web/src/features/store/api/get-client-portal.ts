import { useMutation } from '@tanstack/react-query';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { apiClient } from '../../../lib/api-client';

/** GET /api/v1/user/{id}/subscription/client-portal: where to manage or cancel a subscription. */
export const getClientPortal = (userId: string) => apiClient.call(paymentRoutes.clientPortal, { params: { id: userId } });

export const useClientPortal = (userId: string) => useMutation({ mutationFn: () => getClientPortal(userId) });
