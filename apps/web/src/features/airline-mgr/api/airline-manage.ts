import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MftOption, TAirline, ZUpdateRouteRequest } from '@contrail/domain/airline/airline-contract';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import type { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { airlineMgrKeys } from './query-keys';

/** The airline-manager API base, for the airline form (multipart) and its settings (JSON), both sent to PUT /airline/{id}. */
const API = '/api/airline-manager/v1';

/** Every change refreshes the airline's queries (its hubs, routes, members and balance move together). */
const useAirlineMutation = <TVariables, TResult>(airlineId: string, mutationFn: (variables: TVariables) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({ onError, mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }) });
};

/** PUT /airline/{id} (multipart): the airline's name, descriptions and logo. */
export const useUpdateAirline = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (form: FormData) => apiClient.put<TAirline>(`${API}/airline/${airlineId}`, form),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.all }),
  });
};

/** PUT /airline/{id} (JSON): who is credited the monthly flight-time bonus. */
export const useSetMftOption = (airlineId: string) => useAirlineMutation(airlineId, (mftOption: MftOption) => apiClient.put<TAirline>(`${API}/airline/${airlineId}`, { mftOption }));

/** GET /airline/{id}/configuration: the costs and limits the owner decides with. */
export const useConfigurationData = (airlineId: string) =>
  useQuery({ queryKey: [...airlineMgrKeys.airline(airlineId), 'configuration'], queryFn: () => apiClient.call(airlineRoutes.configuration, { params: { id: airlineId } }) });

/** GET /airline/{id}/hub/{hubId}: one hub, fresh (its state and next due date) before a decision on it. */
export const useHub = (airlineId: string, hubId: string | null) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(airlineId), 'hub', hubId],
    queryFn: () => apiClient.call(airlineAssetRoutes.hub, { params: { id: airlineId, hubId: hubId ?? '' } }),
    enabled: hubId !== null,
  });

/** The licence and rent of a hub at an airport, at the airline's difficulty (none asked for fewer than 3 letters). */
export const useHubCost = (ident: string, difficulty: TAirline['gameDifficulty']) =>
  useQuery({
    queryKey: [...airlineMgrKeys.all, 'hub-cost', ident, difficulty],
    queryFn: () => apiClient.call(airlineAssetRoutes.hubCost, { params: { ident, difficulty } }),
    enabled: ident.length >= 3,
    retry: false,
  });

export const useSetHubState = (airlineId: string) =>
  useAirlineMutation(airlineId, ({ hubId, state }: { hubId: string; state: 'ACTIVE' | 'CLOSED' }) => apiClient.call(airlineAssetRoutes.setHubState, { params: { hubId }, body: { state } }));

export const useSetMainHub = (airlineId: string) => useAirlineMutation(airlineId, (hubId: string) => apiClient.call(airlineAssetRoutes.setMainHub, { params: { hubId } }));

/** What building a plane of a category costs at the airline's difficulty. */
export const usePlaneCost = (category: PlaneCategory | null, difficulty: TAirline['gameDifficulty']) =>
  useQuery({
    queryKey: [...airlineMgrKeys.all, 'plane-cost', category, difficulty],
    queryFn: () => apiClient.call(airlineAssetRoutes.planeCost, { params: { category: category!, difficulty } }),
    enabled: category !== null,
  });

export const useUpdateRoute = (airlineId: string) =>
  useAirlineMutation(airlineId, ({ routeId, body }: { routeId: string; body: z.input<typeof ZUpdateRouteRequest> }) =>
    apiClient.call(airlineAssetRoutes.updateRoute, { params: { id: airlineId, routeId }, body }),
  );

export const useDeleteRoute = (airlineId: string) => useAirlineMutation(airlineId, (routeId: string) => apiClient.call(airlineAssetRoutes.deleteRoute, { params: { id: airlineId, routeId } }));

/** Ground (SUSPENDED) or reinstate (ACTIVE) a member. */
export const useSetMemberStatus = (airlineId: string) =>
  useAirlineMutation(airlineId, ({ memberId, status }: { memberId: string; status: 'ACTIVE' | 'SUSPENDED' }) =>
    apiClient.call(airlineRoutes.setMemberStatus, { params: { id: airlineId, memberId }, body: { status } }),
  );

/** GET /airline/{id}/rank/member/{memberId}: a member's rank and what it allows them to fly. */
export const useMemberRank = (airlineId: string, memberId: string | null) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(airlineId), 'member-rank', memberId],
    queryFn: () => apiClient.call(airlineRoutes.memberRank, { params: { id: airlineId, memberId: memberId ?? '' } }),
    enabled: memberId !== null,
  });
