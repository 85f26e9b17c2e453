import type { FastifyPluginAsync } from 'fastify';
import { challengeRoutes as routes } from '@contrail/domain/challenge/challenge-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { currentChallenge } from './challenge.service';

/** Main API: the weekly challenge among pilots. */
export const challengeModule: FastifyPluginAsync = async (app) => {
  const ctx = { deps: app.deps };
  serveRoute(app, routes.current, async (request) => currentChallenge(ctx, currentUser(request).id));
};
