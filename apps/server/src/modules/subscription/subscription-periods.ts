import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { NewNotification } from '@contrail/domain/notification/notification-types';
import { SUBSCRIPTION_ENDING_NOTICE_MS, SUBSCRIPTION_PERIOD_MONTHS, addMonthsUtc } from '@contrail/domain/store/catalogue';
import type { PaymentProvider, SubscriptionCode, SubscriptionType } from '@contrail/domain/store/item-types';
import type { TUserSubscriptions } from '@contrail/domain/store/store-contract';
import type { Database, DbExecutor } from '../../db/database';
import { subscriptionPeriods, userSubscriptions } from './subscription.schema';
import { hasNotificationWith, recordNotifications } from '../notification/notification.service';
import { listActiveSubscriptions } from './subscription.service';

/** What a period copies of the store's plan it pays for. */
type PlanRow = { id: string; code: SubscriptionCode; type: SubscriptionType };

/**
 * Rewrites the user's `user_subscriptions` row for one code (what premium checks read) from the
 * periods: no end if a FOREVER period is held, else the latest end of a period not expired or
 * failed; no row when there is none. Called in the transaction that changed a period.
 */
export const syncEntitlement = async (db: DbExecutor, userId: string, code: SubscriptionCode, now: Date): Promise<void> => {
  const periods = await db
    .select({ endDate: subscriptionPeriods.endDate, state: subscriptionPeriods.state })
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.userId, userId), eq(subscriptionPeriods.code, code), inArray(subscriptionPeriods.state, ['ACTIVE', 'CANCELLED'])));
  await db.delete(userSubscriptions).where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.code, code)));
  if (periods.length === 0) return;
  const forever = periods.some((p) => p.endDate === null);
  const latest = forever ? null : new Date(Math.max(...periods.map((p) => p.endDate?.getTime() ?? 0)));
  if (latest && latest <= now) return;
  await db.insert(userSubscriptions).values({ userId, code, endDate: latest, createdAt: now });
};

/**
 * Records one paid period (idempotent per `paymentReference`: the invoice or session that paid it,
 * so replayed or reordered events grant it once). A renewal starts where the previous period of
 * the same provider subscription ends, when that is later than `start`.
 */
export const grantPeriod = async (
  db: DbExecutor,
  input: {
    userId: string;
    plan: PlanRow;
    provider: PaymentProvider;
    providerSubscriptionId: string | null;
    paymentReference: string;
    start: Date;
    end?: Date | null;
    now: Date;
  },
): Promise<boolean> => {
  const months = SUBSCRIPTION_PERIOD_MONTHS[input.plan.type];
  let start = input.start;
  if (input.providerSubscriptionId && input.end === undefined) {
    const [previous] = await db
      .select({ endDate: subscriptionPeriods.endDate })
      .from(subscriptionPeriods)
      .where(and(eq(subscriptionPeriods.providerSubscriptionId, input.providerSubscriptionId), eq(subscriptionPeriods.state, 'ACTIVE')))
      .orderBy(desc(subscriptionPeriods.endDate))
      .limit(1);
    if (previous?.endDate && previous.endDate > start) start = previous.endDate;
  }
  const end = input.end !== undefined ? input.end : months === null ? null : addMonthsUtc(start, months);
  const inserted = await db
    .insert(subscriptionPeriods)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      code: input.plan.code,
      type: input.plan.type,
      state: 'ACTIVE',
      provider: input.provider,
      providerSubscriptionId: input.providerSubscriptionId,
      paymentReference: input.paymentReference,
      startDate: start,
      endDate: end,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionPeriods.id });
  if (inserted.length === 0) return false;
  await syncEntitlement(db, input.userId, input.plan.code, input.now);
  return true;
};

/**
 * Ends a provider subscription's periods at `at` (or their own end if sooner): cancellation
 * (CANCELLED) or a renewal that could not be paid (PAYMENT_FAILED). Premium follows at once.
 */
export const endProviderSubscription = async (
  db: DbExecutor,
  providerSubscriptionId: string,
  state: 'CANCELLED' | 'PAYMENT_FAILED',
  at: Date,
  now: Date,
): Promise<number> => {
  const ended = await db
    .update(subscriptionPeriods)
    .set({
      state,
      cancelledAt: now,
      endDate: sql`least(coalesce(${subscriptionPeriods.endDate}, ${at}), ${at})`,
    })
    .where(
      and(eq(subscriptionPeriods.providerSubscriptionId, providerSubscriptionId), inArray(subscriptionPeriods.state, ['ACTIVE', 'CANCELLED'])),
    )
    .returning({ userId: subscriptionPeriods.userId, code: subscriptionPeriods.code });
  for (const { userId, code } of new Map(ended.map((e) => [`${e.userId}:${e.code}`, e])).values()) await syncEntitlement(db, userId, code, now);
  return ended.length;
};

/** Cancellation at period end: premium lasts until the end already paid; nothing renews. */
export const markCancelAtPeriodEnd = async (db: DbExecutor, providerSubscriptionId: string, now: Date): Promise<void> => {
  await db
    .update(subscriptionPeriods)
    .set({ state: 'CANCELLED', cancelledAt: now })
    .where(and(eq(subscriptionPeriods.providerSubscriptionId, providerSubscriptionId), eq(subscriptionPeriods.state, 'ACTIVE')));
};

/**
 * The subscription expiry job, in one transaction: periods whose end has passed become EXPIRED and
 * the entitlement rows are rewritten, so premium lapses at period end even with no event from the
 * provider; a pilot whose premium of that code lapsed gets SUBSCRIPTION_ENDED, and one whose
 * premium will really end within SUBSCRIPTION_ENDING_NOTICE_MS gets SUBSCRIPTION_ENDING. Both
 * are keyed by (code, end date), so a rerun, or the next minute's run, announces nothing twice.
 */
export const expireSubscriptionPeriods = async (db: Database, now: Date): Promise<number> =>
  db.transaction(async (tx) => {
    const expired = await tx
      .update(subscriptionPeriods)
      .set({ state: 'EXPIRED' })
      .where(and(inArray(subscriptionPeriods.state, ['ACTIVE', 'CANCELLED']), lte(subscriptionPeriods.endDate, now)))
      .returning({ userId: subscriptionPeriods.userId, code: subscriptionPeriods.code, endDate: subscriptionPeriods.endDate });
    const lapsedEnd = new Map<string, { userId: string; code: SubscriptionCode; endDate: Date }>();
    for (const { userId, code, endDate } of expired) {
      const key = `${userId}:${code}`;
      const seen = lapsedEnd.get(key);
      if (endDate && (!seen || endDate > seen.endDate)) lapsedEnd.set(key, { userId, code, endDate });
    }
    const toRecord: NewNotification[] = [];
    for (const { userId, code, endDate } of lapsedEnd.values()) {
      await syncEntitlement(tx, userId, code, now);
      // Still held (a renewal or another period goes on): nothing ended for the pilot.
      const [held] = await tx
        .select({ userId: userSubscriptions.userId })
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.code, code)));
      if (held) continue;
      const data = { code, endDate: endDate.toISOString() };
      if (!(await hasNotificationWith(tx, userId, 'SUBSCRIPTION_ENDED', data))) toRecord.push({ userId, type: 'SUBSCRIPTION_ENDED', data });
    }

    // About to end: the entitlement's end is near and the period that ends it will not renew
    // (cancelled at period end, or not tied to a provider subscription that renews it).
    const ending = await tx
      .selectDistinct({ userId: userSubscriptions.userId, code: userSubscriptions.code, endDate: userSubscriptions.endDate })
      .from(userSubscriptions)
      .innerJoin(
        subscriptionPeriods,
        and(
          eq(subscriptionPeriods.userId, userSubscriptions.userId),
          eq(subscriptionPeriods.code, userSubscriptions.code),
          eq(subscriptionPeriods.endDate, userSubscriptions.endDate),
        ),
      )
      .where(
        and(
          gt(userSubscriptions.endDate, now),
          lte(userSubscriptions.endDate, new Date(now.getTime() + SUBSCRIPTION_ENDING_NOTICE_MS)),
          or(eq(subscriptionPeriods.state, 'CANCELLED'), and(eq(subscriptionPeriods.state, 'ACTIVE'), isNull(subscriptionPeriods.providerSubscriptionId))),
        ),
      );
    for (const { userId, code, endDate } of ending) {
      if (!endDate) continue;
      const data = { code, endDate: endDate.toISOString() };
      if (!(await hasNotificationWith(tx, userId, 'SUBSCRIPTION_ENDING', data))) toRecord.push({ userId, type: 'SUBSCRIPTION_ENDING', data });
    }
    await recordNotifications(tx, toRecord);
    return expired.length;
  });

/** A user's subscriptions: what is held now (with end dates) and every period. */
export const listUserSubscriptions = async (db: DbExecutor, userId: string, now: Date): Promise<TUserSubscriptions> => {
  const [held, periods] = await Promise.all([
    listActiveSubscriptions(db, userId, now),
    db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.userId, userId)).orderBy(desc(subscriptionPeriods.startDate)),
  ]);
  return {
    active: held.map((h) => ({ code: h.code, endDate: h.endDate?.toISOString() ?? null })),
    periods: periods.map((p) => ({
      id: p.id,
      code: p.code,
      type: p.type,
      state: p.state,
      provider: p.provider,
      startDate: p.startDate.toISOString(),
      endDate: p.endDate?.toISOString() ?? null,
    })),
  };
};
