import { z } from 'zod';
import type { CabinResult, PncIncident } from '../flight/cabin-simulation';
import type { FlightEvent } from '../flight/flight-event-codes';
import type { FlightOutcome, FlightStatistics } from '../flight/flight-engine-types';
import { ZPaxByClass } from '../flight/flight-plan-input';
import type { FlightStep } from '../flight/flight-step';
import type { LandingAnalysis } from '../flight/landing-analysis';
import { pageOf, ZPageQuery } from '../api/page';
import type { RewardBreakdown } from '../rewards/compute-reward';
import { FlightReviewStatus, ZFlightReview } from '../flight-review/review-contract';
import { FlightType, ZFlightAirportSummary, ZFlightCargo, ZPositionHistoryPoint } from './flight-contract';

/**
 * Flight logs (summary and detail; GET /v1/flight-log/{id} and GET /v1/flight-log/user/{userId}?search&page&size).
 */

/** Flight records are pending, then validated on the blockchain. */
export const LedgerState = ['pending', 'validated'] as const;
export type LedgerState = (typeof LedgerState)[number];

/** Why a flight earned no FlightCoins. */
export const FcReason = ['InRestTime', 'MonthlyLimit'] as const;

export const ZFlightLogSummary = z.object({
  id: z.uuid(),
  flightId: z.uuid(),
  flightNumber: z.string(),
  type: z.enum(FlightType),
  departureAirport: ZFlightAirportSummary,
  arrivalAirport: ZFlightAirportSummary,
  startDate: z.string(),
  endDate: z.string(),
  /** FlightCoins paid. */
  flightCoinAmount: z.number().int(),
  xp: z.number().int(),
  satisfactionXp: z.number().int(),
  /** Freemium pilots open only their most recent logs (flight-log access is premium). */
  locked: z.boolean(),
  aircraftIcao: z.string(),
  flightDurationSeconds: z.number().int(),
  distanceNm: z.number().int(),
  isArrived: z.boolean(),
  ledgerState: z.enum(LedgerState),
  /** Accepted, pending a reviewer's decision, rejected, or not flown (issue 31). */
  reviewStatus: z.enum(FlightReviewStatus),
  /** A practice flight: logged and scored, paying nothing. */
  practice: z.boolean(),
});
export type TFlightLogSummary = z.infer<typeof ZFlightLogSummary>;

export const ZFlightLogPage = pageOf(ZFlightLogSummary);
export type TFlightLogPage = z.infer<typeof ZFlightLogPage>;

/** GET /v1/flight-log/user/{userId}?search&page&size: search matches flight number, airports or aircraft. */
export const ZFlightLogQuery = ZPageQuery.extend({ search: z.string().trim().max(40).optional() });
export type TFlightLogQuery = z.input<typeof ZFlightLogQuery>;

export const ZFlightLogIdParams = z.object({ id: z.uuid() });
export const ZFlightLogUserParams = z.object({ userId: z.uuid() });

/** Flight log detail: statistics named as the log screen shows them. */
export type TFlightLogStatistics = FlightStatistics & {
  flightDuration: number;
  blockTime: number;
  fuelConsumed: number;
  fuelLoaded: number;
  averageSpeed: number;
};

export const ZFlightLogDetail = ZFlightLogSummary.extend({
  fcReason: z.enum(FcReason).nullable(),
  /** The pilot was in a rest period (FC withheld) when this flight ended. */
  inRestPeriod: z.boolean(),
  /** When flying pays FC again (rest period or monthly limit), else null. */
  nextRemuneration: z.string().nullable(),
  isPNC: z.boolean(),
  cruiseLevel: z.number().int(),
  aircraftRegistration: z.string().nullable(),
  originalArrivalIdent: z.string(),
  isDiverted: z.boolean(),
  isCrashed: z.boolean(),
  finalStep: z.custom<FlightStep>(),
  /** Off-block and on-block times (the flight's start and end block dates), ISO or null. */
  startBlockDate: z.string().nullable(),
  endBlockDate: z.string().nullable(),
  takeoffDate: z.string().nullable(),
  landingDate: z.string().nullable(),
  statistics: z.custom<TFlightLogStatistics>(),
  steps: z.array(z.object({ name: z.custom<FlightStep>(), date: z.string() })),
  events: z.array(
    z.object({
      id: z.number().int(),
      flightId: z.string(),
      createdAt: z.string(),
      eventCode: z.number().int(),
      key: z.custom<FlightEvent['key']>(),
      data: z.custom<FlightEvent['data']>(),
    }),
  ),
  positionHistory: z.array(ZPositionHistoryPoint),
  landing: z.custom<LandingAnalysis>().nullable(),
  integrity: z.custom<FlightOutcome['integrity']>(),
  /** How the reward was computed (distance paid, multipliers, penalties, score, XP parts). */
  reward: z.custom<RewardBreakdown>(),
  flightScore: z.number().int(),
  /** PNC flights only. */
  incidents: z.array(z.custom<PncIncident & { date: string }>()).nullable(),
  satisfaction: z
    .object({ satietyRate: z.number(), entertainmentRate: z.number(), wellnessRate: z.number(), satisfactionRate: z.number() })
    .nullable(),
  passengers: z.custom<CabinResult['passengers']>().nullable(),
  pax: ZPaxByClass,
  cargos: z.array(ZFlightCargo),
  missionId: z.string().nullable(),
  /** Ledger (recorded on a blockchain): the record's hash, pending until a sealing job validates it. */
  ledgerHash: z.string().nullable(),
  /** The ledger block that sealed the record, once validated. */
  ledgerBlockHeight: z.number().int().nullable(),
  /** The verdict's reasons, the pilot's reply and the reviewer's decision. */
  review: ZFlightReview,
});
export type TFlightLogDetail = z.infer<typeof ZFlightLogDetail>;
