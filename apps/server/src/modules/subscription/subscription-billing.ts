import { and, eq } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TCheckoutSession, TUserSubscriptions } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import type { BilledPlan, SubscriptionCheckoutOutcomes } from '../payment/checkout-outcomes';
import { createCheckout, type PaymentContext } from '../payment/payment.service';
import { findPlan, findPlanOnSale, findPlans, type SubscriptionPlan } from '../store/catalogue.service';
import { assertUserVerified } from '../user/user.service';
import { endProviderSubscription, grantPeriod, listUserSubscriptions, markCancelAtPeriodEnd } from './subscription-periods';
import { subscriptionPeriods } from './subscription.schema';

const billedPlanOf = (plan: SubscriptionPlan): BilledPlan => ({ id: plan.id, code: plan.code, type: plan.type, priceCents: plan.priceCents });

/**
 * A card checkout for a plan the store has on sale: recurring each month or year, or paid once
 * (FOREVER). The price is the store's, never the client's.
 */
export const openSubscriptionCheckout = async (ctx: PaymentContext, userId: string, planId: string): Promise<TCheckoutSession> => {
  const plan = await findPlanOnSale(ctx.db, planId);
  if (!plan) throw new AppError(ErrorCode.notFound, 'This subscription is not offered', 'subscriptionId');
  return createCheckout(ctx, {
    purpose: 'SUBSCRIPTION',
    userId,
    planId: plan.id,
    name: `Contrail ${plan.code} (${plan.type.toLowerCase()})`,
    amountCents: plan.priceCents,
    interval: plan.type === 'MONTHLY' ? 'month' : plan.type === 'ANNUAL' ? 'year' : null,
  });
};

/** POST /v1/user-subscription/user/{userId}: paying needs a verified address. */
export const subscribe = async (ctx: PaymentContext, caller: Caller, userId: string, planId: string): Promise<TCheckoutSession> => {
  await requireAccess(ctx.db, caller, 'subscription.user.manage', { userId });
  await assertUserVerified(ctx.db, caller.id);
  return openSubscriptionCheckout(ctx, userId, planId);
};

/** GET /v1/user-subscription/user/{userId}: what the user holds now, and every period. */
export const getUserSubscriptions = async (db: DbExecutor, caller: Caller, userId: string, now: Date): Promise<TUserSubscriptions> => {
  await requireAccess(db, caller, 'subscription.user.manage', { userId });
  return listUserSubscriptions(db, userId, now);
};

/**
 * The subscription module's side of the payment port (wired in app.ts): paid periods, ended and
 * cancelled subscriptions, and what the sandbox reads to play the provider's part.
 */
export const subscriptionCheckoutOutcomes: SubscriptionCheckoutOutcomes = {
  periodPaid: async (db, period) => {
    const plan = await findPlan(db, period.planId);
    if (!plan) return;
    await grantPeriod(db, {
      userId: period.userId,
      plan,
      provider: period.provider,
      providerSubscriptionId: period.providerSubscriptionId,
      paymentReference: period.paymentReference,
      start: period.start,
      ...(period.end ? { end: period.end } : {}),
      now: period.now,
    });
  },
  ended: async (db, providerSubscriptionId, state, at, now) => {
    await endProviderSubscription(db, providerSubscriptionId, state, at, now);
  },
  cancelledAtPeriodEnd: markCancelAtPeriodEnd,
  billedPlan: async (db, planId) => {
    const plan = await findPlan(db, planId);
    return plan ? billedPlanOf(plan) : undefined;
  },
  billedPeriods: async (db, provider, userId) => {
    const periods = await db
      .select()
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.provider, provider), userId === undefined ? undefined : eq(subscriptionPeriods.userId, userId)));
    const plans = new Map((await findPlans(db, [...new Set(periods.map((p) => p.planId))])).map((plan) => [plan.id, billedPlanOf(plan)]));
    return periods.flatMap((period) => {
      const plan = plans.get(period.planId);
      if (!plan) return [];
      const { id, userId: owner, state, providerSubscriptionId, endDate, cancelledAt } = period;
      return [{ id, userId: owner, plan, state, providerSubscriptionId, endDate, cancelledAt }];
    });
  },
};
