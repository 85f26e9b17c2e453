import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { referralRoutes } from '@contrail/domain/referral/referral-routes';
import { walletRoutes } from '@contrail/domain/wallet/wallet-routes';
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
    queryFn: () => apiClient.call(referralRoutes.affiliation, { params: { userId } }),
  });

export const AFFILIATION_PAGE_SIZE = 10;

/** The bonus transactions: the wallet's FC transactions of the two affiliation categories. */
export const useAffiliationTransactions = (userId: string, page: number) =>
  useQuery({
    queryKey: affiliationQueryKeys.transactions(userId, page),
    queryFn: () =>
      apiClient.call(walletRoutes.userTransactions, {
        params: { userId, type: 'MFC' },
        query: { page, page_size: AFFILIATION_PAGE_SIZE, categories: 'MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL' },
      }),
    placeholderData: keepPreviousData,
  });
