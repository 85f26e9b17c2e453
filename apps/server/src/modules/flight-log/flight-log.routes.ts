import type { FastifyPluginAsync } from 'fastify';
import { flightLogRoutes as routes } from '@contrail/domain/flight-api/flight-log-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { getFlightLog, listFlightLogsOfUser } from './flight-log.service';

/** Flight logs, served from their declarations. */
export const flightLogModule: FastifyPluginAsync = async (app) => {
  const ctx = { deps: app.deps };
  serveRoute(app, routes.ofUser, async (request) => listFlightLogsOfUser(ctx, currentUser(request), request.params.userId, request.query));
  serveRoute(app, routes.detail, async (request) => getFlightLog(ctx, currentUser(request).id, request.params.id));
};
