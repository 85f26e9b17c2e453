import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { CHECKOUT_SESSION_TTL_MS } from '@contrail/domain/store/catalogue';
import type { TCheckoutSession, TCheckoutSessionStatus, TClientPortal } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { checkoutSessions, paymentCustomers, paymentEvents } from './payment.schema';
import { orders, subscriptionPlans } from '../store/store.schema';
import { users } from '../user/user.schema';
import { completeCardOrder, releaseCardOrder } from '../store/order.service';
import {
  endProviderSubscription,
  grantPeriod,
  markCancelAtPeriodEnd,
} from '../subscription/subscription-periods';
import type { PaymentGateway } from './payment-gateway';

export type PaymentContext = { db: DbExecutor; gateway: PaymentGateway; publicUrl: string; now: Date; log: FastifyBaseLogger };

/**
 * A provider failure as the client sees it: the SDK's own text (which can name the account, the
 * key's mode or a request id) goes to the log only, and the client gets our words in the action shape.
 */
const providerUnavailable = (ctx: PaymentContext, error: unknown, what: string, message: string): AppError => {
  ctx.log.error({ err: error, provider: ctx.gateway.provider }, `${what} failed at the payment provider`);
  return new AppError(ErrorCode.paymentUnavailable, message);
};

const CARD_PAYMENT_UNAVAILABLE = 'Card payment is unavailable right now. Nothing was charged; please try again later.';

/** Where Stripe sends the payer back; the sandbox uses same-origin paths. */
const returnUrls = (ctx: PaymentContext) => {
  const base = ctx.gateway.provider === 'STRIPE' ? ctx.publicUrl.replace(/\/$/, '') : '';
  return {
    successUrl: `${base}/stripe?sessionId={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/payment-error?sessionId={CHECKOUT_SESSION_ID}`,
  };
};

const fillSessionId = (url: string, id: string) => url.replace('{CHECKOUT_SESSION_ID}', id);

const findCustomerId = async (db: DbExecutor, userId: string, provider: PaymentGateway['provider']) => {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerId ?? null;
};

const userEmail = async (db: DbExecutor, userId: string) => {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError(ErrorCode.notFound, 'User not found');
  return row.email;
};

/**
 * Opens a card checkout for a PENDING order. When the provider cannot be reached, the order is
 * released (stock back) and the caller gets PAYMENT_UNAVAILABLE.
 */
export const createOrderCheckout = async (
  ctx: PaymentContext,
  order: { orderId: string; userId: string; totalCents: number; name: string },
): Promise<TCheckoutSession> => {
  const expiresAt = new Date(ctx.now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const { successUrl, cancelUrl } = returnUrls(ctx);
  let created;
  try {
    created = await ctx.gateway.createCheckout({
      mode: 'payment',
      name: order.name,
      amountCents: order.totalCents,
      interval: null,
      customerId: await findCustomerId(ctx.db, order.userId, ctx.gateway.provider),
      customerEmail: await userEmail(ctx.db, order.userId),
      successUrl,
      cancelUrl,
      expiresAt,
      metadata: { purpose: 'ORDER', userId: order.userId, orderId: order.orderId },
    });
  } catch (error) {
    await ctx.db.transaction((tx) => releaseCardOrder(tx, order.orderId, 'FAILED'));
    throw providerUnavailable(ctx, error, 'order checkout', CARD_PAYMENT_UNAVAILABLE);
  }
  await ctx.db.insert(checkoutSessions).values({
    id: created.id,
    provider: ctx.gateway.provider,
    userId: order.userId,
    purpose: 'ORDER',
    orderId: order.orderId,
    status: 'open',
    paymentStatus: 'unpaid',
    amountCents: order.totalCents,
    url: created.url,
    clientSecret: created.clientSecret,
    expiresAt,
    createdAt: ctx.now,
  });
  return { sessionId: created.id, sessionUrl: fillSessionId(created.url, created.id), clientSecret: created.clientSecret };
};

/** POST /v1/user-subscription/user/{userId}: a card checkout for a plan (recurring, or once for FOREVER). */
export const createSubscriptionCheckout = async (ctx: PaymentContext, userId: string, planId: string): Promise<TCheckoutSession> => {
  const [plan] = await ctx.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true)));
  if (!plan) throw new AppError(ErrorCode.notFound, 'This subscription is not offered', 'subscriptionId');
  const expiresAt = new Date(ctx.now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const { successUrl, cancelUrl } = returnUrls(ctx);
  let created;
  try {
    created = await ctx.gateway.createCheckout({
      mode: plan.type === 'FOREVER' ? 'payment' : 'subscription',
      name: `Contrail ${plan.code} (${plan.type.toLowerCase()})`,
      amountCents: plan.priceCents,
      interval: plan.type === 'MONTHLY' ? 'month' : plan.type === 'ANNUAL' ? 'year' : null,
      customerId: await findCustomerId(ctx.db, userId, ctx.gateway.provider),
      customerEmail: await userEmail(ctx.db, userId),
      successUrl,
      cancelUrl,
      expiresAt,
      metadata: { purpose: 'SUBSCRIPTION', userId, planId: plan.id },
    });
  } catch (error) {
    throw providerUnavailable(ctx, error, 'subscription checkout', CARD_PAYMENT_UNAVAILABLE);
  }
  await ctx.db.insert(checkoutSessions).values({
    id: created.id,
    provider: ctx.gateway.provider,
    userId,
    purpose: 'SUBSCRIPTION',
    subscriptionPlanId: plan.id,
    status: 'open',
    paymentStatus: 'unpaid',
    amountCents: plan.priceCents,
    url: created.url,
    clientSecret: created.clientSecret,
    expiresAt,
    createdAt: ctx.now,
  });
  return { sessionId: created.id, sessionUrl: fillSessionId(created.url, created.id), clientSecret: created.clientSecret };
};

/** GET /v1/stripe/session/{id}/status: the caller's own session only. */
export const getCheckoutStatus = async (db: DbExecutor, userId: string, sessionId: string): Promise<TCheckoutSessionStatus> => {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  if (!row) throw new AppError(ErrorCode.notFound, 'No such checkout session');
  return { status: row.status, paymentStatus: row.paymentStatus, purpose: row.purpose };
};

/** Portal links (pilot and airline manager) when the user has a payment customer. */
export const getClientPortal = async (ctx: PaymentContext, userId: string): Promise<TClientPortal> => {
  const customerId = await findCustomerId(ctx.db, userId, ctx.gateway.provider);
  if (!customerId) return { pilot: null, airlineManager: null };
  const base = ctx.publicUrl.replace(/\/$/, '');
  try {
    const [pilot, airlineManager] = await Promise.all([
      ctx.gateway.createPortalUrl(customerId, `${base}/subscription`),
      ctx.gateway.createPortalUrl(customerId, `${base}/airline-mgr/subscription`),
    ]);
    return { pilot, airlineManager };
  } catch (error) {
    throw providerUnavailable(ctx, error, 'customer portal', 'Managing your subscription is unavailable right now; please try again later.');
  }
};

/** Verifies a webhook's Stripe signature with the SDK; a bad or missing one is refused. */
export const verifyWebhookEvent = (gateway: PaymentGateway, rawBody: string, signature: string | undefined): Stripe.Event => {
  if (!signature) throw new AppError(ErrorCode.invalidSignature, 'Missing Stripe-Signature header');
  try {
    return gateway.stripe.webhooks.constructEvent(rawBody, signature, gateway.webhookSecret);
  } catch {
    throw new AppError(ErrorCode.invalidSignature, 'The webhook signature does not match');
  }
};

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const rememberCustomer = async (db: DbExecutor, userId: string, provider: PaymentGateway['provider'], customer: string | null, now: Date) => {
  if (!customer) return;
  await db.insert(paymentCustomers).values({ userId, provider, customerId: customer, createdAt: now }).onConflictDoNothing();
};

/** The invoice's subscription id, wherever the API version puts it. */
const invoiceSubscriptionId = (invoice: Stripe.Invoice): string | null =>
  idOf(invoice.parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as { subscription?: string | null }).subscription);

const handleCheckoutCompleted = async (db: DbExecutor, gateway: PaymentGateway, session: Stripe.Checkout.Session, now: Date) => {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
  if (!row) return; // not one of ours (another app on the same Stripe account)
  const isPaid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  const subscriptionId = idOf(session.subscription);
  const moved = await db
    .update(checkoutSessions)
    .set({
      status: 'complete',
      paymentStatus: isPaid ? (session.payment_status === 'paid' ? 'paid' : 'no_payment_required') : 'unpaid',
      completedAt: now,
      providerSubscriptionId: subscriptionId,
    })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.paymentStatus, 'unpaid')))
    .returning({ id: checkoutSessions.id });
  if (moved.length === 0 || !isPaid) return;
  await rememberCustomer(db, row.userId, gateway.provider, idOf(session.customer), now);
  if (row.purpose === 'ORDER' && row.orderId) {
    await completeCardOrder(db, row.orderId, now);
    return;
  }
  if (row.purpose === 'SUBSCRIPTION' && row.subscriptionPlanId) {
    const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, row.subscriptionPlanId));
    if (!plan) return;
    await grantPeriod(db, {
      userId: row.userId,
      plan,
      provider: gateway.provider,
      providerSubscriptionId: subscriptionId,
      // The first invoice pays the first period: keyed by it, invoice.paid for it is a no-op.
      paymentReference: idOf(session.invoice) ?? `session:${session.id}`,
      start: now,
      now,
    });
  }
};

const handleInvoicePaid = async (db: DbExecutor, gateway: PaymentGateway, invoice: Stripe.Invoice, now: Date) => {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return;
  const metadata = invoice.parent?.subscription_details?.metadata ?? {};
  let userId = metadata.userId ?? null;
  let planId = metadata.planId ?? null;
  if (!userId || !planId) {
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSubscriptionId, subscriptionId));
    userId = session?.userId ?? null;
    planId = session?.subscriptionPlanId ?? null;
  }
  if (!userId || !planId) return;
  const [plan] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId));
  if (!plan) return;
  const period = invoice.lines.data[0]?.period;
  await rememberCustomer(db, userId, gateway.provider, idOf(invoice.customer), now);
  await grantPeriod(db, {
    userId,
    plan,
    provider: gateway.provider,
    providerSubscriptionId: subscriptionId,
    paymentReference: invoice.id ?? `invoice:${subscriptionId}:${period?.start ?? now.getTime()}`,
    start: period ? new Date(period.start * 1000) : now,
    ...(period && period.end > period.start ? { end: new Date(period.end * 1000) } : {}),
    now,
  });
};

/**
 * Applies one verified event, exactly once: the event id is recorded in the same transaction as
 * its effects, so a replay (or a retry after a crash that committed) is a no-op. Effects are keyed
 * so that reordered events converge: periods by the invoice that paid them, sessions and orders
 * move by conditional updates. Returns false for a replay.
 */
export const applyPaymentEvent = async (db: DbExecutor, gateway: PaymentGateway, event: Stripe.Event, now: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, provider: gateway.provider, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (fresh.length === 0) return false;
    // Stripe has some 250 event types; those not listed are recorded and ignored (the default).
    // eslint-disable-next-line @typescript-eslint/switch-exhaustiveness-check
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await handleCheckoutCompleted(tx, gateway, event.data.object, now);
        break;
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const [row] = await tx
          .update(checkoutSessions)
          .set({ status: event.type === 'checkout.session.expired' ? 'expired' : 'complete' })
          .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
          .returning();
        if (row?.orderId) await releaseCardOrder(tx, row.orderId, event.type === 'checkout.session.expired' ? 'EXPIRED' : 'FAILED');
        break;
      }
      case 'invoice.paid':
        await handleInvoicePaid(tx, gateway, event.data.object, now);
        break;
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscriptionId(event.data.object);
        if (subscriptionId) await endProviderSubscription(tx, subscriptionId, 'PAYMENT_FAILED', now, now);
        break;
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status))
          await endProviderSubscription(tx, subscription.id, 'CANCELLED', now, now);
        else if (subscription.cancel_at_period_end) await markCancelAtPeriodEnd(tx, subscription.id, now);
        break;
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const endedAt = subscription.ended_at ? new Date(subscription.ended_at * 1000) : now;
        await endProviderSubscription(tx, subscription.id, 'CANCELLED', endedAt, now);
        break;
      }
      default:
        break; // recorded, nothing to do
    }
    return true;
  });

/** Order name for the checkout line. */
export const orderCheckoutName = async (db: DbExecutor, orderId: string): Promise<string> => {
  const [order] = await db.select({ lines: orders.lines }).from(orders).where(eq(orders.id, orderId));
  return (order?.lines ?? []).map((l) => (l.quantity > 1 ? `${l.name} x${l.quantity}` : l.name)).join(', ') || 'Contrail order';
};
