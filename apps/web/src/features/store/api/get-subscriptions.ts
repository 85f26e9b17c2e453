import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/subscription: every plan with its price and annual saving. */
export const getSubscriptions = () => apiClient.call(storeRoutes.subscriptions);

export const subscriptionsQueryOptions = () => queryOptions({ queryKey: storeQueryKeys.subscriptions(), queryFn: getSubscriptions, staleTime: 60_000 });

export const useSubscriptions = () => useQuery(subscriptionsQueryOptions());
