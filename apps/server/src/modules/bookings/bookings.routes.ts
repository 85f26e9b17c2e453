import type { FastifyPluginAsync } from 'fastify';
import { flightPlanRoutes as routes } from '@contrail/domain/flight-plan/flight-plan-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { listBookedFlights } from './bookings.service';

/** Main API (prefix /api): the pilot's virtual-airline (AFRV) booked flights. */
export const bookingsRoutes: FastifyPluginAsync = async (app) => {
  serveRoute(app, routes.afrvBookings, async (request) => listBookedFlights(app.deps, currentUser(request).id));
};
