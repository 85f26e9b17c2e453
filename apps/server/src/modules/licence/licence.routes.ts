import type { FastifyPluginAsync } from 'fastify';
import { licenceRoutes as routes } from '@contrail/domain/reference/licence-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { getPilotLicenceAircraft, listPilotLicences } from './licence.service';

/** Main API: pilot licences and the pilot's licensed aircraft. */
export const licenceRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.list, async (request) => listPilotLicences(request.query.onlyFreeLicenses));
  serveRoute(app, routes.pilotAircraft, async (request) => getPilotLicenceAircraft(app.deps.db, currentUser(request), request.params.id));
};
