import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FlightEngineSnapshot } from '@contrail/domain/flight/flight-engine-types';
import type { TFlightPlanInput, TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { FlightType, TFlightCargo } from '@contrail/domain/flight-api/flight-contract';
import { users } from '../user/user.schema';

/** JSON kept as text: written and read whole, never queried inside, and cheaper to store than jsonb. */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => JSON.parse(value) as T,
  })(name);

/**
 * Registered flights. One row per flight from
 * registration to completion; the flight engine's state is snapshotted into `snapshot` every so
 * many frames (see docs/decisions/0006-frame-ingestion.md), the frames themselves live in
 * `flight_frames` until the flight ends.
 */
export const flights = pgTable(
  'flights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<FlightType>().notNull(),
    /** in_progress, complete or canceled. */
    status: text('status', { enum: ['in_progress', 'complete', 'canceled'] }).notNull(),
    flightNumber: text('flight_number').notNull(),
    aircraftIcao: text('aircraft_icao').notNull(),
    aircraftRegistration: text('aircraft_registration'),
    departureIdent: text('departure_ident').notNull(),
    /** The current arrival (changes with a diversion). */
    arrivalIdent: text('arrival_ident').notNull(),
    originalArrivalIdent: text('original_arrival_ident').notNull(),
    /** Feet. */
    cruiseLevelFt: integer('cruise_level_ft').notNull(),
    /** The flight engine's input, built at registration from the server's airport and aircraft data. */
    plan: jsonb('plan').$type<TFlightPlanInput>().notNull(),
    /** SHA-256 (base64url) of the tracker token; the token itself is shown once. */
    tokenHash: text('token_hash').notNull(),
    pax: jsonb('pax').$type<TPaxByClass>().notNull(),
    cargos: jsonb('cargos').$type<TFlightCargo[]>().notNull(),
    transportId: uuid('transport_id'),
    missionId: uuid('mission_id'),
    virtualAirlineId: uuid('virtual_airline_id'),
    afrvKey: text('afrv_key'),
    afrvBidId: text('afrv_bid_id'),
    scheduledDepartureTime: timestamp('scheduled_departure_time', { withTimezone: true }),
    scheduledArrivalTime: timestamp('scheduled_arrival_time', { withTimezone: true }),
    /** The last known flight step, written when it changes (the live map reads it). */
    flightStep: text('flight_step').notNull().default('none'),
    readyToEndFlight: boolean('ready_to_end_flight').notNull().default(false),
    /** The engine state after frame `snapshotSeq` (null: no frame yet, or the flight ended). */
    snapshot: jsonText<FlightEngineSnapshot>('snapshot'),
    snapshotSeq: integer('snapshot_seq').notNull().default(0),
    flightLogId: uuid('flight_log_id'),
    /** A tracker declared the built-in simulator on its uplink: the flight is practice (it never goes back). */
    practice: boolean('practice').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    // One flight in progress per pilot (spec "user already on flight"), enforced by the database.
    uniqueIndex('flights_one_in_progress_per_user_idx').on(table.userId).where(sql`${table.status} = 'in_progress'`),
    index('flights_status_idx').on(table.status),
    index('flights_user_created_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * The frames of in-progress flights, numbered by the tracker from 1. A row per sequence number:
 * `frame` is null for a sequence the server refused (malformed), so every number is consumed
 * exactly once. `frame` holds the compact text form of modules/flight/frame-codec.ts. Deleted when
 * the flight ends (the log keeps the decimated position history).
 */
export const flightFrames = pgTable(
  'flight_frames',
  {
    flightId: uuid('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    frame: text('frame'),
  },
  (table) => [primaryKey({ columns: [table.flightId, table.seq] })],
);
