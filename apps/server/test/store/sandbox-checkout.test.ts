import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoosterPack, TCheckoutSession, TClientPortal, TOrderResponse, TSubscription } from '@contrail/domain/store/store-contract';
import { airlineMembers, airlines } from '../../src/modules/airline/airline.schema';
import { orders, storeItems } from '../../src/modules/store/store.schema';
import { users } from '../../src/modules/user/user.schema';
import { runSandboxClock } from '../../src/modules/payment/sandbox.routes';
import { expireSubscriptionPeriods, listUserSubscriptions } from '../../src/modules/subscription/subscription-periods';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { airlineRoutes } from '@contrail/domain/airline/airline-routes';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { storeRoutes } from '@contrail/domain/store/store-routes';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('embedded sandbox checkout (no Stripe key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const fc = async (userId: string) => (await t.app.deps.db.select({ mfc: users.walletMfc }).from(users).where(eq(users.id, userId)))[0]!.mfc;
  const status = async (pilot: SignedInUser, sessionId: string) =>
    (await api(t.app, pilot.headers).inject(paymentRoutes.checkoutStatus, { params: { id: sessionId } })).json<{ status: string; paymentStatus: string }>();
  const buyPack = async (pilot: SignedInUser) => {
    const packs = (await api(t.app).inject(storeRoutes.packs)).json<TBoosterPack[]>();
    const starter = packs.find((p) => p.name === 'Starter pack')!;
    const response = await api(t.app, pilot.headers).inject(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' } } });
    expect(response.statusCode).toBe(200);
    return { starter, body: response.json<TOrderResponse>() };
  };
  const pay = (sessionUrl: string, cardNumber: string) =>
    t.app.inject({ method: 'POST', url: sessionUrl, ...form({ cardNumber, expiry: '12/34', cvc: '123' }) });

  it('buys a booster pack by card: hosted page, test card 4242, FC credited once through the signed webhook', async () => {
    const pilot = await createSignedInUser(t.app);
    const { starter, body } = await buyPack(pilot);
    expect(body.state).toBe('PENDING');
    expect(body.checkout?.sessionUrl).toMatch(/^\/api\/sandbox\/checkout\/cs_test_sandbox_/);
    expect(body.checkout?.clientSecret).toBeTruthy();
    const page = await t.app.inject({ url: body.checkout!.sessionUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€4.99');
    expect(page.body).toContain('<label for="cardNumber">');
    expect(await status(pilot, body.checkout!.sessionId)).toEqual({ status: 'open', paymentStatus: 'unpaid', purpose: 'ORDER' });
    const paid = await pay(body.checkout!.sessionUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/stripe?sessionId=${body.checkout!.sessionId}`);
    expect(await fc(pilot.user.id)).toBe(starter.fcAmount);
    expect(await status(pilot, body.checkout!.sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    // Paying again is refused by the page: the session is complete, nothing is credited twice.
    const again = await pay(body.checkout!.sessionUrl, '4242424242424242');
    expect(again.body).toContain('already paid');
    expect(await fc(pilot.user.id)).toBe(starter.fcAmount);
  });

  it("buys a booster pack for an airline (the boost in airline-manager mode): the airline's wallet is credited, not the manager's", async () => {
    const owner = await createSignedInUser(t.app);
    const [airline] = await t.app.deps.db.insert(airlines).values({ ownerId: owner.user.id, name: `Pack Air ${owner.user.id.slice(0, 6)}`, code: owner.user.id.slice(0, 3).toUpperCase() }).returning();
    await t.app.deps.db.insert(airlineMembers).values({ airlineId: airline!.id, userId: owner.user.id, role: 'OWNER' });
    const packs = (await api(t.app).inject(storeRoutes.packs)).json<TBoosterPack[]>();
    const starter = packs.find((p) => p.name === 'Starter pack')!;
    const payload = { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' }, context: 'airline_manager', airlineId: airline!.id };
    const stranger = await createSignedInUser(t.app);
    const refused = await api(t.app, stranger.headers).injectLoose(storeRoutes.placeOrder, { params: { userId: stranger.user.id }, body: payload });
    expect(refused.statusCode).toBe(403);
    const response = await api(t.app, owner.headers).injectLoose(storeRoutes.placeOrder, { params: { userId: owner.user.id }, body: payload });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TOrderResponse>();
    expect((await pay(body.checkout!.sessionUrl, '4242 4242 4242 4242')).statusCode).toBe(303);
    const [after] = await t.app.deps.db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airline!.id));
    expect(after!.balance).toBe(starter.fcAmount);
    expect(await fc(owner.user.id)).toBe(0);
    // Deleting the airline keeps the card payment's record, now without an airline.
    const deleted = await api(t.app, owner.headers).inject(airlineRoutes.remove, { params: { id: airline!.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({ state: 'PAID', airlineId: null, userId: owner.user.id });
  });

  it('sends a declined card to /payment-error with nothing changed, and asks for the extra step on 4000 0027 6000 3184', async () => {
    const pilot = await createSignedInUser(t.app);
    const { starter, body } = await buyPack(pilot);
    const declined = await pay(body.checkout!.sessionUrl, '4000000000000002');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/payment-error?sessionId=${body.checkout!.sessionId}&reason=card_declined`);
    expect(await fc(pilot.user.id)).toBe(0);
    expect(await status(pilot, body.checkout!.sessionId)).toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
    const unknown = await pay(body.checkout!.sessionUrl, '1234123412341234');
    expect(unknown.statusCode).toBe(422);
    const step = await pay(body.checkout!.sessionUrl, '4000 0027 6000 3184');
    expect(step.headers.location).toBe(`${body.checkout!.sessionUrl}/authenticate`);
    const failed = await t.app.inject({ method: 'POST', url: `${body.checkout!.sessionUrl}/authenticate`, ...form({ action: 'fail' }) });
    expect(failed.headers.location).toContain('/payment-error');
    expect(await fc(pilot.user.id)).toBe(0);
    const done = await t.app.inject({ method: 'POST', url: `${body.checkout!.sessionUrl}/authenticate`, ...form({ action: 'complete' }) });
    expect(done.headers.location).toBe(`/stripe?sessionId=${body.checkout!.sessionId}`);
    expect(await fc(pilot.user.id)).toBe(starter.fcAmount);
  });

  it('expires an unpaid session after 30 minutes and puts the reserved stock back', async () => {
    const pilot = await createSignedInUser(t.app);
    const [founder] = await t.app.deps.db.select().from(storeItems).where(eq(storeItems.slug, 'badge-founder'));
    const response = await api(t.app, pilot.headers).inject(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: { items: [{ itemId: founder!.id, quantity: 1 }], payment: { type: 'CARD' } } });
    const body = response.json<TOrderResponse>();
    expect(body).toMatchObject({ state: 'PENDING', totalCents: 299 });
    const stockOf = async () => (await t.app.deps.db.select().from(storeItems).where(eq(storeItems.id, founder!.id)))[0]!.stock;
    expect(await stockOf()).toBe(founder!.stock! - 1);
    t.clock.advanceMs(31 * 60_000);
    await runSandboxClock(t.app, t.clock.now());
    expect(await stockOf()).toBe(founder!.stock);
    const [order] = await t.app.deps.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order?.state).toBe('EXPIRED');
    const page = await t.app.inject({ url: body.checkout!.sessionUrl });
    expect(page.body).toContain('expired');
  });

  it('subscribes to GOLD monthly, renews at period end, and lapses after cancelling in the portal', async () => {
    const pilot = await createSignedInUser(t.app);
    const plans = (await api(t.app).inject(storeRoutes.subscriptions)).json<TSubscription[]>();
    const gold = plans.find((p) => p.code === 'GOLD' && p.type === 'MONTHLY')!;
    const checkout = await api(t.app, pilot.headers).inject(paymentRoutes.subscribe, { params: { userId: pilot.user.id }, body: { subscriptionId: gold.id } });
    expect(checkout.statusCode).toBe(200);
    const session = checkout.json<TCheckoutSession>();
    expect((await pay(session.sessionUrl, '4242424242424242')).statusCode).toBe(303);
    const held = await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now());
    expect(held.active.map((a) => a.code)).toEqual(['GOLD']);
    const firstEnd = new Date(held.active[0]!.endDate!);

    const portal = (await api(t.app, pilot.headers).inject(paymentRoutes.clientPortal, { params: { id: pilot.user.id } })).json<TClientPortal>();
    expect(portal.pilot).toMatch(/^\/api\/sandbox\/portal\/cus_sandbox_/);

    // Period end: the sandbox renews (invoice.paid through the webhook).
    t.clock.set(new Date(firstEnd.getTime() + 1000));
    await runSandboxClock(t.app, t.clock.now());
    await expireSubscriptionPeriods(t.app.deps.db, t.clock.now());
    const renewed = await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now());
    expect(renewed.active).toHaveLength(1);
    const secondEnd = new Date(renewed.active[0]!.endDate!);
    expect(secondEnd.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * 86_400_000);

    // Cancel at period end in the portal: premium lasts until the paid end, then lapses.
    const portalPage = await t.app.inject({ url: portal.pilot! });
    const subscriptionId = /cancel\/(sub_sandbox_\w+)/.exec(portalPage.body)?.[1];
    expect(subscriptionId).toBeTruthy();
    const cancelled = await t.app.inject({ method: 'POST', url: `${portal.pilot!}/cancel/${subscriptionId!}` });
    expect(cancelled.statusCode).toBe(303);
    expect((await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now())).active).toHaveLength(1);
    t.clock.set(new Date(secondEnd.getTime() + 1000));
    await runSandboxClock(t.app, t.clock.now());
    await expireSubscriptionPeriods(t.app.deps.db, t.clock.now());
    await runSandboxClock(t.app, t.clock.now());
    const lapsed = await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now());
    expect(lapsed.active).toEqual([]);
    expect(lapsed.periods).toHaveLength(2);
  });
});
