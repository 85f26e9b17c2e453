import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

export type InventoryFilters = { page: number; size: number; search?: string | undefined; category?: string | undefined };

/** GET /api/v1/user-item/user/{userId}: the pilot's items. */
export const getUserInventory = (userId: string, filters: InventoryFilters) =>
  apiClient.call(storeRoutes.userInventory, { params: { userId }, query: filters });

export const userInventoryQueryOptions = (userId: string, filters: InventoryFilters) =>
  queryOptions({
    queryKey: storeQueryKeys.inventory(userId, filters),
    queryFn: () => getUserInventory(userId, filters),
    placeholderData: keepPreviousData,
  });

export const useUserInventory = (userId: string, filters: InventoryFilters) => useQuery(userInventoryQueryOptions(userId, filters));
