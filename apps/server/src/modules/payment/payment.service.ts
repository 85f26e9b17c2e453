import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { CHECKOUT_SESSION_TTL_MS } from '@contrail/domain/store/catalogue';
import type { TCheckoutSession, TCheckoutSessionStatus, TClientPortal } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { userEmailOf } from '../user/user-directory.service';
import { checkoutSessions, paymentCustomers, paymentEvents } from './payment.schema';
import type { CheckoutOutcomes } from './checkout-outcomes';
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
  const email = await userEmailOf(db, userId);
  if (email === undefined) throw new AppError(ErrorCode.notFound, 'User not found');
  return email;
};

/**
 * What the module starting a checkout asks to charge: its own server-computed amount and line, and
 * what the checkout is for (the webhook tells that module of the outcome through CheckoutOutcomes).
 */
export type CheckoutStart = { userId: string; name: string; amountCents: number } & (
  | { purpose: 'ORDER'; orderId: string }
  /** `interval` null: paid once (a FOREVER plan); otherwise billed each month or year. */
  | { purpose: 'SUBSCRIPTION'; planId: string; interval: 'month' | 'year' | null }
);

/** Opens a card checkout; when the provider cannot be reached the caller gets PAYMENT_UNAVAILABLE. */
export const createCheckout = async (ctx: PaymentContext, start: CheckoutStart): Promise<TCheckoutSession> => {
  const expiresAt = new Date(ctx.now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const { successUrl, cancelUrl } = returnUrls(ctx);
  const isRecurring = start.purpose === 'SUBSCRIPTION' && start.interval !== null;
  let created;
  try {
    created = await ctx.gateway.createCheckout({
      mode: isRecurring ? 'subscription' : 'payment',
      name: start.name,
      amountCents: start.amountCents,
      interval: start.purpose === 'SUBSCRIPTION' ? start.interval : null,
      customerId: await findCustomerId(ctx.db, start.userId, ctx.gateway.provider),
      customerEmail: await userEmail(ctx.db, start.userId),
      successUrl,
      cancelUrl,
      expiresAt,
      metadata:
        start.purpose === 'ORDER'
          ? { purpose: 'ORDER', userId: start.userId, orderId: start.orderId }
          : { purpose: 'SUBSCRIPTION', userId: start.userId, planId: start.planId },
    });
  } catch (error) {
    throw providerUnavailable(ctx, error, start.purpose === 'ORDER' ? 'order checkout' : 'subscription checkout', CARD_PAYMENT_UNAVAILABLE);
  }
  await ctx.db.insert(checkoutSessions).values({
    id: created.id,
    provider: ctx.gateway.provider,
    userId: start.userId,
    purpose: start.purpose,
    ...(start.purpose === 'ORDER' ? { orderId: start.orderId } : { subscriptionPlanId: start.planId }),
    status: 'open',
    paymentStatus: 'unpaid',
    amountCents: start.amountCents,
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
export const getClientPortal = async (ctx: PaymentContext, caller: Caller, userId: string): Promise<TClientPortal> => {
  await requireAccess(ctx.db, caller, 'user.subscription.portal', { userId });
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

/** What a webhook event is applied with: the payment module's own rows and the starters' port. */
export type PaymentEventContext = { db: DbExecutor; gateway: PaymentGateway; outcomes: CheckoutOutcomes };

const handleCheckoutCompleted = async (ctx: PaymentEventContext, session: Stripe.Checkout.Session, now: Date) => {
  const { db, gateway, outcomes } = ctx;
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
    await outcomes.orders.paid(db, row.orderId, now);
    return;
  }
  if (row.purpose === 'SUBSCRIPTION' && row.subscriptionPlanId) {
    await outcomes.subscriptions.periodPaid(db, {
      userId: row.userId,
      planId: row.subscriptionPlanId,
      provider: gateway.provider,
      providerSubscriptionId: subscriptionId,
      // The first invoice pays the first period: keyed by it, invoice.paid for it is a no-op.
      paymentReference: idOf(session.invoice) ?? `session:${session.id}`,
      start: now,
      now,
    });
  }
};

const handleInvoicePaid = async (ctx: PaymentEventContext, invoice: Stripe.Invoice, now: Date) => {
  const { db, gateway, outcomes } = ctx;
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
  const period = invoice.lines.data[0]?.period;
  await rememberCustomer(db, userId, gateway.provider, idOf(invoice.customer), now);
  await outcomes.subscriptions.periodPaid(db, {
    userId,
    planId,
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
export const applyPaymentEvent = async (ctx: PaymentEventContext, event: Stripe.Event, now: Date): Promise<boolean> =>
  ctx.db.transaction(async (tx) => {
    const { gateway, outcomes } = ctx;
    const inTransaction = { ...ctx, db: tx };
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
        await handleCheckoutCompleted(inTransaction, event.data.object, now);
        break;
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const [row] = await tx
          .update(checkoutSessions)
          .set({ status: event.type === 'checkout.session.expired' ? 'expired' : 'complete' })
          .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
          .returning();
        if (row?.orderId) await outcomes.orders.abandoned(tx, row.orderId, event.type === 'checkout.session.expired' ? 'EXPIRED' : 'FAILED');
        break;
      }
      case 'invoice.paid':
        await handleInvoicePaid(inTransaction, event.data.object, now);
        break;
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscriptionId(event.data.object);
        if (subscriptionId) await outcomes.subscriptions.ended(tx, subscriptionId, 'PAYMENT_FAILED', now, now);
        break;
      }
      case 'customer.subscription.updated': {
        const subscription = event.data.object;
        if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status))
          await outcomes.subscriptions.ended(tx, subscription.id, 'CANCELLED', now, now);
        else if (subscription.cancel_at_period_end) await outcomes.subscriptions.cancelledAtPeriodEnd(tx, subscription.id, now);
        break;
      }
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const endedAt = subscription.ended_at ? new Date(subscription.ended_at * 1000) : now;
        await outcomes.subscriptions.ended(tx, subscription.id, 'CANCELLED', endedAt, now);
        break;
      }
      default:
        break; // recorded, nothing to do
    }
    return true;
  });
