import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZFlightLogDetail,
  ZFlightLogIdParams,
  ZFlightLogPage,
  ZFlightLogQuery,
  ZFlightLogUserParams,
} from '@contrail/domain/flight-api/flight-log-contract';
import { currentUser } from '../../plugins/authentication';
import { getFlightLog, listFlightLogsOfUser } from './flight-log.service';

const security = [{ bearer: [] }];

/** Flight logs (spec section 7): GET /v1/flight-log/{id} and GET /v1/flight-log/user/{userId}, under /api. */
export const flightLogModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { deps: app.deps };

  app.get(
    '/v1/flight-log/user/:userId',
    {
      preHandler: app.authenticate,
      schema: { tags: ['flight-log'], security, params: ZFlightLogUserParams, querystring: ZFlightLogQuery, response: { 200: ZFlightLogPage } },
    },
    async (request) => listFlightLogsOfUser(ctx, currentUser(request), request.params.userId, request.query),
  );

  app.get(
    '/v1/flight-log/:id',
    { preHandler: app.authenticate, schema: { tags: ['flight-log'], security, params: ZFlightLogIdParams, response: { 200: ZFlightLogDetail } } },
    async (request) => getFlightLog(ctx, currentUser(request).id, request.params.id),
  );
};
