import type { FastifyPluginAsync } from 'fastify';
import { referralRoutes as routes } from '@contrail/domain/referral/referral-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { getAffiliation } from './referral.service';

/** Main API: the pilot's referrals (the /affiliation page). */
export const referralRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.affiliation, async (request) => getAffiliation(app.deps.db, currentUser(request), request.params.userId));
};
