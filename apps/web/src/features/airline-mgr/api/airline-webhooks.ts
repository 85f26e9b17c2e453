import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhookRoutes, type TCreateWebhookRequest, type TWebhookDelivery, type TWebhookEndpoint } from '@contrail/domain/webhook/webhook-contract';
import { apiClient } from '../../../lib/api-client';
import { airlineMgrKeys } from './query-keys';

export type { TCreateWebhookRequest, TWebhookDelivery, TWebhookEndpoint };

export const webhookKeys = {
  endpoints: (airlineId: string) => [...airlineMgrKeys.airline(airlineId), 'webhooks'] as const,
  deliveries: (airlineId: string) => [...airlineMgrKeys.airline(airlineId), 'webhook-deliveries'] as const,
};

/** How many recent deliveries the panel lists. */
const RECENT_DELIVERIES = 20;

export const useWebhooks = (airlineId: string) =>
  useQuery({ queryKey: webhookKeys.endpoints(airlineId), queryFn: () => apiClient.call(webhookRoutes.list, { params: { id: airlineId } }) });

export const useWebhookDeliveries = (airlineId: string) =>
  useQuery({
    queryKey: webhookKeys.deliveries(airlineId),
    queryFn: () => apiClient.call(webhookRoutes.deliveries, { params: { id: airlineId }, query: { limit: RECENT_DELIVERIES } }),
  });

const useRefresh = (airlineId: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(airlineId) }),
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(airlineId) }),
    ]);
};

/** Adds an endpoint; its answer holds the signing secret, shown once. */
export const useAddWebhook = (airlineId: string) => {
  const onSettled = useRefresh(airlineId);
  return useMutation({ mutationFn: (body: TCreateWebhookRequest) => apiClient.call(webhookRoutes.create, { params: { id: airlineId }, body }), onSettled });
};

export const useDeleteWebhook = (airlineId: string) => {
  const onSettled = useRefresh(airlineId);
  return useMutation({ mutationFn: (webhookId: string) => apiClient.call(webhookRoutes.remove, { params: { id: airlineId, webhookId } }), onSettled });
};

export const useTestWebhook = (airlineId: string) => {
  const onSettled = useRefresh(airlineId);
  return useMutation({ mutationFn: (webhookId: string) => apiClient.call(webhookRoutes.test, { params: { id: airlineId, webhookId } }), onSettled });
};
