import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateMissionRequest, ZMission, ZMissionPage, ZMissionQuery, ZUserMission } from '@contrail/domain/mission/mission-contract';
import { currentUser } from '../../plugins/authentication';
import { createMission, getMission, getUserMissions, listMissions, refreshMissionCatalogue } from './mission.service';

/** How often the server checks that the current period's missions exist. */
export const MISSION_REFRESH_INTERVAL_MS = 60 * 60 * 1000;
export const MISSION_REFRESH_JOB = 'mission-refresh';

/** Main API (spec section 7, "Missions, licences, career"): the mission catalogue and the pilot's missions. */
export const missionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, jobs } = app.deps;

  // The schedule: a fresh set every ISO week, made at start and checked every hour (idempotent per period).
  jobs.register({ name: MISSION_REFRESH_JOB, periodMs: MISSION_REFRESH_INTERVAL_MS, run: (now) => refreshMissionCatalogue(db, now) });

  app.get(
    '/v1/missions',
    {
      preHandler: app.authenticate,
      schema: { tags: ['mission'], security: [{ bearer: [] }], querystring: ZMissionQuery, response: { 200: ZMissionPage } },
    },
    async (request) => listMissions(db, request.query, clock.now()),
  );

  app.get(
    '/v1/missions/:id',
    {
      preHandler: app.authenticate,
      schema: { tags: ['mission'], security: [{ bearer: [] }], params: z.object({ id: z.uuid() }), response: { 200: ZMission } },
    },
    async (request) => getMission(db, request.params.id),
  );

  app.post(
    '/v1/missions',
    {
      preHandler: app.authenticate,
      schema: { tags: ['mission'], security: [{ bearer: [] }], body: ZCreateMissionRequest, response: { 201: ZMission } },
    },
    async (request, reply) => reply.status(201).send(await createMission(db, currentUser(request), request.body)),
  );

  app.get(
    '/user-missions',
    { preHandler: app.authenticate, schema: { tags: ['mission'], security: [{ bearer: [] }], response: { 200: z.array(ZUserMission) } } },
    async (request) => getUserMissions(db, currentUser(request).id),
  );
};
