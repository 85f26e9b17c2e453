import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide values that must survive restarts and be shared by every instance (signing keys...). */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
