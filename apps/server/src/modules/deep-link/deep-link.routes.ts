import type { FastifyPluginAsync } from 'fastify';
import { deepLinkRoutes as routes } from '@contrail/domain/deep-link/deep-link-routes';
import { publicUrlOf } from '../../lib/public-url';
import { serveRoute } from '../../lib/serve-route';
import { deepLinkKey, signFlightPlanLink } from './deep-link.service';

/** Main API: the `contrail:` flight-plan link and the key trackers check it with. */
export const deepLinkModule: FastifyPluginAsync = async (app) => {
  const ctx = { deps: app.deps };
  serveRoute(app, routes.flightPlanLink, async (request) => signFlightPlanLink(ctx, request.body, publicUrlOf(request, app.deps.config)));
  serveRoute(app, routes.key, async () => deepLinkKey(ctx));
};
