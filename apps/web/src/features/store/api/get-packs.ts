import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/pack: booster packs (FC for money). */
export const getPacks = () => apiClient.call(storeRoutes.packs);

export const packsQueryOptions = () => queryOptions({ queryKey: storeQueryKeys.packs(), queryFn: getPacks, staleTime: 60_000 });

export const usePacks = () => useQuery(packsQueryOptions());
