import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/item-category/active. */
export const getItemCategories = () => apiClient.call(storeRoutes.activeCategories);

export const itemCategoriesQueryOptions = () => queryOptions({ queryKey: storeQueryKeys.categories(), queryFn: getItemCategories, staleTime: 60_000 });

export const useItemCategories = () => useQuery(itemCategoriesQueryOptions());
