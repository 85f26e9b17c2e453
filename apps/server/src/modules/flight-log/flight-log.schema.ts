import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { FlightType, TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import type { LedgerState } from '@contrail/domain/flight-api/flight-log-contract';
import type { ReviewReason } from '@contrail/domain/flight-review/flight-verdict';
import type { RewardBreakdown } from '@contrail/domain/rewards/compute-reward';
import type { FlightPayment, FlightReviewState, PaidFigures } from '@contrail/domain/rewards/flight-payments';
import { users } from '../user/user.schema';

export type { FlightReviewState } from '@contrail/domain/rewards/flight-payments';

/**
 * The payments a flight in review holds: the plan completion made with its amounts as they were
 * then (an airline's revenue and salary included), and whether it was carried out or dropped.
 */
export type HeldPayments = {
  state: 'held' | 'released' | 'dropped';
  /** What the pilot would be paid, FC and XP (mission bonus and airline salary included), for the reviewer to see. */
  fc: number;
  xp: number;
  payments: FlightPayment[];
  /** The log's figures once paid (the log records what was paid: zero while held or dropped). */
  log: PaidFigures;
  /** An airline flight's money: the airline's revenue and the pilot's salary (the plane already parked and wore). */
  airline: { airlineRevenue: number; salary: number } | null;
};

/**
 * Flight logs: written once, in the same database
 * transaction as the FC and XP they pay. The engine's outcome (statistics, steps, events, landing,
 * cabin, decimated position history) is kept whole as JSON; the columns are what lists, sums and
 * searches read.
 */
export const flightLogs = pgTable(
  'flight_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flightId: uuid('flight_id').notNull(),
    type: text('type').$type<FlightType>().notNull(),
    flightNumber: text('flight_number').notNull(),
    aircraftIcao: text('aircraft_icao').notNull(),
    aircraftRegistration: text('aircraft_registration'),
    departureIdent: text('departure_ident').notNull(),
    arrivalIdent: text('arrival_ident').notNull(),
    originalArrivalIdent: text('original_arrival_ident').notNull(),
    /** Airport positions at the time of the flight: {ident: {latitude, longitude, altitude}}. */
    airports: jsonb('airports').$type<Record<string, { latitude: number; longitude: number; altitude: number }>>().notNull(),
    cruiseLevelFt: integer('cruise_level_ft').notNull(),
    isPNC: boolean('is_pnc').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** Airborne time, seconds: what the flight-time limits add up. */
    flightDurationSeconds: integer('flight_duration_seconds').notNull(),
    flightHours: doublePrecision('flight_hours').notNull(),
    distanceNm: integer('distance_nm').notNull(),
    isArrived: boolean('is_arrived').notNull(),
    fc: integer('fc').notNull(),
    xp: integer('xp').notNull(),
    satisfactionXp: integer('satisfaction_xp').notNull(),
    missionFcBonus: integer('mission_fc_bonus').notNull().default(0),
    missionXpBonus: integer('mission_xp_bonus').notNull().default(0),
    fcReason: text('fc_reason', { enum: ['InRestTime', 'MonthlyLimit'] }),
    inRestPeriod: boolean('in_rest_period').notNull(),
    nextRemuneration: timestamp('next_remuneration', { withTimezone: true }),
    flightScore: integer('flight_score').notNull(),
    pax: jsonb('pax').$type<TPaxByClass>().notNull(),
    cargos: jsonb('cargos').$type<TFlightCargo[]>().notNull(),
    missionId: uuid('mission_id'),
    outcome: jsonb('outcome').$type<FlightOutcome>().notNull(),
    reward: jsonb('reward').$type<RewardBreakdown>().notNull(),
    /** Ledger: 'pending' until the sealing job puts the log's record hash into a block. */
    ledgerState: text('ledger_state').$type<LedgerState>().notNull().default('pending'),
    /** SHA-256 of the log's ledger record (domain `ledgerRecordHash`), written with the log. */
    ledgerHash: text('ledger_hash'),
    /** The block that sealed the record (its leaf is in `ledger_records`). */
    ledgerBlockHeight: integer('ledger_block_height'),
    /**
     * The automatic review's verdict: 'accepted' flights were paid at completion; 'pending' ones
     * hold their payments until a reviewer decides; 'rejected' and 'not-flown' ones paid nothing.
     */
    reviewStatus: text('review_status').$type<FlightReviewState>().notNull().default('accepted'),
    /** Why the rules sent the flight to review or refused it, in a pilot's words (empty when accepted). */
    reviewReasons: jsonb('review_reasons').$type<ReviewReason[]>().notNull().default([]),
    /** Flown by the built-in simulator: logged and scored, paying only where the deployment allows it. */
    practice: boolean('practice').notNull().default(false),
    /** What completion would have paid a flight sent to review, carried out if it is accepted. */
    heldPayments: jsonb('held_payments').$type<HeldPayments>(),
    pilotReply: text('pilot_reply'),
    pilotRepliedAt: timestamp('pilot_replied_at', { withTimezone: true }),
    reviewerComment: text('reviewer_comment'),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('flight_logs_flight_idx').on(table.flightId),
    index('flight_logs_user_end_idx').on(table.userId, table.endDate),
    index('flight_logs_ledger_idx').on(table.ledgerState, table.createdAt),
    index('flight_logs_review_idx').on(table.reviewStatus, table.endDate),
  ],
);
