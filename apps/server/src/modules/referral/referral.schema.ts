import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/**
 * One row per referred pilot whose referral bonus was paid. The unique key on the referred pilot
 * is what makes the payout happen once, even when two of their flights complete at the same time;
 * the check refuses a pilot sponsoring themself.
 */
export const referralBonuses = pgTable(
  'referral_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sponsorUserId: uuid('sponsor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The flight log of the referred pilot's first valid flight. */
    flightLogId: uuid('flight_log_id').notNull(),
    sponsorFc: integer('sponsor_fc').notNull(),
    referredFc: integer('referred_fc').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('referral_bonuses_referred_idx').on(table.referredUserId),
    index('referral_bonuses_sponsor_idx').on(table.sponsorUserId),
    check('referral_bonuses_not_self', sql`${table.referredUserId} <> ${table.sponsorUserId}`),
  ],
);
