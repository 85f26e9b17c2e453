import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRank, ZRankRequest } from '@contrail/domain/airline/airline-contract';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { airlineMgrKeys } from './query-keys';

export type TRank = z.infer<typeof ZRank>;
export type TRankRequest = z.infer<typeof ZRankRequest>;
/** One call of the switch endpoint: the two ranks swap their places. */
export type TRankSwap = { rankId: string; toRankId: string };

/** Ranks are few: one page of the API's largest size holds them all, in their order. */
const RANKS_PAGE_SIZE = 100;

export const rankKeys = { list: (airlineId: string) => [...airlineMgrKeys.airline(airlineId), 'ranks'] as const };

export const useRanks = (airlineId: string) =>
  useQuery({
    queryKey: rankKeys.list(airlineId),
    queryFn: () => apiClient.call(airlineRoutes.ranks, { params: { id: airlineId }, query: { page: 0, size: RANKS_PAGE_SIZE } }),
  });

/** POST a new rank, or PUT an existing one when `rankId` is given. */
export const useSaveRank = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: ({ rankId, body }: { rankId?: string; body: TRankRequest }) =>
      rankId === undefined
        ? apiClient.call(airlineRoutes.createRank, { params: { id: airlineId }, body })
        : apiClient.call(airlineRoutes.updateRank, { params: { id: airlineId, rankId }, body }),
    // Members show their rank's name: the whole airline is refreshed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useDeleteRank = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (rankId: string) => apiClient.call(airlineRoutes.deleteRank, { params: { id: airlineId, rankId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

/** Moves a rank through PUT /rank/{rankId}/sort_idx/switch, one swap after the other (each needs the previous one's order). */
export const useMoveRank = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: async (swaps: readonly TRankSwap[]) => {
      for (const swap of swaps) {
        await apiClient.call(airlineRoutes.switchRanks, { params: { id: airlineId, rankId: swap.rankId }, body: { toRankId: swap.toRankId } });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rankKeys.list(airlineId) }),
  });
};
