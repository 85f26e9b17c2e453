import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WalletCurrency, ZWalletTransactionPage, ZWalletTransactionQuery } from '@contrail/domain/wallet/wallet-contract';
import { currentUser } from '../../plugins/authentication';
import { listUserTransactions } from './wallet.service';

/** Main API: a pilot's wallet transactions (spec section 7, wallet). */
export const walletRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/wallet/user/:userId/type/:type/transaction',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        params: z.object({ userId: z.uuid(), type: z.enum(WalletCurrency) }),
        querystring: ZWalletTransactionQuery,
        response: { 200: ZWalletTransactionPage },
      },
    },
    async (request) => listUserTransactions(app.deps.db, currentUser(request), request.params.userId, request.params.type, request.query),
  );
};
