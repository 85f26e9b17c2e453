import { z } from 'zod';
import { pageOf, ZPageQuery } from '../api/page';
import { FlightType, ZPositionHistoryPoint } from '../flight-api/flight-contract';
import type { TFlightLogDetail, TFlightLogStatistics } from '../flight-api/flight-log-contract';
import type { LandingAnalysis } from '../flight/landing-analysis';
import { ZReviewReason, ZReviewThresholds, type REVIEW_THRESHOLD_BOUNDS, type ReviewThresholds } from './flight-verdict';

/**
 * The review of a completed flight (issue 31): where its verdict left it, the pilot's one reply
 * and the reviewer's decision. Airline flights are reviewed by the airline's owner and
 * administrators, the others by site admins; nobody reviews their own flight.
 */

/**
 * Where a flight log stands: `accepted` (paid), `pending` (payments held until a reviewer
 * decides), `rejected` (a reviewer or a rule refused it: nothing paid), `not-flown` (its frames
 * never showed a flight: nothing paid).
 */
export const FlightReviewStatus = ['accepted', 'pending', 'rejected', 'not-flown'] as const;
export type FlightReviewStatus = (typeof FlightReviewStatus)[number];

/** The longest reply or comment: a few paragraphs, not a report. */
export const REVIEW_MESSAGE_MAX = 1000;

const ZReviewMessage = z.string().trim().min(1).max(REVIEW_MESSAGE_MAX);
const ZUserRef = z.object({ id: z.string(), userName: z.string() });

/** The review part of a flight log, as its pilot sees it. */
export const ZFlightReview = z.object({
  status: z.enum(FlightReviewStatus),
  /** Flown with the built-in simulator where practice pays nothing: logged and scored, not paid. */
  practice: z.boolean(),
  reasons: z.array(ZReviewReason),
  pilotReply: z.string().nullable(),
  pilotRepliedAt: z.string().nullable(),
  reviewerComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewer: ZUserRef.nullable(),
  /** The caller is the pilot, the flight is pending and they have not replied yet. */
  canReply: z.boolean(),
});
export type TFlightReview = z.infer<typeof ZFlightReview>;

/** POST /api/v1/flight-log/:id/review/reply: the pilot explains, once, while the flight is pending. */
export const ZFlightReviewReplyRequest = z.object({ message: ZReviewMessage });
export type TFlightReviewReplyRequest = z.input<typeof ZFlightReviewReplyRequest>;

/** The reviewer's queue: flights waiting for a decision, or the ones already decided (newest first). */
export const FlightReviewQueueStatus = ['pending', 'decided'] as const;
export const ZFlightReviewQuery = ZPageQuery.extend({ status: z.enum(FlightReviewQueueStatus).default('pending') });
export type TFlightReviewQuery = z.input<typeof ZFlightReviewQuery>;

/** One flight of the reviewer's queue. */
export const ZFlightReviewItem = z.object({
  flightLogId: z.uuid(),
  pilot: ZUserRef,
  flightNumber: z.string(),
  type: z.enum(FlightType),
  departureIdent: z.string(),
  arrivalIdent: z.string(),
  endDate: z.string(),
  status: z.enum(FlightReviewStatus),
  reasons: z.array(ZReviewReason),
  pilotReply: z.string().nullable(),
  reviewerComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** What the flight pays the pilot if accepted (or paid, once accepted): FlightCoins and XP. */
  heldFc: z.number().int(),
  heldXp: z.number().int(),
});
export type TFlightReviewItem = z.infer<typeof ZFlightReviewItem>;

export const ZFlightReviewPage = pageOf(ZFlightReviewItem);
export type TFlightReviewPage = z.infer<typeof ZFlightReviewPage>;

/** A flight under review with what the reviewer needs to judge it: the track, the profile, the landing. */
export const ZFlightReviewDetail = ZFlightReviewItem.extend({
  positionHistory: z.array(ZPositionHistoryPoint),
  landing: z.custom<LandingAnalysis>().nullable(),
  statistics: z.custom<TFlightLogStatistics>(),
  events: z.custom<TFlightLogDetail['events']>(),
});
export type TFlightReviewDetail = z.infer<typeof ZFlightReviewDetail>;

export const FlightReviewDecision = ['accept', 'reject'] as const;
export type FlightReviewDecision = (typeof FlightReviewDecision)[number];

/** POST …/decision: accepting pays what was held, rejecting pays nothing; the comment says why. */
export const ZFlightReviewDecisionRequest = z.object({ decision: z.enum(FlightReviewDecision), comment: ZReviewMessage });
export type TFlightReviewDecisionRequest = z.input<typeof ZFlightReviewDecisionRequest>;

/** An airline's review thresholds: its own where the owner tuned them, the site's defaults elsewhere. */
export const ZReviewThresholdsView = z.object({
  thresholds: z.custom<ReviewThresholds>(),
  defaults: z.custom<ReviewThresholds>(),
  bounds: z.custom<typeof REVIEW_THRESHOLD_BOUNDS>(),
});
export type TReviewThresholdsView = z.infer<typeof ZReviewThresholdsView>;

/** PUT …/review-thresholds: only the thresholds to change, each within its bounds. */
export const ZReviewThresholdsUpdate = ZReviewThresholds.partial();
export type TReviewThresholdsUpdate = z.input<typeof ZReviewThresholdsUpdate>;
