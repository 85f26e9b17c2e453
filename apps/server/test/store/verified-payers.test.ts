import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoosterPack, TOrderResponse } from '@contrail/domain/store/store-contract';
import { airlines } from '../../src/modules/airline/airline.schema';
import { checkoutSessions } from '../../src/modules/payment/payment.schema';
import { orders, subscriptionPlans } from '../../src/modules/store/store.schema';
import { users } from '../../src/modules/user/user.schema';
import { createSignedInUser, giveSubscription, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { airlineFields, nextCode, postAirline, seedAirlineReference } from '../airline/airline-fixtures';
import { api } from '../support/api';
import { paymentRoutes } from '@contrail/domain/store/payment-routes';
import { storeRoutes } from '@contrail/domain/store/store-routes';

describe('paying and creating an airline need a verified email address', () => {
  let t: TestApp;
  let starter: TBoosterPack;
  let airlineManagerMonthly: typeof subscriptionPlans.$inferSelect;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    starter = (await api(t.app).inject(storeRoutes.packs)).json<TBoosterPack[]>().find((pack) => pack.name === 'Starter pack')!;
    airlineManagerMonthly = (await t.app.deps.db.select().from(subscriptionPlans)).find((plan) => plan.code === 'AIRLINE_MANAGER' && plan.type === 'MONTHLY')!;
  });
  afterAll(async () => t.close());

  const unverifiedPilot = () => createSignedInUser(t.app, { emailVerified: false });
  const buyPackByCard = (pilot: SignedInUser) =>
    api(t.app, pilot.headers).inject(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' } } });
  const subscribe = (pilot: SignedInUser, planId: string) =>
    api(t.app, pilot.headers).inject(paymentRoutes.subscribe, { params: { userId: pilot.user.id }, body: { subscriptionId: planId } });
  const expectNotVerified = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'EMAIL_NOT_VERIFIED' });
  };
  const sessionsOf = (userId: string) => t.app.deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));

  it('refuses a card order (a booster pack) and leaves no order or checkout behind', async () => {
    const pilot = await unverifiedPilot();
    expectNotVerified(await buyPackByCard(pilot));
    expect(await t.app.deps.db.select().from(orders).where(eq(orders.userId, pilot.user.id))).toHaveLength(0);
    expect(await sessionsOf(pilot.user.id)).toHaveLength(0);
  });

  it('refuses a subscription checkout (the airline manager plan)', async () => {
    const pilot = await unverifiedPilot();
    expectNotVerified(await subscribe(pilot, airlineManagerMonthly.id));
    expect(await sessionsOf(pilot.user.id)).toHaveLength(0);
  });

  it('refuses to create an airline, even with the subscription already held', async () => {
    const manager = await unverifiedPilot();
    await giveSubscription(t.app, manager.user.id, 'AIRLINE_MANAGER');
    expectNotVerified(await postAirline(t.app, manager, airlineFields({ code: nextCode() })));
    expect(await t.app.deps.db.select().from(airlines).where(eq(airlines.ownerId, manager.user.id))).toHaveLength(0);
  });

  it('lets the same pilot pay and create an airline once the address is verified', async () => {
    const pilot = await unverifiedPilot();
    await giveSubscription(t.app, pilot.user.id, 'AIRLINE_MANAGER');
    await t.app.deps.db.update(users).set({ emailVerified: true }).where(eq(users.id, pilot.user.id));
    const order = await buyPackByCard(pilot);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json<TOrderResponse>().state).toBe('PENDING');
    expect((await subscribe(pilot, airlineManagerMonthly.id)).statusCode).toBe(200);
    expect((await postAirline(t.app, pilot, airlineFields({ code: nextCode() }))).statusCode).toBe(201);
  });
});
