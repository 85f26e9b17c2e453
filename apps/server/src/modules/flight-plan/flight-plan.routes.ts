import type { FastifyPluginAsync } from 'fastify';
import { flightPlanRoutes as routes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { getAirportWithRunways, toFlightAirport } from '../airport/airport.service';
import { generatePlan, getLatestSimbriefPlan, importFlightPlan, signSimbriefRequest } from './flight-plan.service';

/** An OFP of 2 MiB, JSON-escaped, plus the envelope. Above this Fastify answers 413. */
const IMPORT_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** Flight-planning service (prefix /api/flight-plan): SimBrief import and Contrail's own planner. */
export const flightPlanRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.deps;

  serveRoute(app, routes.import, async (request) => importFlightPlan(request.body), { bodyLimit: IMPORT_BODY_LIMIT_BYTES });
  serveRoute(app, routes.simbriefLatest, async (request) => getLatestSimbriefPlan({ db, config }, currentUser(request).id, request.query.format));
  serveRoute(app, routes.generate, async (request) =>
    generatePlan(request.body, async (ident) => {
      const airport = await getAirportWithRunways(db, ident);
      return airport ? toFlightAirport(airport) : null;
    }),
  );
};

/** Main API (prefix /api): GET /simbrief/generate-request signs a SimBrief generation request. */
export const simbriefRequestRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.signSimbriefRequest, async (request) => signSimbriefRequest(app.deps.config, request.query.apiReq));
};
