import { sql } from 'drizzle-orm';
import { bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GameDifficulty } from '@contrail/domain/economy/airline-economy-constants';
import { HubState, MftOption, PlaneState, type TConstraint } from '@contrail/domain/airline/airline-contract';
import { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import { HangarSize, Rarity } from '@contrail/domain/store/item-types';
import { AirlineMemberStatus, AirlineRole, AirlineState } from '@contrail/domain/access/permissions';
import { users } from '../user/user.schema';

/**
 * Airlines, the skeleton the access layer and the wallets need: the airline
 * branch adds its other columns and tables in this file.
 */
export const airlines = pgTable(
  'airlines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** Three alphanumerics (ERR_0026), unique whatever the case. */
    code: text('code').notNull(),
    state: text('state', { enum: AirlineState }).notNull().default('ACTIVE'),
    /** FlightCoin balance: always the sum of the airline's SUCCESS wallet transactions. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The airline manager's columns.
    shortDescription: text('short_description').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The logo as a data URL (at most 100,000 bytes decoded, 350 x 185 px, checked on upload). */
    photo: text('photo'),
    gameDifficulty: text('game_difficulty', { enum: GameDifficulty }).notNull().default('REALIST'),
    planeCategory: text('plane_category', { enum: PlaneCategory }).notNull().default('SMALL_HAUL'),
    recruitmentOpened: boolean('recruitment_opened').notNull().default(false),
    mftOption: text('mft_option', { enum: MftOption }).notNull().default('pilot'),
    /** When the airline became FAILED (bankrupt). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Increments on each reset, so the idempotency keys of a reset airline's new costs are new. */
    generation: integer('generation').notNull().default(0),
  },
  (table) => [
    uniqueIndex('airlines_code_upper_idx').on(sql`upper(${table.code})`),
    uniqueIndex('airlines_name_lower_idx').on(sql`lower(${table.name})`),
    index('airlines_owner_idx').on(table.ownerId),
    // One live airline per owner: parallel creations cannot both pass the check in the service.
    uniqueIndex('airlines_one_live_per_owner_idx').on(table.ownerId).where(sql`${table.state} <> 'CLOSED'`),
    check('airlines_balance_not_negative', sql`${table.balance} >= 0`),
  ],
);

/** Who belongs to which airline, with which role; the access layer reads `role` where `status` is ACTIVE. */
export const airlineMembers = pgTable(
  'airline_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: AirlineRole }).notNull(),
    status: text('status', { enum: AirlineMemberStatus }).notNull().default('ACTIVE'),
    rankId: uuid('rank_id').references(() => airlineRanks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('airline_members_airline_user_idx').on(table.airlineId, table.userId),
    index('airline_members_user_idx').on(table.userId, table.status),
  ],
);

/** A pilot's application to an airline; removed when accepted or rejected. */
export const airlineApplicants = pgTable(
  'airline_applicants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('airline_applicants_airline_user_idx').on(table.airlineId, table.userId)],
);

/** Ranks: FC bonus in percent of the base salary, aircraft white and black lists. */
export const airlineRanks = pgTable(
  'airline_ranks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fcBonusPercent: integer('fc_bonus_percent').notNull().default(0),
    planeWhiteList: text('plane_white_list').array().notNull().default(sql`'{}'::text[]`),
    planeBlackList: text('plane_black_list').array().notNull().default(sql`'{}'::text[]`),
    sortIdx: integer('sort_idx').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('airline_ranks_airline_idx').on(table.airlineId, table.sortIdx)],
);

/** Hubs: one airport of the airline, its monthly cost, its state. */
export const airlineHubs = pgTable(
  'airline_hubs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    airportIdent: text('airport_ident').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    state: text('state', { enum: HubState }).notNull().default('ACTIVE'),
    operatingCost: integer('operating_cost').notNull(),
    nextDtOfPayment: timestamp('next_dt_of_payment', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('airline_hubs_airline_airport_idx').on(table.airlineId, table.airportIdent),
    uniqueIndex('airline_hubs_one_main_idx').on(table.airlineId).where(sql`${table.isMain}`),
  ],
);

/** Hangars at a hub, from a hangar item: size holds 2 / 4 / 6 planes. */
export const airlineHangars = pgTable(
  'airline_hangars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    hubId: uuid('hub_id')
      .notNull()
      .references(() => airlineHubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: text('size', { enum: HangarSize }).notNull(),
    rarity: text('rarity', { enum: Rarity }).notNull(),
    state: text('state', { enum: HubState }).notNull().default('ACTIVE'),
    operatingCost: integer('operating_cost').notNull(),
    nextDtOfPayment: timestamp('next_dt_of_payment', { withTimezone: true }),
    inventoryItemId: uuid('inventory_item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('airline_hangars_airline_idx').on(table.airlineId), index('airline_hangars_hub_idx').on(table.hubId)],
);

/** Planes: built from an aircraft item, worn by flying, maintained. */
export const airlinePlanes = pgTable(
  'airline_planes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    hangarId: uuid('hangar_id').references(() => airlineHangars.id, { onDelete: 'set null' }),
    inventoryItemId: uuid('inventory_item_id').notNull(),
    icao: text('icao').notNull(),
    model: text('model').notNull(),
    tailRegistration: text('tail_registration').notNull(),
    category: text('category', { enum: PlaneCategory }).notNull(),
    ecoSeats: integer('eco_seats').notNull().default(0),
    businessSeats: integer('business_seats').notNull().default(0),
    firstSeats: integer('first_seats').notNull().default(0),
    /** 100 = new; grounded at 20 or lower. */
    wear: doublePrecision('wear').notNull().default(100),
    /** Flight hours since built. */
    lifetimeHours: doublePrecision('lifetime_hours').notNull().default(0),
    state: text('state', { enum: PlaneState }).notNull().default('BUILDING'),
    airportIdent: text('airport_ident'),
    latitudeDeg: doublePrecision('latitude_deg'),
    longitudeDeg: doublePrecision('longitude_deg'),
    headingDeg: doublePrecision('heading_deg').notNull().default(0),
    deliveryTime: timestamp('delivery_time', { withTimezone: true }),
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true }),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('airline_planes_airline_idx').on(table.airlineId),
    uniqueIndex('airline_planes_tail_idx').on(table.tailRegistration),
    uniqueIndex('airline_planes_item_idx').on(table.inventoryItemId),
  ],
);

/** Routes: destinations in order, constraints, category, times (HH:mm UTC). */
export const airlineRoutes = pgTable(
  'airline_routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    destinations: text('destinations').array().notNull(),
    constraints: jsonb('constraints').$type<TConstraint[]>().notNull().default([]),
    planeCategory: text('plane_category', { enum: PlaneCategory }).notNull(),
    departureTime: text('departure_time').notNull(),
    arrivalTime: text('arrival_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('airline_routes_airline_idx').on(table.airlineId)],
);

/** Traffic rights: one country per airline, a yearly licence, auto-renew. */
export const airlineTrafficRights = pgTable(
  'airline_traffic_rights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    isoCountry: text('iso_country').notNull(),
    licenceCost: integer('licence_cost').notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    state: text('state', { enum: HubState }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('airline_traffic_rights_airline_iso_idx').on(table.airlineId, table.isoCountry)],
);

/** Where a booking stands: BOOKED (plane held), FLYING (its flight runs), then one of the three ends. */
export const AirlineBookingState = ['BOOKED', 'FLYING', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const;

/**
 * A pilot's booking of an airline plane for a route (issue 18): it holds the plane until the flight
 * starts or the booking expires, then carries what the flight earned for profit and loss per route
 * and per plane. One live booking per plane and per pilot, kept by partial unique indexes.
 */
export const airlineBookings = pgTable(
  'airline_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    airlineId: uuid('airline_id')
      .notNull()
      .references(() => airlines.id, { onDelete: 'cascade' }),
    planeId: uuid('plane_id')
      .notNull()
      .references(() => airlinePlanes.id, { onDelete: 'cascade' }),
    routeId: uuid('route_id').references(() => airlineRoutes.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: AirlineBookingState }).notNull().default('BOOKED'),
    flightNumber: text('flight_number').notNull(),
    departureIdent: text('departure_ident').notNull(),
    arrivalIdent: text('arrival_ident').notNull(),
    /** The tracked flight, once registered (flights.id; no foreign key: flights belong to the flight module). */
    flightId: uuid('flight_id'),
    /** What the flight earned the airline and paid its pilot (64-bit, like the wallet amounts). */
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    salary: bigint('salary', { mode: 'number' }).notNull().default(0),
    /** Airborne hours of this flight counted for the monthly flight-time bonus (within the pilot's monthly limit). */
    mftHours: doublePrecision('mft_hours').notNull().default(0),
    /** The monthly flight-time bonus this flight credited, to the pilot or the airline (its mftOption then). */
    mftBonus: bigint('mft_bonus', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('airline_bookings_live_plane_idx').on(table.planeId).where(sql`${table.state} in ('BOOKED', 'FLYING')`),
    uniqueIndex('airline_bookings_live_user_idx').on(table.userId).where(sql`${table.state} in ('BOOKED', 'FLYING')`),
    index('airline_bookings_flight_idx').on(table.flightId),
    index('airline_bookings_airline_idx').on(table.airlineId, table.state),
  ],
);
