import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The user's session generation (docs/decisions/0024-security-threat-model.md): every access token
 * carries the generation current when it was issued, and is refused once the generation has moved
 * on (password change or reset, sign out everywhere). A counter, not a time, so a token issued in
 * the same second as the change is judged exactly. No row: generation 0.
 */
export const sessionGenerations = pgTable('session_generations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
