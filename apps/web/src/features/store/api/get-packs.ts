import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBoosterPack } from '@contrail/domain/store/store-contract';
import { apiClient } from '../../../lib/api-client';
import { storeQueryKeys } from './query-keys';

/** GET /api/v1/pack: booster packs (FC for money). */
export const getPacks = (): Promise<TBoosterPack[]> => apiClient.get<TBoosterPack[]>('/api/v1/pack');

export const packsQueryOptions = () => queryOptions({ queryKey: storeQueryKeys.packs(), queryFn: getPacks, staleTime: 60_000 });

export const usePacks = () => useQuery(packsQueryOptions());
