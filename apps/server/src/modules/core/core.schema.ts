import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/** CUSTOM aircraft configurations; DEFAULT ones come from the aircraft catalogue. */
export const aircraftConfigurations = pgTable(
  'aircraft_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    icao: text('icao').notNull(),
    name: text('name').notNull(),
    first: integer('first').notNull(),
    business: integer('business').notNull(),
    eco: integer('eco').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('aircraft_configurations_user_icao_name_idx').on(table.userId, table.icao, sql`lower(${table.name})`)],
);
