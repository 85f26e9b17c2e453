import { sql } from 'drizzle-orm';
import { UserRole } from '@contrail/domain/access/permissions';
import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The User entity. Wallet figures live here as running totals of wallet transactions. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    /** Public member id, shown to others and used as a sponsor (affiliate) code. */
    mfId: text('mf_id').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name'),
    careerStarted: boolean('career_started').notNull().default(false),
    /** Profile photo as a data URL; small (<= 2 MiB) and rarely read, so kept in the row. */
    photo: text('photo'),
    simbrief: text('simbrief'),
    vatsim: text('vatsim'),
    ivao: text('ivao'),
    /**
     * FlightCoin balance: always the sum of the user's successful wallet transactions. Balances are
     * 64-bit: a total past 2^31 is stored, never an overflow that fails the payment that reached it.
     */
    walletMfc: bigint('wallet_mfc', { mode: 'number' }).notNull().default(0),
    walletMiles: bigint('wallet_miles', { mode: 'number' }).notNull().default(0),
    walletXp: bigint('wallet_xp', { mode: 'number' }).notNull().default(0),
    firstName: text('first_name'),
    lastName: text('last_name'),
    city: text('city'),
    country: text('country'),
    dateOfBirth: text('date_of_birth'),
    lastLocationIdent: text('last_location_ident'),
    homeHubIdent: text('home_hub_ident'),
    level: integer('level').notNull().default(1),
    numberOfFlight: integer('number_of_flight').notNull().default(0),
    /** Total flight time in hours. */
    flightHours: doublePrecision('flight_hours').notNull().default(0),
    nbMissionsCurrentMonth: integer('nb_missions_current_month').notNull().default(0),
    nextRemuneration: timestamp('next_remuneration', { withTimezone: true }),
    afrvId: text('afrv_id'),
    afrvFlag: boolean('afrv_flag').notNull().default(false),
    afrvKey: text('afrv_key'),
    sponsorId: uuid('sponsor_id'),
    /** PILOT or ADMIN, read by the access layer on every check (never from the token); granted by `npm run admin:grant`. */
    role: text('role', { enum: UserRole }).notNull().default('PILOT'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${table.userName})`),
    uniqueIndex('users_email_idx').on(table.email),
    uniqueIndex('users_mf_id_idx').on(table.mfId),
    index('users_sponsor_idx').on(table.sponsorId),
  ],
);
