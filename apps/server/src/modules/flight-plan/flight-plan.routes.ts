import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFlightPlanData } from '@contrail/domain/flight-plan/flight-plan-data';
import {
  ZFlightPlanImportRequest,
  ZGenerateFlightPlanRequest,
  ZSimbriefGenerateRequestQuery,
  ZSimbriefGenerateRequestResponse,
  ZSimbriefLatestQuery,
} from '@contrail/domain/flight-plan/flight-plan-contract';
import { currentUser } from '../../plugins/authentication';
import { getAirportWithRunways, toFlightAirport } from '../airport/airport.service';
import { generatePlan, getLatestSimbriefPlan, importFlightPlan, signSimbriefRequest } from './flight-plan.service';

/** An OFP of 2 MiB, JSON-escaped, plus the envelope. Above this Fastify answers 413. */
const IMPORT_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

/** Flight-planning service (prefix /api/flight-plan): SimBrief import and Contrail's own planner. */
export const flightPlanRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/import',
    {
      preHandler: app.authenticate,
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        tags: ['flight-plan'],
        security: [{ bearer: [] }],
        body: ZFlightPlanImportRequest,
        response: { 200: ZFlightPlanData },
      },
    },
    async (request) => importFlightPlan(request.body),
  );

  app.get(
    '/simbrief/latest',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['flight-plan'],
        security: [{ bearer: [] }],
        querystring: ZSimbriefLatestQuery,
        response: { 200: ZFlightPlanData },
      },
    },
    async (request) => getLatestSimbriefPlan({ db, config }, currentUser(request).id, request.query.format),
  );

  app.post(
    '/generate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['flight-plan'],
        security: [{ bearer: [] }],
        body: ZGenerateFlightPlanRequest,
        response: { 200: ZFlightPlanData },
      },
    },
    async (request) =>
      generatePlan(request.body, async (ident) => {
        const airport = await getAirportWithRunways(db, ident);
        return airport ? toFlightAirport(airport) : null;
      }),
  );
};

/** Main API (prefix /api): GET /simbrief/generate-request signs a SimBrief generation request. */
export const simbriefRequestRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/simbrief/generate-request',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['flight-plan'],
        security: [{ bearer: [] }],
        querystring: ZSimbriefGenerateRequestQuery,
        response: { 200: ZSimbriefGenerateRequestResponse },
      },
    },
    async (request) => signSimbriefRequest(app.deps.config, request.query.apiReq),
  );
};
