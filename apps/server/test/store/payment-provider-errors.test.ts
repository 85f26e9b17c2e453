import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoosterPack, TOrderResponse } from '@contrail/domain/store/store-contract';
import { orders, subscriptionPlans } from '../../src/modules/store/store.schema';
import { paymentCustomers } from '../../src/modules/payment/payment.schema';
import { createStripeGateway } from '../../src/modules/payment/payment-gateway';
import { getClientPortal, type PaymentContext } from '../../src/modules/payment/payment.service';
import { openOrderCheckout } from '../../src/modules/store/store.service';
import { openSubscriptionCheckout } from '../../src/modules/subscription/subscription-billing';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** What Stripe says, and what must stay between Stripe, the server and its log. */
const STRIPE_WORDS = "No such customer: 'cus_Q2w3e4r5t6'; a similar object exists in live mode, but a test mode key was used to make this request.";

/** A local peer that answers every Stripe API call as Stripe answers a refused request. */
const startRefusingStripe = async (): Promise<{ server: Server; port: number }> => {
  const server = createServer((_request, response) => {
    response.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_secret_7f3a' });
    response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message: STRIPE_WORDS } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
};

describe('Stripe failures reach clients in our words only', () => {
  let t: TestApp;
  let stripePeer: Awaited<ReturnType<typeof startRefusingStripe>>;
  const logLines: string[] = [];
  const context = (): PaymentContext => ({
    db: t.app.deps.db,
    gateway: createStripeGateway('sk_test_provider_errors', 'whsec_provider_errors', { host: '127.0.0.1', port: stripePeer.port, protocol: 'http', maxNetworkRetries: 0 }),
    publicUrl: 'https://contrail.example.org',
    now: t.clock.now(),
    log: pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (logLines.push(chunk.toString()), done()) })),
  });
  beforeAll(async () => {
    stripePeer = await startRefusingStripe();
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => stripePeer?.server.close(resolve));
  });

  /** The error a call rejected with, checked to carry our words and none of Stripe's. */
  const refusalOf = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => expect.fail('the call should have been refused'),
      (reason: unknown) => reason as { code: string; message: string },
    );
    expect(error).toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
    expect(error.message).not.toMatch(/live mode|cus_|req_secret|Stripe/);
    expect(logLines.join('')).toContain('a similar object exists in live mode');
    logLines.length = 0;
    return error;
  };

  it('an order checkout: logged, refused in our words, the order released', async () => {
    const pilot = await createSignedInUser(t.app);
    const starter = (await t.app.inject({ url: '/api/v1/pack' })).json<TBoosterPack[]>().find((pack) => pack.name === 'Starter pack')!;
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/order/user/${pilot.user.id}`,
      headers: pilot.headers,
      payload: { type: 'PACK', items: [{ itemId: starter.id, quantity: 1 }], payment: { type: 'CARD' } },
    });
    const { orderId, totalCents } = placed.json<TOrderResponse>();
    const error = await refusalOf(openOrderCheckout(context(), { orderId, userId: pilot.user.id, totalCents, name: 'Starter pack' }));
    expect(error.message).toBe('Card payment is unavailable right now. Nothing was charged; please try again later.');
    const [order] = await t.app.deps.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
    expect(order?.state).toBe('FAILED');
  });

  it('a subscription checkout and the customer portal: logged, refused in our words', async () => {
    const pilot = await createSignedInUser(t.app);
    const plan = (await t.app.deps.db.select().from(subscriptionPlans)).find((candidate) => candidate.code === 'GOLD' && candidate.type === 'MONTHLY')!;
    await refusalOf(openSubscriptionCheckout(context(), pilot.user.id, plan.id));
    await t.app.deps.db.insert(paymentCustomers).values({ userId: pilot.user.id, provider: 'STRIPE', customerId: 'cus_Q2w3e4r5t6' });
    const error = await refusalOf(getClientPortal(context(), pilot.user, pilot.user.id));
    expect(error.message).toBe('Managing your subscription is unavailable right now; please try again later.');
  });
});
