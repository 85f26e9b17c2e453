import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreItemType } from '@contrail/domain/store/item-types';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

export type ItemFilters = { page: number; size: number; categoryId?: string | undefined; type?: StoreItemType | undefined; search?: string | undefined };

/** GET /api/v1/item?page&size&categoryId&type&search: items on sale. */
export const getItems = (filters: ItemFilters) => apiClient.call(storeRoutes.items, { query: filters });

export const itemsQueryOptions = (filters: ItemFilters) =>
  queryOptions({ queryKey: storeQueryKeys.items(filters), queryFn: () => getItems(filters), placeholderData: keepPreviousData });

export const useItems = (filters: ItemFilters) => useQuery(itemsQueryOptions(filters));
