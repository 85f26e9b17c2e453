import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HangarSize } from '@contrail/domain/store/item-types';
import type { ZCreateHangarRequest, ZHangar } from '@contrail/domain/airline/airline-contract';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { MANAGER_PAGE_SIZE } from './airline-mgr';
import { airlineMgrKeys } from './query-keys';

export type THangar = z.infer<typeof ZHangar>;

export const hangarKeys = {
  list: (airlineId: string, pageIndex: number) => [...airlineMgrKeys.airline(airlineId), 'hangars', pageIndex] as const,
  cost: (airlineId: string, ident: string, size: HangarSize) => [...airlineMgrKeys.airline(airlineId), 'hangar-cost', ident, size] as const,
};

export const useHangars = (airlineId: string, pageIndex: number) =>
  useQuery({
    queryKey: hangarKeys.list(airlineId, pageIndex),
    queryFn: () => apiClient.call(airlineAssetRoutes.hangars, { params: { id: airlineId }, query: { page: pageIndex, size: MANAGER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /airline/hangar/airport/{ident}/cost: the licence paid at once and the monthly rent of a
 * hangar of this size there, at the airline's difficulty (what building it will charge).
 */
export const useHangarCost = (airlineId: string, ident: string, size: HangarSize | undefined) =>
  useQuery({
    queryKey: hangarKeys.cost(airlineId, ident, size ?? 'SMALL'),
    // Not asked without a size (enabled below): the fallback only satisfies the query's type.
    queryFn: () => apiClient.call(airlineAssetRoutes.hangarCost, { params: { ident }, query: { type: size ?? 'SMALL', airlineId } }),
    enabled: ident !== '' && size !== undefined,
  });

/** POST /airline/{id}/hangar: a hangar item of the airline's inventory built at one of its hubs. */
export const useCreateHangar = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (body: z.infer<typeof ZCreateHangarRequest>) => apiClient.call(airlineAssetRoutes.buildHangar, { params: { id: airlineId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};
