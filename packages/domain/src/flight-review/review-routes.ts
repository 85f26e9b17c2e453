import { z } from 'zod';
import { airlineApiBase, airlineApiTag } from '../airline/airline-route-parts';
import { declareRoute } from '../api/route-declaration';
import {
  ZFlightReview,
  ZFlightReviewDecisionRequest,
  ZFlightReviewDetail,
  ZFlightReviewItem,
  ZFlightReviewPage,
  ZFlightReviewQuery,
  ZFlightReviewReplyRequest,
  ZReviewThresholdsUpdate,
  ZReviewThresholdsView,
} from './review-contract';

const tag = 'flight-review';
const airline = z.object({ id: z.uuid() });
const airlineFlight = z.object({ id: z.uuid(), flightLogId: z.uuid() });
const siteFlight = z.object({ flightLogId: z.uuid() });

/**
 * The review queue (issue 31): the pilot's reply on their flight log, the airline's queue for its
 * owner and administrators, the site admins' queue for every other flight, the airline's thresholds.
 */
export const flightReviewRoutes = {
  reply: declareRoute({
    method: 'POST',
    path: '/api/v1/flight-log/:id/review/reply',
    tag,
    params: z.object({ id: z.uuid() }),
    body: ZFlightReviewReplyRequest,
    response: ZFlightReview,
  }),
  airlineQueue: declareRoute({
    method: 'GET',
    path: `${airlineApiBase}/airline/:id/flight-review`,
    tag: airlineApiTag,
    params: airline,
    query: ZFlightReviewQuery,
    response: ZFlightReviewPage,
  }),
  airlineDetail: declareRoute({
    method: 'GET',
    path: `${airlineApiBase}/airline/:id/flight-review/:flightLogId`,
    tag: airlineApiTag,
    params: airlineFlight,
    response: ZFlightReviewDetail,
  }),
  airlineDecide: declareRoute({
    method: 'POST',
    path: `${airlineApiBase}/airline/:id/flight-review/:flightLogId/decision`,
    tag: airlineApiTag,
    params: airlineFlight,
    body: ZFlightReviewDecisionRequest,
    response: ZFlightReviewItem,
  }),
  adminQueue: declareRoute({ method: 'GET', path: '/api/v1/admin/flight-review', tag, query: ZFlightReviewQuery, response: ZFlightReviewPage }),
  adminDetail: declareRoute({ method: 'GET', path: '/api/v1/admin/flight-review/:flightLogId', tag, params: siteFlight, response: ZFlightReviewDetail }),
  adminDecide: declareRoute({
    method: 'POST',
    path: '/api/v1/admin/flight-review/:flightLogId/decision',
    tag,
    params: siteFlight,
    body: ZFlightReviewDecisionRequest,
    response: ZFlightReviewItem,
  }),
  thresholds: declareRoute({
    method: 'GET',
    path: `${airlineApiBase}/airline/:id/review-thresholds`,
    tag: airlineApiTag,
    params: airline,
    response: ZReviewThresholdsView,
  }),
  updateThresholds: declareRoute({
    method: 'PUT',
    path: `${airlineApiBase}/airline/:id/review-thresholds`,
    tag: airlineApiTag,
    params: airline,
    body: ZReviewThresholdsUpdate,
    response: ZReviewThresholdsView,
  }),
};
