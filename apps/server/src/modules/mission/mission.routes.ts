import type { FastifyPluginAsync } from 'fastify';
import { missionRoutes as routes } from '@contrail/domain/mission/mission-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { createMission, getMission, getUserMissions, listMissions, refreshMissionCatalogue } from './mission.service';

/** How often the server checks that the current period's missions exist. */
export const MISSION_REFRESH_INTERVAL_MS = 60 * 60 * 1000;
export const MISSION_REFRESH_JOB = 'mission-refresh';

/** Main API: the mission catalogue and the pilot's missions. */
export const missionRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, jobs } = app.deps;

  // The schedule: a fresh set every ISO week, made at start and checked every hour (idempotent per period).
  jobs.register({ name: MISSION_REFRESH_JOB, periodMs: MISSION_REFRESH_INTERVAL_MS, run: (now) => refreshMissionCatalogue(db, now) });

  serveRoute(app, routes.list, async (request) => listMissions(db, request.query, clock.now()));
  serveRoute(app, routes.byId, async (request) => getMission(db, request.params.id, request.query.open ? clock.now() : undefined));
  serveRoute(app, routes.create, async (request) => createMission(db, currentUser(request), request.body));
  serveRoute(app, routes.ofPilot, async (request) => getUserMissions(db, currentUser(request).id));
};
