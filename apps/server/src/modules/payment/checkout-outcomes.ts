import type { PaymentProvider, SubscriptionCode, SubscriptionPeriodState, SubscriptionType } from '@contrail/domain/store/item-types';
import type { DbExecutor } from '../../db/database';

/**
 * The payment module's port: it knows checkouts, customers and the provider's events, not what a
 * checkout bought. It tells the module that started a checkout what became of it; the store
 * (orders) and the subscription module (periods) implement their side, and the composition root
 * (app.ts) wires them into `AppDeps.checkoutOutcomes`. So the payment module imports neither.
 *
 * Every method runs in the transaction of the webhook event that caused it and must be idempotent:
 * a replayed or reordered event may call it again.
 */
export type CheckoutOutcomes = { orders: OrderCheckoutOutcomes; subscriptions: SubscriptionCheckoutOutcomes };

/** The store's side: a card order's checkout was paid, or will never be. */
export type OrderCheckoutOutcomes = {
  /** Paid: the order is delivered once (a replay finds it delivered). */
  paid: (db: DbExecutor, orderId: string, now: Date) => Promise<void>;
  /** Expired or failed at the provider: what the order reserved goes back. */
  abandoned: (db: DbExecutor, orderId: string, outcome: 'EXPIRED' | 'FAILED') => Promise<void>;
};

/** A plan as the provider bills it: the sandbox shows and renews it as Stripe would its price. */
export type BilledPlan = { id: string; code: SubscriptionCode; type: SubscriptionType; priceCents: number };

/** One paid period as the provider sees it: what the sandbox renews and lists in its portal. */
export type BilledPeriod = {
  id: string;
  userId: string;
  plan: BilledPlan;
  state: SubscriptionPeriodState;
  providerSubscriptionId: string | null;
  endDate: Date | null;
  cancelledAt: Date | null;
};

/** One payment for a plan: the first checkout or a renewal invoice. */
export type PaidPeriod = {
  userId: string;
  planId: string;
  provider: PaymentProvider;
  providerSubscriptionId: string | null;
  /** The invoice (or session) that paid it: one period per payment, whatever replays. */
  paymentReference: string;
  start: Date;
  /** The provider's own period end, when it gives one. */
  end?: Date;
  now: Date;
};

/** The subscription module's side: periods paid, ended or cancelled at their end. */
export type SubscriptionCheckoutOutcomes = {
  periodPaid: (db: DbExecutor, period: PaidPeriod) => Promise<void>;
  /** Cancelled, or a renewal that could not be paid: the subscription's periods end at `at`. */
  ended: (db: DbExecutor, providerSubscriptionId: string, state: 'CANCELLED' | 'PAYMENT_FAILED', at: Date, now: Date) => Promise<void>;
  cancelledAtPeriodEnd: (db: DbExecutor, providerSubscriptionId: string, now: Date) => Promise<void>;
  /** The plan a checkout sells, for the sandbox's pages and renewals. */
  billedPlan: (db: DbExecutor, planId: string) => Promise<BilledPlan | undefined>;
  /** Periods paid through one provider (all, or one user's), for the sandbox's renewals and portal. */
  billedPeriods: (db: DbExecutor, provider: PaymentProvider, userId?: string) => Promise<BilledPeriod[]>;
};
