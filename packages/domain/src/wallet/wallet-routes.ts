import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { WalletCurrency, ZWalletTransactionPage, ZWalletTransactionQuery } from './wallet-contract';

/** A pilot's wallet. */
export const walletRoutes = {
  /** The pilot's transactions in one currency, newest first, page from 0. */
  userTransactions: declareRoute({
    method: 'GET',
    path: '/api/v1/wallet/user/:userId/type/:type/transaction',
    tag: 'wallet',
    params: z.object({ userId: z.uuid(), type: z.enum(WalletCurrency) }),
    query: ZWalletTransactionQuery,
    response: ZWalletTransactionPage,
  }),
};
