import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletTransactionPage, WalletCurrency } from '@contrail/domain/wallet/wallet-contract';
import { walletRoutes } from '@contrail/domain/wallet/wallet-routes';
import { apiClient } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

/** The pilot's transactions in one currency: newest first, page from 0. */
export const getWalletTransactions = (userId: string, currency: WalletCurrency, page: number, pageSize: number): Promise<TWalletTransactionPage> =>
  apiClient.call(walletRoutes.userTransactions, { params: { userId, type: currency }, query: { page, page_size: pageSize } });

export const walletTransactionsQueryOptions = (userId: string, currency: WalletCurrency, page: number, pageSize: number) =>
  queryOptions({
    queryKey: walletQueryKeys.transactions(userId, currency, page, pageSize),
    queryFn: () => getWalletTransactions(userId, currency, page, pageSize),
    placeholderData: keepPreviousData,
  });

export const useWalletTransactions = (userId: string, currency: WalletCurrency, page: number, pageSize: number) =>
  useQuery(walletTransactionsQueryOptions(userId, currency, page, pageSize));
