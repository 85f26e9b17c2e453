import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/**
 * Notices to airmen issued by administrators, parsed from ICAO form on entry (the raw text is kept
 * as issued). A NOTAMR or NOTAMC ends the notice it refers to by setting its `endedById`.
 */
export const notams = pgTable(
  'notams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    year: integer('year').notNull(),
    kind: text('kind', { enum: ['NEW', 'REPLACE', 'CANCEL'] }).notNull(),
    refersTo: text('refers_to'),
    audience: text('audience', { enum: ['AIRPORTS', 'EVERYONE'] }).notNull(),
    fir: text('fir').notNull(),
    qCode: text('q_code').notNull(),
    traffic: text('traffic').notNull(),
    purpose: text('purpose').notNull(),
    scope: text('scope').notNull(),
    lowerFl: integer('lower_fl').notNull(),
    upperFl: integer('upper_fl').notNull(),
    latitudeDeg: text('latitude_deg').notNull(),
    longitudeDeg: text('longitude_deg').notNull(),
    radiusNm: integer('radius_nm').notNull(),
    locations: text('locations').array().notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Null: permanent (PERM). */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isEstimated: boolean('is_estimated').notNull(),
    schedule: text('schedule'),
    body: text('body').notNull(),
    lowerLimit: text('lower_limit'),
    upperLimit: text('upper_limit'),
    raw: text('raw').notNull(),
    /** The NOTAMR/NOTAMC that replaced or cancelled this notice. */
    endedById: uuid('ended_by_id'),
    issuedById: uuid('issued_by_id').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('notams_reference_idx').on(table.series, table.number, table.year),
    index('notams_in_force_idx').on(table.validFrom, table.validUntil).where(sql`${table.endedById} is null`),
  ],
);
