import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/** Paid pilot licences a pilot holds (free ones are held by everyone). */
export const pilotLicenceGrants = pgTable(
  'pilot_licence_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenceCode: text('licence_code').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('pilot_licence_grants_user_code_idx').on(table.userId, table.licenceCode)],
);
