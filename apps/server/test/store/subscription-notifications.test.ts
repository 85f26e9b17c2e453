import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_ENDING_NOTICE_MS } from '@contrail/domain/store/catalogue';
import type { TCheckoutSession, TClientPortal, TSubscription } from '@contrail/domain/store/store-contract';
import { notifications } from '../../src/modules/notification/notification.schema';
import { SUBSCRIPTION_EXPIRY_JOB } from '../../src/modules/subscription/subscription.routes';
import { listUserSubscriptions } from '../../src/modules/subscription/subscription-periods';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The subscription expiry job tells the pilot a subscription is about to end (once per period, only
 * when it will really end) and that it ended, driven by the manual clock through the job runner.
 */
describe('subscription ending and ended notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const subscribeToGold = async (pilot: SignedInUser) => {
    const plans = (await t.app.inject({ url: '/api/v1/subscription' })).json<TSubscription[]>();
    const gold = plans.find((p) => p.code === 'GOLD' && p.type === 'MONTHLY')!;
    const checkout = await t.app.inject({ method: 'POST', url: `/api/v1/user-subscription/user/${pilot.user.id}`, headers: pilot.headers, payload: { subscriptionId: gold.id } });
    expect(checkout.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: checkout.json<TCheckoutSession>().sessionUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const held = await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now());
    return new Date(held.active[0]!.endDate!);
  };
  const cancelInPortal = async (pilot: SignedInUser) => {
    const portal = (await t.app.inject({ url: `/api/v1/user/${pilot.user.id}/subscription/client-portal`, headers: pilot.headers })).json<TClientPortal>();
    const subscriptionId = /cancel\/(sub_sandbox_\w+)/.exec((await t.app.inject({ url: portal.pilot! })).body)?.[1];
    expect(subscriptionId).toBeTruthy();
    expect((await t.app.inject({ method: 'POST', url: `${portal.pilot!}/cancel/${subscriptionId!}` })).statusCode).toBe(303);
  };
  const runJobs = async () => {
    const reports = await t.app.deps.jobs.runDue(t.clock.now());
    expect(reports.find((report) => report.name === SUBSCRIPTION_EXPIRY_JOB)?.outcome).toBe('ran');
  };
  // Read from the table: the pilot's access token has long expired once the clock jumps a month.
  const subscriptionNotices = async (pilot: SignedInUser) =>
    (
      await t.app.deps.db
        .select({ type: notifications.type, data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.userId, pilot.user.id), like(notifications.type, 'SUBSCRIPTION_%')))
        .orderBy(asc(notifications.createdAt))
    ).map((n) => ({ type: n.type, data: n.data }));

  it('announces a cancelled subscription a few days before its end, once, and its end when it lapses', async () => {
    const pilot = await createSignedInUser(t.app);
    const end = await subscribeToGold(pilot);
    await cancelInPortal(pilot);
    const endDate = end.toISOString();

    // Before the notice window: nothing yet.
    t.clock.set(new Date(end.getTime() - SUBSCRIPTION_ENDING_NOTICE_MS - 3_600_000));
    await runJobs();
    expect(await subscriptionNotices(pilot)).toEqual([]);

    // Inside it: told once, however often the job runs.
    t.clock.set(new Date(end.getTime() - SUBSCRIPTION_ENDING_NOTICE_MS + 3_600_000));
    await runJobs();
    t.clock.advanceMs(3_600_000);
    await runJobs();
    expect(await subscriptionNotices(pilot)).toEqual([{ type: 'SUBSCRIPTION_ENDING', data: { code: 'GOLD', endDate } }]);

    // Past the end: premium lapses and the pilot is told, once.
    t.clock.set(new Date(end.getTime() + 1000));
    await runJobs();
    t.clock.advanceMs(3_600_000);
    await runJobs();
    expect((await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now())).active).toEqual([]);
    const notices = await subscriptionNotices(pilot);
    expect(notices.map((n) => n.type)).toEqual(['SUBSCRIPTION_ENDING', 'SUBSCRIPTION_ENDED']);
    expect(notices[0]!.data).toEqual({ code: 'GOLD', endDate });
    // The provider's cancellation event states the end in whole seconds (as Stripe's do).
    expect(notices[1]!.data).toEqual({ code: 'GOLD', endDate: expect.any(String) });
    expect(Math.abs(Date.parse(String(notices[1]!.data.endDate)) - end.getTime())).toBeLessThan(1000);
  });

  it('says nothing about a subscription that renews at its end', async () => {
    const pilot = await createSignedInUser(t.app);
    const end = await subscribeToGold(pilot);
    t.clock.set(new Date(end.getTime() - SUBSCRIPTION_ENDING_NOTICE_MS + 3_600_000));
    await runJobs();
    // The sandbox renews at period end (its clock job runs before the expiry job).
    t.clock.set(new Date(end.getTime() + 1000));
    await runJobs();
    expect((await listUserSubscriptions(t.app.deps.db, pilot.user.id, t.clock.now())).active.map((a) => a.code)).toEqual(['GOLD']);
    expect(await subscriptionNotices(pilot)).toEqual([]);
  });
});
