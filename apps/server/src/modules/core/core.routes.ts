import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZActionResponse } from '@contrail/domain/common/action-response';
import {
  ZAircraftConfiguration,
  ZAircraftInformationQuery,
  ZCreateAircraftConfigurationRequest,
  ZUpdateAircraftConfigurationRequest,
} from '@contrail/domain/reference/aircraft-configuration';
import { ZAircraftIcao, ZAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import { careerLevels, ZCareerLevel } from '@contrail/domain/reference/career-levels';
import { languageFromAcceptLanguage } from '@contrail/domain/common/language';
import { listCountries, ZCountry, ZCountryQuery } from '@contrail/domain/reference/countries';
import { currentUser } from '../../plugins/authentication';
import {
  createConfiguration,
  deleteConfiguration,
  getAircraftInformation,
  getDefaultConfiguration,
  listAircraftInformation,
  listConfigurationsOfUser,
  updateConfiguration,
} from './core.service';

const ZIcaoParam = z.object({ icao: z.string().trim().toUpperCase().pipe(ZAircraftIcao) });
const ZConfigurationIdParam = z.object({ id: z.string().min(1).max(64) });

/** Core API (spec section 7, prefix /api/core/v1): career levels, countries, aircraft types and seat configurations. */
export const coreRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get('/carreer-level', { schema: { tags: ['core'], response: { 200: z.array(ZCareerLevel) } } }, async () => [...careerLevels]);

  app.get(
    '/country',
    { schema: { tags: ['core'], querystring: ZCountryQuery, response: { 200: z.array(ZCountry) } } },
    async (request) => listCountries(request.query.lang ?? languageFromAcceptLanguage(request.headers['accept-language'])),
  );

  app.get(
    '/aircraft-information',
    { schema: { tags: ['core'], querystring: ZAircraftInformationQuery, response: { 200: z.array(ZAircraftInformation) } } },
    async (request) => listAircraftInformation(request.query.category),
  );

  app.get(
    '/aircraft-information/:icao',
    { schema: { tags: ['core'], params: ZIcaoParam, response: { 200: ZAircraftInformation } } },
    async (request) => getAircraftInformation(request.params.icao),
  );

  app.get(
    '/aircraft-config/type/DEFAULT/icao/:icao',
    { schema: { tags: ['core'], params: ZIcaoParam, response: { 200: ZAircraftConfiguration } } },
    async (request) => getDefaultConfiguration(request.params.icao),
  );

  app.get(
    '/aircraft-config/user/:userId',
    {
      preHandler: app.authenticate,
      schema: { tags: ['core'], security: [{ bearer: [] }], params: z.object({ userId: z.uuid() }), response: { 200: z.array(ZAircraftConfiguration) } },
    },
    async (request) => listConfigurationsOfUser(db, currentUser(request), request.params.userId),
  );

  app.post(
    '/aircraft-config/',
    {
      preHandler: app.authenticate,
      schema: { tags: ['core'], security: [{ bearer: [] }], body: ZCreateAircraftConfigurationRequest, response: { 201: ZAircraftConfiguration } },
    },
    async (request, reply) => reply.status(201).send(await createConfiguration(db, currentUser(request).id, request.body)),
  );

  app.put(
    '/aircraft-config/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['core'],
        security: [{ bearer: [] }],
        params: ZConfigurationIdParam,
        body: ZUpdateAircraftConfigurationRequest,
        response: { 200: ZAircraftConfiguration },
      },
    },
    async (request) => updateConfiguration(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/aircraft-config/:id',
    {
      preHandler: app.authenticate,
      schema: { tags: ['core'], security: [{ bearer: [] }], params: ZConfigurationIdParam, response: { 200: ZActionResponse } },
    },
    async (request) => {
      await deleteConfiguration(db, currentUser(request).id, request.params.id);
      return { success: true, message: 'Configuration deleted', errorCode: null };
    },
  );
};
