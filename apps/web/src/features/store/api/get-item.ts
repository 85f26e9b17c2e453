import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/item/{id}: one item on sale. */
export const getItem = (itemId: string) => apiClient.call(storeRoutes.item, { params: { id: itemId } });

export const itemQueryOptions = (itemId: string) => queryOptions({ queryKey: [...storeQueryKeys.all, 'item', itemId], queryFn: () => getItem(itemId) });

export const useItem = (itemId: string) => useQuery(itemQueryOptions(itemId));
