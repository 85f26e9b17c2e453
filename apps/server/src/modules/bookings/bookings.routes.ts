import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZBookedFlightList } from '@contrail/domain/flight-plan/flight-plan-contract';
import { currentUser } from '../../plugins/authentication';
import { listBookedFlights } from './bookings.service';

/** Main API (prefix /api): the pilot's virtual-airline (AFRV) booked flights. */
export const bookingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/afrv/bookings',
    {
      preHandler: app.authenticate,
      schema: { tags: ['bookings'], security: [{ bearer: [] }], response: { 200: ZBookedFlightList } },
    },
    async (request) => listBookedFlights(app.deps, currentUser(request).id),
  );
};
