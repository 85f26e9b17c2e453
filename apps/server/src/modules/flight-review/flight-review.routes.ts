import type { FastifyPluginAsync } from 'fastify';
import { flightReviewRoutes as routes } from '@contrail/domain/flight-review/review-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { decideFlightReview, getReviewDetail, listReviewQueue, replyToFlightReview } from './flight-review.service';
import { getReviewThresholds, updateReviewThresholds } from './review-thresholds.service';

const site = { kind: 'site' } as const;
const airline = (airlineId: string) => ({ kind: 'airline', airlineId }) as const;

/** The review queue (issue 31): the pilot's reply, the airline's and the site's queues, the airline's thresholds. */
export const flightReviewModule: FastifyPluginAsync = async (app) => {
  const ctx = { deps: app.deps };
  const db = app.deps.db;
  serveRoute(app, routes.reply, async (request) => replyToFlightReview(ctx, currentUser(request), request.params.id, request.body.message));

  serveRoute(app, routes.airlineQueue, async (request) => listReviewQueue(ctx, currentUser(request), airline(request.params.id), request.query));
  serveRoute(app, routes.airlineDetail, async (request) => getReviewDetail(ctx, currentUser(request), airline(request.params.id), request.params.flightLogId));
  serveRoute(app, routes.airlineDecide, async (request) =>
    decideFlightReview(ctx, currentUser(request), airline(request.params.id), request.params.flightLogId, request.body),
  );

  serveRoute(app, routes.adminQueue, async (request) => listReviewQueue(ctx, currentUser(request), site, request.query));
  serveRoute(app, routes.adminDetail, async (request) => getReviewDetail(ctx, currentUser(request), site, request.params.flightLogId));
  serveRoute(app, routes.adminDecide, async (request) => decideFlightReview(ctx, currentUser(request), site, request.params.flightLogId, request.body));

  serveRoute(app, routes.thresholds, async (request) => getReviewThresholds(db, currentUser(request), request.params.id));
  serveRoute(app, routes.updateThresholds, async (request) =>
    updateReviewThresholds(db, currentUser(request), request.params.id, request.body, app.deps.clock.now()),
  );
};
