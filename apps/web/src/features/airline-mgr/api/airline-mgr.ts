import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAirline, ZApplicant, ZCreatePlaneRequest, ZCreateRouteRequest, ZMember } from '@contrail/domain/airline/airline-contract';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';
import { airlineFlightRoutes } from '@contrail/domain/airline/airline-flight-routes';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { storeRoutes } from '@contrail/domain/store/store-routes';
import type { TransactionCategory, TransactionState } from '@contrail/domain/wallet/wallet-contract';
import { apiClient } from '../../../lib/api-client';
import { useAirlineActionErrors } from '../lib/airline-action-errors';
import { airlineMgrKeys } from './query-keys';

/** The airline-manager API base, for the calls that are not declared: the multipart airline form and the settings sent to its path. */
const API = '/api/airline-manager/v1';
export const MANAGER_PAGE_SIZE = 10;

export type { TAirline };
export type TMember = z.infer<typeof ZMember>;
export type TApplicant = z.infer<typeof ZApplicant>;

/** The user's airlines. */
export const useManagedAirlines = (userId: string) =>
  useQuery({ queryKey: airlineMgrKeys.mine(userId), queryFn: () => apiClient.call(airlineRoutes.userAirlines, { params: { userId } }), enabled: userId !== '' });

/** The airline (none asked while `id` is empty: no current airline yet). */
export const useAirline = (id: string) =>
  useQuery({ queryKey: airlineMgrKeys.airline(id), queryFn: () => apiClient.call(airlineRoutes.details, { params: { id } }), enabled: id !== '' });

/** The dashboard's figures: stats, balance, the cash runway and the bankruptcy count. */
export const useAirlineDashboard = (id: string) => {
  const stats = useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'stat'], queryFn: () => apiClient.call(airlineRoutes.stats, { params: { id } }) });
  const balance = useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'balance'], queryFn: () => apiClient.call(airlineRoutes.balance, { params: { id } }) });
  const forecast = useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'forecast'], queryFn: () => apiClient.call(airlineRoutes.forecast, { params: { id } }) });
  return { stats, balance, forecast };
};

/** Failed payments and the days left before bankruptcy (the banner on every airline page). */
export const useBankruptcy = (id: string) =>
  useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'bankrupt'], queryFn: () => apiClient.call(airlineRoutes.bankruptcy, { params: { id } }), enabled: id !== '' });

export const useMembers = (id: string, pageIndex: number) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(id), 'members', pageIndex],
    queryFn: () => apiClient.call(airlineRoutes.members, { params: { id }, query: { page: pageIndex, size: MANAGER_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useApplicants = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(id), 'applicants'],
    queryFn: () => apiClient.call(airlineRoutes.applicants, { params: { id }, query: { page: 0, size: 50 } }),
    enabled,
  });

export const useDecideApplicant = (id: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(id);
  return useMutation({
    onError,
    mutationFn: ({ applicantId, decision }: { applicantId: string; decision: 'accept' | 'reject' }) =>
      apiClient.call(decision === 'accept' ? airlineRoutes.acceptApplicant : airlineRoutes.rejectApplicant, { params: { id, applicantId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(id) }),
  });
};

/** The transactions list's filters: none (empty) keeps every state or category. */
export type TTransactionFilters = { states: readonly TransactionState[]; categories: readonly TransactionCategory[] };

export const useTransactions = (id: string, pageIndex: number, filters: TTransactionFilters = { states: [], categories: [] }) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(id), 'transactions', pageIndex, filters.states.join(','), filters.categories.join(',')],
    queryFn: () =>
      apiClient.call(airlineRoutes.transactions, {
        params: { id },
        query: {
          page: pageIndex,
          size: MANAGER_PAGE_SIZE,
          states: filters.states.length > 0 ? filters.states.join(',') : undefined,
          categories: filters.categories.length > 0 ? filters.categories.join(',') : undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useProfitAndLoss = (id: string) =>
  useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'pnl'], queryFn: () => apiClient.call(airlineFlightRoutes.profitAndLoss, { params: { id } }) });

/** POST /airline (multipart): the airline form and its logo. */
export const useCreateAirline = () => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors('');
  return useMutation({
    onError,
    mutationFn: (form: FormData) => apiClient.post<TAirline>(`${API}/airline`, form),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.all }),
  });
};

export const usePlanes = (id: string) =>
  useQuery({ queryKey: [...airlineMgrKeys.airline(id), 'planes'], queryFn: () => apiClient.call(airlineAssetRoutes.planes, { params: { id }, query: { page: 0, size: 100 } }) });

export const useStartMaintenance = (id: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(id);
  return useMutation({
    onError,
    mutationFn: (planeId: string) => apiClient.call(airlineAssetRoutes.startMaintenance, { params: { id, planeId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(id) }),
  });
};

/** Airline items the store sells for FlightCoins: aircraft and hangars. */
export const useAirlineStoreItems = () =>
  useQuery({
    queryKey: [...airlineMgrKeys.all, 'store'],
    queryFn: async () => {
      const [aircraft, hangars] = await Promise.all(
        (['AIRCRAFT', 'HANGAR'] as const).map((type) => apiClient.call(storeRoutes.items, { query: { type, currency: 'MFC', page: 0, size: 100 } })),
      );
      return [...(aircraft?.items ?? []), ...(hangars?.items ?? [])];
    },
  });

/** Buys an item for the airline: its own wallet pays (the airline_manager context of the order). */
export const useBuyForAirline = (airlineId: string, userId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (itemId: string) => apiClient.call(storeRoutes.buyItem, { body: { userId, itemId, quantity: 1, context: 'airline_manager', airlineId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useAirlineInventory = (airlineId: string) =>
  useQuery({
    queryKey: [...airlineMgrKeys.airline(airlineId), 'inventory'],
    queryFn: () => apiClient.call(storeRoutes.airlineInventory, { params: { airlineId }, query: { page: 0, size: 100 } }),
  });

export const useBuildFromItem = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (request: { kind: 'plane'; body: z.input<typeof ZCreatePlaneRequest> } | { kind: 'hangar'; body: { hubId: string; itemId: string } }): Promise<unknown> =>
      request.kind === 'plane'
        ? apiClient.call(airlineAssetRoutes.buildPlane, { params: { id: airlineId }, body: request.body })
        : apiClient.call(airlineAssetRoutes.buildHangar, { params: { id: airlineId }, body: request.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useRoutes = (airlineId: string) =>
  useQuery({ queryKey: [...airlineMgrKeys.airline(airlineId), 'routes'], queryFn: () => apiClient.call(airlineAssetRoutes.routes, { params: { id: airlineId }, query: { page: 0, size: 100 } }) });

export const useCreateRoute = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (body: z.input<typeof ZCreateRouteRequest>) => apiClient.call(airlineAssetRoutes.createRoute, { params: { id: airlineId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useSetRecruitment = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (recruitmentOpened: boolean) => apiClient.put(`${API}/airline/${airlineId}`, { recruitmentOpened }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

/** PUT /airline/{id}/reset (multipart): a FAILED airline starts again under its code, its assets gone. */
export const useResetAirline = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (form: FormData) => apiClient.put<TAirline>(`${API}/airline/${airlineId}/reset`, form),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.all }),
  });
};

export const useDeleteAirline = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: () => apiClient.call(airlineRoutes.remove, { params: { id: airlineId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.all }),
  });
};

/** The owner pays a PLANNED or FAILED transaction by hand. */
export const usePayTransaction = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (transactionId: string) => apiClient.call(airlineRoutes.payTransaction, { params: { id: airlineId, transactionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

export const useSetMemberRole = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: ({ memberId, role }: { memberId: string; role: 'ADMINISTRATOR' | 'MEMBER' }) =>
      apiClient.call(airlineRoutes.setMemberRole, { params: { id: airlineId, memberId }, body: { role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

/** Moves a member to another rank (owner and administrators). */
export const useSetMemberRank = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: ({ memberId, rankId }: { memberId: string; rankId: string }) =>
      apiClient.call(airlineRoutes.setMemberRank, { params: { id: airlineId, memberId }, body: { rankId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

/** Removes a member (owner and administrators), or the caller's own membership: resigning. */
export const useRemoveMember = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (memberId: string) => apiClient.call(airlineRoutes.removeMember, { params: { id: airlineId, memberId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};

/** Opens a hub at an airport (its licence paid now, its rent planned monthly). */
export const useOpenHub = (airlineId: string) => {
  const queryClient = useQueryClient();
  const onError = useAirlineActionErrors(airlineId);
  return useMutation({
    onError,
    mutationFn: (airportIdent: string) => apiClient.call(airlineAssetRoutes.openHub, { params: { id: airlineId }, body: { airportIdent } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: airlineMgrKeys.airline(airlineId) }),
  });
};
