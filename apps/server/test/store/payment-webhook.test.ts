import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserSubscriptions } from '@contrail/domain/store/store-contract';
import { checkoutSessions } from '../../src/modules/payment/payment.schema';
import { subscriptionPeriods } from '../../src/modules/subscription/subscription.schema';
import { subscriptionPlans } from '../../src/modules/store/store.schema';
import { listUserSubscriptions } from '../../src/modules/subscription/subscription-periods';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';

const WEBHOOK_SECRET = 'whsec_contrail_test_secret';
// The real SDK, used only for its test-header helper: no request leaves the machine.
const stripe = new Stripe('sk_test_contrail_unit');

describe('Stripe webhook (signed by the SDK test-header helper)', () => {
  let t: TestApp;
  let goldMonthly: typeof subscriptionPlans.$inferSelect;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_contrail_unit', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    goldMonthly = (await t.app.deps.db.select().from(subscriptionPlans)).find((p) => p.code === 'GOLD' && p.type === 'MONTHLY')!;
  });
  afterAll(async () => t.close());

  let sequence = 0;
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_test_${(sequence += 1)}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(t.clock.now().getTime() / 1000),
    livemode: false,
    data: { object },
  });
  const send = (payload: string, secret = WEBHOOK_SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      payload,
    });
  // Read through the service: the clock moves months ahead, past the test's access token.
  const subscriptions = async (pilot: SignedInUser): Promise<TUserSubscriptions> => listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now());
  const isGold = async (pilot: SignedInUser) => (await subscriptions(pilot)).active.some((s) => s.code === 'GOLD');

  const openGoldSession = async (pilot: SignedInUser, id: string) => {
    await t.app.deps.db.insert(checkoutSessions).values({
      id,
      provider: 'STRIPE',
      userId: pilot.user.id,
      purpose: 'SUBSCRIPTION',
      subscriptionPlanId: goldMonthly.id,
      status: 'open',
      paymentStatus: 'unpaid',
      amountCents: goldMonthly.priceCents,
      url: 'https://checkout.stripe.com/c/pay/test',
      expiresAt: new Date(t.clock.now().getTime() + 1800_000),
    });
  };
  const completed = (sessionId: string, pilot: SignedInUser, subscription: string, invoice: string) =>
    event('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: `cus_${pilot.user.id.slice(0, 8)}`,
      subscription,
      invoice,
      metadata: { purpose: 'SUBSCRIPTION', userId: pilot.user.id, planId: goldMonthly.id },
    });
  const invoice = (type: string, id: string, pilot: SignedInUser, subscription: string, start: Date, end: Date) =>
    event(type, {
      id,
      object: 'invoice',
      customer: `cus_${pilot.user.id.slice(0, 8)}`,
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata: { userId: pilot.user.id, planId: goldMonthly.id } } },
      lines: { object: 'list', data: [{ period: { start: Math.floor(start.getTime() / 1000), end: Math.floor(end.getTime() / 1000) } }] },
    });

  it('refuses a bad or missing signature and changes nothing', async () => {
    const pilot = await createSignedInUser(t.app);
    await openGoldSession(pilot, 'cs_test_badsig');
    const payload = JSON.stringify(completed('cs_test_badsig', pilot, 'sub_bad', 'in_bad'));
    const forged = await send(payload, 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ success: false, errorCode: 'INVALID_SIGNATURE' });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await isGold(pilot)).toBe(false);
    const [session] = await t.app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_badsig'));
    expect(session?.status).toBe('open');
  });

  it('starts, renews, replays as a no-op, then lapses on a failed renewal payment', async () => {
    const pilot = await createSignedInUser(t.app);
    await openGoldSession(pilot, 'cs_test_gold1');
    const start = t.clock.now();
    const first = JSON.stringify(completed('cs_test_gold1', pilot, 'sub_gold1', 'in_first'));
    expect((await send(first)).json()).toEqual({ received: true, duplicate: false });
    expect(await isGold(pilot)).toBe(true);
    const status = await api(t.app, pilot.headers).inject(paymentRoutes.checkoutStatus, { params: { id: 'cs_test_gold1' } });
    expect(status.json()).toEqual({ status: 'complete', paymentStatus: 'paid', purpose: 'SUBSCRIPTION' });

    // The same first invoice, reported by invoice.paid too, and the completed event replayed: one period.
    const end1 = new Date(start.getTime() + 30 * 86_400_000);
    await send(JSON.stringify(invoice('invoice.paid', 'in_first', pilot, 'sub_gold1', start, end1)));
    expect((await send(first)).json()).toEqual({ received: true, duplicate: true });
    expect(await t.app.deps.db.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.userId, pilot.user.id))).toHaveLength(1);

    // Renewal: a second invoice extends premium past the first period.
    t.clock.advanceMs(30 * 86_400_000);
    const end2 = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 31 * 86_400_000); // Stripe periods are whole seconds
    await send(JSON.stringify(invoice('invoice.paid', 'in_second', pilot, 'sub_gold1', t.clock.now(), end2)));
    const renewed = await subscriptions(pilot);
    expect(renewed.active).toEqual([{ code: 'GOLD', endDate: end2.toISOString() }]);
    expect(renewed.periods).toHaveLength(2);

    // The next renewal cannot be paid: premium ends now.
    t.clock.advanceMs(31 * 86_400_000);
    await send(JSON.stringify(invoice('invoice.payment_failed', 'in_third', pilot, 'sub_gold1', t.clock.now(), t.clock.now())));
    expect(await isGold(pilot)).toBe(false);
    expect((await subscriptions(pilot)).periods.every((p) => p.state === 'PAYMENT_FAILED')).toBe(true);
  });

  it('ends premium when the subscription is cancelled, whatever the order of a replayed start', async () => {
    const pilot = await createSignedInUser(t.app);
    await openGoldSession(pilot, 'cs_test_gold2');
    const start = JSON.stringify(completed('cs_test_gold2', pilot, 'sub_gold2', 'in_g2'));
    await send(start);
    expect(await isGold(pilot)).toBe(true);
    t.clock.advanceMs(86_400_000);
    const deleted = event('customer.subscription.deleted', {
      id: 'sub_gold2',
      object: 'subscription',
      status: 'canceled',
      ended_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    await send(JSON.stringify(deleted));
    expect(await isGold(pilot)).toBe(false);
    await send(start); // a late replay of the start changes nothing
    expect(await isGold(pilot)).toBe(false);
    expect((await subscriptions(pilot)).periods.map((p) => p.state)).toEqual(['CANCELLED']);
  });

  it("does not show another user's checkout status", async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await openGoldSession(pilot, 'cs_test_private');
    const response = await api(t.app, other.headers).inject(paymentRoutes.checkoutStatus, { params: { id: 'cs_test_private' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /v1/user-subscription/user/{userId}', () => {
  it('lists only the caller own subscriptions', async () => {
    const t = await createTestApp();
    try {
      const pilot = await createSignedInUser(t.app);
      const other = await createSignedInUser(t.app);
      const own = await api(t.app, pilot.headers).inject(paymentRoutes.userSubscriptions, { params: { userId: pilot.user.id } });
      expect(own.json()).toEqual({ active: [], periods: [] });
      const foreign = await api(t.app, other.headers).inject(paymentRoutes.userSubscriptions, { params: { userId: pilot.user.id } });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
