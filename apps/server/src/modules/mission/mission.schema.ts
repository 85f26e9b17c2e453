import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MissionSource, MissionType, TMissionCargo, UserMissionStatus } from '@contrail/domain/mission/mission-contract';
import type { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import { users } from '../user/user.schema';

/** The mission catalogue: generated once per period (period key + slot) or added by an administrator. */
export const missions = pgTable(
  'missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').$type<MissionSource>().notNull(),
    /** Generated missions: the ISO week and the position in it, unique together (idempotent refresh). */
    periodKey: text('period_key'),
    slot: integer('slot'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    missionType: text('mission_type').$type<MissionType>().notNull(),
    aircraftCategory: text('aircraft_category').$type<PlaneCategory>().notNull(),
    flightNumber: text('flight_number').notNull(),
    clRequired: integer('cl_required').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** Airports as they were when the mission was made, so a later airport import cannot break it. */
    departureIdent: text('departure_ident').notNull(),
    departureName: text('departure_name'),
    departureLatitudeDeg: doublePrecision('departure_latitude_deg').notNull(),
    departureLongitudeDeg: doublePrecision('departure_longitude_deg').notNull(),
    departureElevationFt: integer('departure_elevation_ft').notNull(),
    arrivalIdent: text('arrival_ident').notNull(),
    arrivalName: text('arrival_name'),
    arrivalLatitudeDeg: doublePrecision('arrival_latitude_deg').notNull(),
    arrivalLongitudeDeg: doublePrecision('arrival_longitude_deg').notNull(),
    arrivalElevationFt: integer('arrival_elevation_ft').notNull(),
    distanceNm: integer('distance_nm').notNull(),
    cargos: jsonb('cargos').$type<TMissionCargo[]>().notNull(),
    pax: integer('pax').notNull(),
    xpBonus: integer('xp_bonus').notNull(),
    fcBonus: integer('fc_bonus').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NULLs are distinct: admin missions (no period) never clash.
    uniqueIndex('missions_period_slot_idx').on(table.periodKey, table.slot),
    index('missions_window_idx').on(table.startDate, table.endDate),
  ],
);

/** Missions a pilot started: counts for the freemium monthly limit and feeds GET /user-missions. */
export const userMissions = pgTable(
  'user_missions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    flightId: text('flight_id'),
    status: text('status').$type<UserMissionStatus>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [index('user_missions_user_started_idx').on(table.userId, table.startedAt)],
);
