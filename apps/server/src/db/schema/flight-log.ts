import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlightOutcome } from '@contrail/domain/flight/flight-engine-types';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { FlightType, TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import type { LedgerState } from '@contrail/domain/flight-api/flight-log-contract';
import type { RewardBreakdown } from '@contrail/domain/rewards/compute-reward';
import { users } from './users';

/**
 * Flight logs (spec section 3 "Flight log summary / detail"): written once, in the same database
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('flight_logs_flight_idx').on(table.flightId),
    index('flight_logs_user_end_idx').on(table.userId, table.endDate),
    index('flight_logs_ledger_idx').on(table.ledgerState, table.createdAt),
  ],
);
