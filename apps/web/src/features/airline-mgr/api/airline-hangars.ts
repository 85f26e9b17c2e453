import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HangarSize } from '@contrail/domain/store/item-types';
import type { ZCreateHangarRequest, ZHangar, ZHangarCost } from '@contrail/domain/airline/airline-contract';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { AIRLINE_MGR_API as API, MANAGER_PAGE_SIZE, type Page } from './airline-mgr';
import { airlineMgrKeys } from './query-keys';

export type THangar = z.infer<typeof ZHangar>;
export type THangarCost = z.infer<typeof ZHangarCost>;

export const hangarKeys = {
  list: (airlineId: string, pageIndex: number) => [...airlineMgrKeys.airline(airlineId), 'hangars', pageIndex] as const,
  cost: (airlineId: string, ident: string, size: HangarSize) => [...airlineMgrKeys.airline(airlineId), 'hangar-cost', ident, size] as const,
};

export const useHangars = (airlineId: string, pageIndex: number) =>
  useQuery({
    queryKey: hangarKeys.list(airlineId, pageIndex),
    queryFn: () => apiClient.get<Page<typeof ZHangar>>(`${API}/airline/${airlineId}/hangar`, { query: { page: pageIndex, size: MANAGER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /airline/hangar/airport/{ident}/cost: the licence paid at once and the monthly rent of a
 * hangar of this size there, at the airline's difficulty (what building it will charge).
 */
export const useHangarCost = (airlineId: string, ident: string, size: HangarSize | undefined) =>
  useQuery({
    queryKey: hangarKeys.cost(airlineId, ident, size ?? 'SMALL'),
    queryFn: () => apiClient.get<THangarCost>(`${API}/airline/hangar/airport/${encodeURIComponent(ident)}/cost`, { query: { type: size, airlineId } }),
    enabled: ident !== '' && size !== undefined,
  });

/** POST /airline/{id}/hangar: a hangar item of the airline's inventory built at one of its hubs. */
export const useCreateHangar = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (body: z.infer<typeof ZCreateHangarRequest>) => apiClient.post(`${API}/airline/${airlineId}/hangar`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};
