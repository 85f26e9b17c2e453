import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAirlineWalletHistory } from '@contrail/domain/airline/airline-contract';
import { airlineFinanceRoutes } from '@contrail/domain/airline/airline-finance-routes';
import { apiClient } from '../../../lib/api-client';
import { airlineMgrKeys } from './query-keys';

export const walletHistoryKeys = {
  history: (airlineId: string, months: number) => [...airlineMgrKeys.airline(airlineId), 'wallet-history', months] as const,
};

/** GET /airline/{id}/wallet/history?months: income and costs per UTC month, oldest first. */
export const getAirlineWalletHistory = (airlineId: string, months: number): Promise<TAirlineWalletHistory> =>
  apiClient.call(airlineFinanceRoutes.walletHistory, { params: { id: airlineId }, query: { months } });

export const airlineWalletHistoryQueryOptions = (airlineId: string, months: number) =>
  queryOptions({ queryKey: walletHistoryKeys.history(airlineId, months), queryFn: () => getAirlineWalletHistory(airlineId, months) });

export const useAirlineWalletHistory = (airlineId: string, months: number) => useQuery(airlineWalletHistoryQueryOptions(airlineId, months));
