import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeItems } from '../../src/modules/store/store.schema';
import { users } from '../../src/modules/user/user.schema';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { creditUser } from '../../src/modules/wallet/wallet.service';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { createSignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { storeRoutes } from '@contrail/domain/store/store-routes';

const DAY_MS = 86_400_000;

describe('miles boosters', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('pays miles per day (once per day, through the job) and per flight hour while the booster runs', async () => {
    const pilot = await createSignedInUser(t.app);
    await creditUser(t.app.deps.db, {
      userId: pilot.user.id,
      currency: 'MFC',
      amount: 2_500,
      categoryData: { category: 'MF_BONUS', reason: 'test' },
      description: 'fund',
      idempotencyKey: `fund:${pilot.user.id}`,
      executionDate: t.clock.now(),
    });
    const [week] = await t.app.deps.db.select().from(storeItems).where(eq(storeItems.slug, 'miles-booster-week'));
    const bought = await api(t.app, pilot.headers).inject(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: { items: [{ itemId: week!.id, quantity: 1 }], payment: { type: 'WALLET' } } });
    expect(bought.statusCode).toBe(200);
    const miles = async () => (await t.app.deps.db.select({ miles: users.walletMiles }).from(users).where(eq(users.id, pilot.user.id)))[0]!.miles;
    expect(await miles()).toBe(0);

    // A flight while it runs: 50 miles per flight hour on top of nothing else in miles.
    await flyShortHop(t.app, baseUrl, pilot.headers, { flightNumber: 'CTR901' });
    const afterFlight = await miles();
    expect(afterFlight).toBeGreaterThan(0);
    expect(afterFlight).toBeLessThanOrEqual(Math.ceil(50 * 3)); // the short hop lasts well under 3 hours

    // Two and a half days later: two days paid; running the job again pays nothing more.
    t.clock.advanceMs(2.5 * DAY_MS);
    await t.app.deps.jobs.runDue(t.clock.now());
    expect(await miles()).toBe(afterFlight + 200);
    await t.app.deps.jobs.runDue(new Date(t.clock.now().getTime() + 60 * 60_000 + 1));
    expect(await miles()).toBe(afterFlight + 200);
    // Past the seventh day: the remaining five days, and never more.
    t.clock.advanceMs(30 * DAY_MS);
    await t.app.deps.jobs.runDue(t.clock.now());
    expect(await miles()).toBe(afterFlight + 700);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MILES')).toBe(afterFlight + 700);
  });
});
