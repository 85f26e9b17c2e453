import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAffiliation } from '@contrail/domain/referral/referral-constants';
import type { TWalletTransactionPage } from '@contrail/domain/wallet/wallet-contract';
import { apiClient } from '../../../lib/api-client';

export const affiliationQueryKeys = {
  all: ['affiliation'] as const,
  summary: (userId: string) => [...affiliationQueryKeys.all, userId] as const,
  transactions: (userId: string, page: number) => [...affiliationQueryKeys.all, userId, 'transactions', page] as const,
};

/** GET /api/v1/affiliation/user/{userId}: the invite code and who signed up with it. */
export const useAffiliation = (userId: string) =>
  useQuery({
    queryKey: affiliationQueryKeys.summary(userId),
    queryFn: () => apiClient.get<TAffiliation>(`/api/v1/affiliation/user/${encodeURIComponent(userId)}`),
  });

export const AFFILIATION_PAGE_SIZE = 10;

/** The bonus transactions: the wallet's FC transactions of the two affiliation categories (spec section 7). */
export const useAffiliationTransactions = (userId: string, page: number) =>
  useQuery({
    queryKey: affiliationQueryKeys.transactions(userId, page),
    queryFn: () =>
      apiClient.get<TWalletTransactionPage>(`/api/v1/wallet/user/${encodeURIComponent(userId)}/type/MFC/transaction`, {
        query: { page, page_size: AFFILIATION_PAGE_SIZE, categories: 'MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL' },
      }),
    placeholderData: keepPreviousData,
  });
