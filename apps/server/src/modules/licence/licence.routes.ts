import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLicenseAircraft, ZPilotLicense, ZPilotLicenseQuery } from '@contrail/domain/reference/pilot-licences';
import { currentUser } from '../../plugins/authentication';
import { getPilotLicenceAircraft, listPilotLicences } from './licence.service';

/** Main API (spec section 7, "Missions, licences, career"): pilot licences and the pilot's licensed aircraft. */
export const licenceRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/pilot-licenses',
    { schema: { tags: ['licence'], querystring: ZPilotLicenseQuery, response: { 200: z.array(ZPilotLicense) } } },
    async (request) => listPilotLicences(request.query.onlyFreeLicenses),
  );

  app.get(
    '/v1/pilot/:id/licenses-aircrafts',
    {
      preHandler: app.authenticate,
      schema: { tags: ['licence'], security: [{ bearer: [] }], params: z.object({ id: z.uuid() }), response: { 200: z.array(ZLicenseAircraft) } },
    },
    async (request) => getPilotLicenceAircraft(app.deps.db, currentUser(request), request.params.id),
  );
};
