import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { SUBSCRIPTION_PERIOD_MONTHS, addMonthsUtc } from '@contrail/domain/store/catalogue';
import type { DbExecutor } from '../../db/database';
import { checkoutSessions, paymentCustomers } from './payment.schema';
import type { BilledPeriod } from './checkout-outcomes';
import { newSandboxId, type PaymentGateway } from './payment-gateway';
import { paymentGatewayOf } from './payment-gateway-of';
import { authenticatePage, checkoutPage, closedPage, portalPage, type SandboxCheckoutView } from './sandbox-pages';

/** Stripe's test cards the sandbox understands (https://docs.stripe.com/testing). */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  needsAuthentication: '4000002760003184',
} as const;

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * Sends one Stripe-shaped event through the real webhook route, signed with the SDK's test-header
 * helper and the sandbox secret: the same verification and handling as Stripe's own events.
 */
export const deliverSandboxEvent = async (
  app: FastifyInstance,
  gateway: PaymentGateway,
  type: string,
  object: Record<string, unknown>,
  now: Date,
): Promise<void> => {
  const payload = JSON.stringify({
    id: newSandboxId('evt_sandbox_'),
    object: 'event',
    type,
    created: seconds(now),
    livemode: false,
    api_version: null,
    data: { object },
  });
  const signature = gateway.stripe.webhooks.generateTestHeaderString({ payload, secret: gateway.webhookSecret });
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`sandbox event ${type} refused: ${response.statusCode} ${response.body}`);
};

const sandboxCustomerOf = async (db: DbExecutor, userId: string): Promise<string> => {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'SANDBOX')));
  return row?.customerId ?? newSandboxId('cus_sandbox_');
};

type SessionRow = typeof checkoutSessions.$inferSelect;

/** The sandbox's payment of a session: what Stripe would send once the card is charged. */
const paySession = async (app: FastifyInstance, gateway: PaymentGateway, session: SessionRow, now: Date): Promise<void> => {
  const { db, checkoutOutcomes } = app.deps;
  const customer = await sandboxCustomerOf(db, session.userId);
  const plan = session.subscriptionPlanId ? await checkoutOutcomes.subscriptions.billedPlan(db, session.subscriptionPlanId) : undefined;
  const months = plan ? SUBSCRIPTION_PERIOD_MONTHS[plan.type] : null;
  const isRecurring = plan !== undefined && months !== null;
  const metadata = { purpose: session.purpose, userId: session.userId, ...(plan ? { planId: plan.id } : {}), ...(session.orderId ? { orderId: session.orderId } : {}) };
  const subscription = isRecurring ? newSandboxId('sub_sandbox_') : null;
  const invoice = isRecurring ? newSandboxId('in_sandbox_') : null;
  await deliverSandboxEvent(
    app,
    gateway,
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: isRecurring ? 'subscription' : 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: session.amountCents,
      currency: 'eur',
      customer,
      subscription,
      invoice,
      metadata,
    },
    now,
  );
  if (isRecurring && subscription && invoice) {
    await deliverSandboxEvent(app, gateway, 'invoice.paid', invoiceObject(invoice, customer, subscription, metadata, now, addMonthsUtc(now, months), session.amountCents), now);
  }
};

const invoiceObject = (id: string, customer: string, subscription: string, metadata: Record<string, string>, start: Date, end: Date, amount: number) => ({
  id,
  object: 'invoice',
  customer,
  status: 'paid',
  amount_paid: amount,
  parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
  lines: { object: 'list', data: [{ object: 'line_item', amount, period: { start: seconds(start), end: seconds(end) } }] },
});

/**
 * The sandbox's clock, run by the job runner (and by tests with their manual clock): expires
 * open sessions past their time, renews recurring subscriptions that reached their period end,
 * and ends those cancelled at period end, each as the Stripe event would.
 */
export const runSandboxClock = async (app: FastifyInstance, now: Date): Promise<void> => {
  const gateway = await paymentGatewayOf(app.deps);
  if (gateway.provider !== 'SANDBOX') return;
  const { db, checkoutOutcomes } = app.deps;
  const due = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.provider, 'SANDBOX'), eq(checkoutSessions.status, 'open'), lte(checkoutSessions.expiresAt, now)));
  for (const session of due) {
    await deliverSandboxEvent(app, gateway, 'checkout.session.expired', { id: session.id, object: 'checkout.session', status: 'expired', payment_status: 'unpaid' }, now);
  }
  // Recurring periods only: a FOREVER plan has no provider subscription to renew.
  const periods = (await checkoutOutcomes.subscriptions.billedPeriods(db, 'SANDBOX')).filter(
    (period) => period.providerSubscriptionId !== null && (period.plan.type === 'MONTHLY' || period.plan.type === 'ANNUAL'),
  );
  const bySubscription = new Map<string, BilledPeriod[]>();
  for (const period of periods) {
    const key = period.providerSubscriptionId ?? '';
    bySubscription.set(key, [...(bySubscription.get(key) ?? []), period]);
  }
  for (const [subscription, rows] of bySubscription) {
    const latest = rows.toSorted((a, b) => (b.endDate?.getTime() ?? 0) - (a.endDate?.getTime() ?? 0))[0];
    const latestEnd = latest?.endDate;
    if (!latest || !latestEnd || latestEnd > now) continue;
    const [customer] = await db.select({ id: paymentCustomers.customerId }).from(paymentCustomers).where(eq(paymentCustomers.userId, latest.userId));
    // Cancelled (at period end or by a failed payment): nothing renews; a cancellation still
    // running is ended the way Stripe ends it, by deleting the subscription.
    if (rows.some((r) => r.cancelledAt !== null)) {
      if (rows.some((r) => r.state === 'CANCELLED')) {
        await deliverSandboxEvent(
          app,
          gateway,
          'customer.subscription.deleted',
          { id: subscription, object: 'subscription', status: 'canceled', ended_at: seconds(latestEnd), cancel_at_period_end: true, customer: customer?.id ?? null },
          now,
        );
      }
      continue;
    }
    const months = SUBSCRIPTION_PERIOD_MONTHS[latest.plan.type] ?? 1;
    const start = latestEnd;
    await deliverSandboxEvent(
      app,
      gateway,
      'invoice.paid',
      invoiceObject(
        `in_sandbox_${subscription.slice(-12)}_${seconds(start)}`,
        customer?.id ?? '',
        subscription,
        { purpose: 'SUBSCRIPTION', userId: latest.userId, planId: latest.plan.id },
        start,
        addMonthsUtc(start, months),
        latest.plan.priceCents,
      ),
      now,
    );
  }
};

const parseForm = (body: string): Record<string, string> => Object.fromEntries(new URLSearchParams(body));

/**
 * The embedded sandbox's hosted pages (registered only without STRIPE_SECRET_KEY): the checkout a
 * session URL points to, the extra authentication step, and the customer portal.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync = async (app) => {
  const gateway = await paymentGatewayOf(app.deps);
  if (gateway.provider !== 'SANDBOX') return;
  const { db, clock, config, checkoutOutcomes } = app.deps;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, parseForm(String(body))));
  const params = z.object({ id: z.string().regex(/^cs_test_sandbox_[\w]+$/) });

  const loadOpen = async (rawId: unknown) => {
    const parsed = params.safeParse(rawId);
    if (!parsed.success) return { kind: 'missing' as const };
    const [session] = await db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, parsed.data.id), eq(checkoutSessions.provider, 'SANDBOX')));
    if (!session) return { kind: 'missing' as const };
    if (session.status === 'open' && session.expiresAt <= clock.now()) {
      await runSandboxClock(app, clock.now());
      return { kind: 'closed' as const, status: 'expired' as const };
    }
    if (session.status !== 'open') return { kind: 'closed' as const, status: session.status };
    const plan = session.subscriptionPlanId ? await checkoutOutcomes.subscriptions.billedPlan(db, session.subscriptionPlanId) : undefined;
    const view: SandboxCheckoutView = {
      id: session.id,
      name: plan ? `Contrail ${plan.code} (${plan.type.toLowerCase()})` : 'Contrail store order',
      amountCents: session.amountCents,
      recurring: plan?.type === 'MONTHLY' ? 'month' : plan?.type === 'ANNUAL' ? 'year' : null,
      cancelUrl: `/payment-error?sessionId=${session.id}`,
      isDemoSite: config.PAYMENT_SANDBOX === 'on',
    };
    return { kind: 'open' as const, session, view };
  };

  app.get('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const found = await loadOpen(request.params);
    if (found.kind === 'missing') return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    if (found.kind === 'closed') return reply.type('text/html').send(closedPage(found.status, found.status === 'complete' ? '/' : '/store'));
    return reply.type('text/html').send(checkoutPage(found.view));
  });

  app.post('/checkout/:id', { schema: { hide: true } }, async (request, reply) => {
    const found = await loadOpen(request.params);
    if (found.kind === 'missing') return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    if (found.kind === 'closed') return reply.type('text/html').send(closedPage(found.status, '/'));
    const form = (request.body ?? {}) as Record<string, string>;
    const card = (form.cardNumber ?? '').replaceAll(/\s|-/g, '');
    if (card === SANDBOX_CARDS.succeeds) {
      await paySession(app, gateway, found.session, clock.now());
      return reply.redirect(`/stripe?sessionId=${found.session.id}`, 303);
    }
    // Declined: like Stripe, the session stays open and nothing is charged.
    if (card === SANDBOX_CARDS.declined) return reply.redirect(`/payment-error?sessionId=${found.session.id}&reason=card_declined`, 303);
    if (card === SANDBOX_CARDS.needsAuthentication) return reply.redirect(`/api/sandbox/checkout/${found.session.id}/authenticate`, 303);
    return reply
      .code(422)
      .type('text/html')
      .send(checkoutPage(found.view, 'This is the sandbox: use one of the test cards listed below.'));
  });

  app.get('/checkout/:id/authenticate', { schema: { hide: true } }, async (request, reply) => {
    const found = await loadOpen(request.params);
    if (found.kind !== 'open') return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    return reply.type('text/html').send(authenticatePage(found.view));
  });

  app.post('/checkout/:id/authenticate', { schema: { hide: true } }, async (request, reply) => {
    const found = await loadOpen(request.params);
    if (found.kind !== 'open') return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    const form = (request.body ?? {}) as Record<string, string>;
    if (form.action !== 'complete') return reply.redirect(`/payment-error?sessionId=${found.session.id}&reason=authentication_failed`, 303);
    await paySession(app, gateway, found.session, clock.now());
    return reply.redirect(`/stripe?sessionId=${found.session.id}`, 303);
  });

  const portalParams = z.object({ customerId: z.string().regex(/^cus_sandbox_[\w]+$/) });
  const portalSubscriptions = async (customerId: string) => {
    const [customer] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.customerId, customerId));
    if (!customer) return undefined;
    const rows = (await checkoutOutcomes.subscriptions.billedPeriods(db, 'SANDBOX', customer.userId)).filter(
      (period) => period.state === 'ACTIVE' || period.state === 'CANCELLED',
    );
    const latest = new Map<string, BilledPeriod>();
    for (const row of rows) {
      const key = row.providerSubscriptionId ?? row.id;
      const current = latest.get(key);
      if (!current || (row.endDate?.getTime() ?? Infinity) > (current.endDate?.getTime() ?? Infinity)) latest.set(key, row);
    }
    return [...latest.entries()].map(([id, row]) => ({
      id,
      label: `${row.plan.code} (${row.plan.type.toLowerCase()})`,
      endDate: row.endDate ? row.endDate.toISOString().slice(0, 10) : null,
      cancelled: row.state === 'CANCELLED',
    }));
  };

  app.get('/portal/:customerId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = portalParams.safeParse(request.params);
    const subscriptions = parsed.success ? await portalSubscriptions(parsed.data.customerId) : undefined;
    if (!parsed.success || !subscriptions) return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    return reply.type('text/html').send(portalPage(parsed.data.customerId, subscriptions, '/subscription'));
  });

  app.post('/portal/:customerId/cancel/:subscriptionId', { schema: { hide: true } }, async (request, reply) => {
    const { customerId, subscriptionId } = request.params as { customerId: string; subscriptionId: string };
    const parsed = portalParams.safeParse({ customerId });
    const subscriptions = parsed.success ? await portalSubscriptions(customerId) : undefined;
    if (!subscriptions?.some((s) => s.id === subscriptionId)) return reply.code(404).type('text/html').send(closedPage('expired', '/'));
    await deliverSandboxEvent(
      app,
      gateway,
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription', status: 'active', cancel_at_period_end: true, customer: customerId },
      clock.now(),
    );
    return reply.redirect(`/api/sandbox/portal/${customerId}`, 303);
  });
};

