import { subscriptionPlans } from '../store/store.schema';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PaymentProvider, SubscriptionCode, SubscriptionPeriodState, SubscriptionType } from '@contrail/domain/store/item-types';
import { users } from '../user/user.schema';

/**
 * Paid periods of a user's subscription. `user_subscriptions` (the premium lookup) holds, per user
 * and code, the end of the latest period that is not expired; these rows are its history.
 */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    code: text('code', { enum: SubscriptionCode }).notNull(),
    type: text('type', { enum: SubscriptionType }).notNull(),
    state: text('state', { enum: SubscriptionPeriodState }).notNull(),
    provider: text('provider', { enum: PaymentProvider }).notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The invoice (or session) that paid this period: one period per payment, whatever replays. */
    paymentReference: text('payment_reference').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    /** Null for FOREVER. */
    endDate: timestamp('end_date', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_periods_payment_idx').on(table.paymentReference),
    index('subscription_periods_user_idx').on(table.userId, table.code),
    index('subscription_periods_provider_sub_idx').on(table.providerSubscriptionId),
  ],
);

/** Subscriptions held by a user, by subscription code. */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code', { enum: ['SILVER', 'GOLD', 'DISCOVER', 'AIRLINE_MANAGER'] }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_subscriptions_user_idx').on(table.userId)],
);
