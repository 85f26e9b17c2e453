import { orders } from '../store/store.schema';
import { subscriptionPlans } from '../store/store.schema';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CheckoutPaymentStatus, CheckoutPurpose, CheckoutStatus, PaymentProvider } from '@contrail/domain/store/item-types';
import { users } from '../user/user.schema';

/**
 * A card checkout, at Stripe or in the embedded sandbox. The id is
 * the provider's session id (`cs_...`).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: PaymentProvider }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CheckoutPurpose }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    subscriptionPlanId: uuid('subscription_plan_id').references(() => subscriptionPlans.id),
    status: text('status', { enum: CheckoutStatus }).notNull(),
    paymentStatus: text('payment_status', { enum: CheckoutPaymentStatus }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    url: text('url').notNull(),
    clientSecret: text('client_secret'),
    /** Stripe's (or the sandbox's) subscription id once a subscription checkout completes. */
    providerSubscriptionId: text('provider_subscription_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('checkout_sessions_user_idx').on(table.userId, table.createdAt)],
);

/** Payment provider customers, for the customer portal link. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PaymentProvider }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_customers_customer_idx').on(table.customerId)],
);

/** Webhook events already handled: a replayed event id is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  provider: text('provider', { enum: PaymentProvider }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
