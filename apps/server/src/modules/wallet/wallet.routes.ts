import type { FastifyPluginAsync } from 'fastify';
import { walletRoutes as routes } from '@contrail/domain/wallet/wallet-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { listUserTransactions } from './wallet.service';

/** Main API: a pilot's wallet transactions. */
export const walletRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.userTransactions, async (request) =>
    listUserTransactions(app.deps.db, currentUser(request), request.params.userId, request.params.type, request.query),
  );
};
