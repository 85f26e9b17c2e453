import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReviewThresholds } from '@contrail/domain/flight-review/flight-verdict';
import { airlines } from '../airline/airline.schema';
import { users } from '../user/user.schema';

/**
 * The review thresholds an airline's owner tuned: only the ones changed are stored, the site's
 * defaults fill the rest (so a default that moves reaches every threshold nobody tuned).
 */
export const airlineReviewThresholds = pgTable('airline_review_thresholds', {
  airlineId: uuid('airline_id')
    .primaryKey()
    .references(() => airlines.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').$type<Partial<ReviewThresholds>>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
