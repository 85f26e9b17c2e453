import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/**
 * The phpVMS pilot API (docs/decisions/0046-phpvms-pilot-api.md): per-pilot API keys, kept as a
 * SHA-256 hash only (the key is shown once), and the reports phpVMS clients file, each tied to
 * the Contrail flight that carries it.
 */
export const phpvmsApiKeys = pgTable(
  'phpvms_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the key. */
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, so the pilot can tell two keys apart. */
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('phpvms_api_keys_hash_idx').on(table.keyHash), index('phpvms_api_keys_user_idx').on(table.userId)],
);

/** What a phpVMS client declared, kept for the record; never what the flight is paid from. */
export type PhpvmsDeclared = Partial<Record<'distance' | 'flight_time' | 'fuel_used' | 'block_fuel' | 'landing_rate' | 'planned_distance' | 'planned_flight_time' | 'block_time' | 'score' | 'zfw', number>>;

export const phpvmsPireps = pgTable(
  'phpvms_pireps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Contrail flight carrying this report (flights.id). */
    flightId: uuid('flight_id').notNull(),
    airlineId: text('airline_id').notNull(),
    aircraftId: text('aircraft_id').notNull(),
    flightNumber: text('flight_number').notNull(),
    routeCode: text('route_code'),
    routeLeg: text('route_leg'),
    flightType: text('flight_type'),
    dptAirportId: text('dpt_airport_id').notNull(),
    arrAirportId: text('arr_airport_id').notNull(),
    altAirportId: text('alt_airport_id'),
    level: integer('level'),
    route: text('route'),
    notes: text('notes'),
    sourceName: text('source_name').notNull(),
    /** phpVMS PirepState: 0 in progress, 1 pending, 2 accepted, 3 cancelled, 6 rejected. */
    state: integer('state').notNull(),
    /** phpVMS phase code (PirepStatus). */
    status: text('status').notNull(),
    declared: jsonb('declared').$type<PhpvmsDeclared>().notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    /** The last frame sequence given to the flight engine, and that frame's time. */
    lastSeq: integer('last_seq').notNull().default(0),
    lastFrameTimeMs: bigint('last_frame_time_ms', { mode: 'number' }),
    /** The flight engine memory of the last position (fuel, engines, ground), see phpvms-position.ts. */
    memory: jsonb('memory').$type<Record<string, unknown>>(),
    flightLogId: uuid('flight_log_id'),
    blockOffTime: timestamp('block_off_time', { withTimezone: true }),
    blockOnTime: timestamp('block_on_time', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('phpvms_pireps_flight_idx').on(table.flightId), index('phpvms_pireps_user_idx').on(table.userId, table.createdAt)],
);

/** ACARS rows of a report: positions, logs and events, route points; `clientId` makes a resend idempotent. */
export const phpvmsAcars = pgTable(
  'phpvms_acars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pirepId: uuid('pirep_id')
      .notNull()
      .references(() => phpvmsPireps.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['position', 'log', 'route'] }).notNull(),
    clientId: text('client_id'),
    order: integer('order').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    simTime: timestamp('sim_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('phpvms_acars_client_idx').on(table.pirepId, table.type, table.clientId), index('phpvms_acars_pirep_idx').on(table.pirepId, table.type, table.simTime)],
);

export const phpvmsComments = pgTable(
  'phpvms_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pirepId: uuid('pirep_id')
      .notNull()
      .references(() => phpvmsPireps.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('phpvms_comments_pirep_idx').on(table.pirepId)],
);
