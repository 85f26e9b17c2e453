import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZTrafficRight } from '@contrail/domain/airline/airline-contract';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { MANAGER_PAGE_SIZE } from './airline-mgr';
import { airlineMgrKeys } from './query-keys';

export type TTrafficRight = z.infer<typeof ZTrafficRight>;

export const trafficRightKeys = {
  list: (airlineId: string, pageIndex: number) => [...airlineMgrKeys.airline(airlineId), 'traffic-rights', pageIndex] as const,
  cost: (airlineId: string, iso: string) => [...airlineMgrKeys.airline(airlineId), 'traffic-right-cost', iso] as const,
};

export const useTrafficRights = (airlineId: string, pageIndex: number) =>
  useQuery({
    queryKey: trafficRightKeys.list(airlineId, pageIndex),
    queryFn: () => apiClient.call(airlineAssetRoutes.trafficRights, { params: { id: airlineId }, query: { page: pageIndex, size: MANAGER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** GET /traffic-right/iso/{iso}/cost: the licence of a country's traffic right for its validity, at the airline's difficulty. */
export const useTrafficRightCost = (airlineId: string, iso: string) =>
  useQuery({
    queryKey: trafficRightKeys.cost(airlineId, iso),
    queryFn: () => apiClient.call(airlineAssetRoutes.trafficRightCost, { params: { iso }, query: { airlineId } }),
    enabled: iso !== '',
    retry: false,
  });

const useAirlineMutation = <V>(airlineId: string, mutationFn: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn,
    // The licence is paid from the wallet: balance and transactions change too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useCreateTrafficRight = (airlineId: string) =>
  useAirlineMutation(airlineId, (isoCountry: string) => apiClient.call(airlineAssetRoutes.buyTrafficRight, { params: { id: airlineId }, body: { isoCountry } }));

export const useRenewTrafficRight = (airlineId: string) =>
  useAirlineMutation(airlineId, (iso: string) => apiClient.call(airlineAssetRoutes.renewTrafficRight, { params: { id: airlineId, iso } }));

export const useSetTrafficRightAutoRenew = (airlineId: string) =>
  useAirlineMutation(airlineId, ({ iso, autoRenew }: { iso: string; autoRenew: boolean }) =>
    apiClient.call(airlineAssetRoutes.setTrafficRightAutoRenew, { params: { id: airlineId, iso }, body: { autoRenew } }),
  );
