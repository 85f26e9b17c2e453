import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TItemCategory } from '@contrail/domain/store/store-contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/item-category/active. */
export const getItemCategories = (): Promise<TItemCategory[]> => apiClient.get<TItemCategory[]>('/api/v1/item-category/active');

export const itemCategoriesQueryOptions = () => queryOptions({ queryKey: storeQueryKeys.categories(), queryFn: getItemCategories, staleTime: 60_000 });

export const useItemCategories = () => useQuery(itemCategoriesQueryOptions());
