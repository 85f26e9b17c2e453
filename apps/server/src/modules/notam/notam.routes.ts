import type { FastifyPluginAsync } from 'fastify';
import { notamRoutes as routes } from '@contrail/domain/notam/notam-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { canIssueNotams, issueNotam, listNotamsInForce } from './notam.service';

/** Main API: notices to airmen, served from their declarations in the domain. */
export const notamRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.listInForce, async (request) => listNotamsInForce(app.deps.db, app.deps.clock.now(), request.query.airports));
  serveRoute(app, routes.access, async (request) => ({ canIssue: await canIssueNotams(app.deps.db, currentUser(request)) }));
  serveRoute(app, routes.issue, async (request) => issueNotam(app.deps.db, currentUser(request), request.body, app.deps.clock.now()));
};
