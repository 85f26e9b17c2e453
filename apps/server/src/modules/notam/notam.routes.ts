import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIssueNotamRequest, ZNotam, ZNotamQuery } from '@contrail/domain/notam/notam-contract';
import { currentUser } from '../../plugins/authentication';
import { canIssueNotams, issueNotam, listNotamsInForce } from './notam.service';

/** Main API: notices to airmen (the /notam page, the flight configuration and the current flight's panel). */
export const notamRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notam'];
  app.get(
    '/v1/notam',
    { preHandler: app.authenticate, schema: { tags, security: [{ bearer: [] }], querystring: ZNotamQuery, response: { 200: z.array(ZNotam) } } },
    async (request) => listNotamsInForce(app.deps.db, app.deps.clock.now(), request.query.airports),
  );
  // Whether to show the issue form: the same check as issuing, answered as a yes or no.
  app.get(
    '/v1/notam/access',
    { preHandler: app.authenticate, schema: { tags, security: [{ bearer: [] }], response: { 200: z.object({ canIssue: z.boolean() }) } } },
    async (request) => ({ canIssue: await canIssueNotams(app.deps.db, currentUser(request)) }),
  );
  app.post(
    '/v1/notam',
    { preHandler: app.authenticate, schema: { tags, security: [{ bearer: [] }], body: ZIssueNotamRequest, response: { 201: ZNotam } } },
    async (request, reply) => {
      const notam = await issueNotam(app.deps.db, currentUser(request), request.body, app.deps.clock.now());
      return reply.status(201).send(notam);
    },
  );
};
