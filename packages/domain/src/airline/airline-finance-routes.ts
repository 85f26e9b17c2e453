import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import { ZAirlineWalletHistory, ZAirlineWalletHistoryQuery } from './airline-contract';
import { airlineApiBase as base, airlineApiTag as tag } from './airline-route-parts';

/** The airline's finance over time (issue 17), for its administrators and owner. */
export const airlineFinanceRoutes = {
  /** Income and costs per calendar month (UTC) from the executed wallet transactions, split by category. */
  walletHistory: declareRoute({
    method: 'GET',
    path: `${base}/airline/:id/wallet/history`,
    tag,
    params: z.object({ id: z.uuid() }),
    query: ZAirlineWalletHistoryQuery,
    response: ZAirlineWalletHistory,
  }),
};
