import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/user/user.schema';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { creditUser, debitUser } from '../../src/modules/wallet/wallet.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { walletRoutes } from '@contrail/domain/wallet/wallet-routes';

const insertUser = async (t: TestApp) => {
  const id = randomUUID();
  const name = `pilot${id.slice(0, 8)}`;
  await t.app.deps.db.insert(users).values({ id, userName: name, mfId: `MF${id.slice(0, 8)}`, email: `${name}@example.com`, passwordHash: 'x' });
  const { token } = await t.app.accessTokens.issue({ id, userName: name }, new Date());
  return { id, name, token };
};

const bonus = { category: 'MF_BONUS' as const, reason: 'test' };

describe('wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the balance equal to the sum of successful transactions, and never below zero under concurrent debits', async () => {
    const pilot = await insertUser(t);
    const db = t.app.deps.db;
    await creditUser(db, { userId: pilot.id, currency: 'MFC', amount: 100, categoryData: bonus, description: 'welcome', idempotencyKey: randomUUID(), executionDate: t.clock.now() });
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        db.transaction((tx) =>
          debitUser(tx, { userId: pilot.id, currency: 'MFC', amount: 30, categoryData: bonus, description: 'spend', idempotencyKey: randomUUID(), executionDate: t.clock.now() }),
        ),
      ),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    const rejected = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    expect(rejected.every((a) => (a.reason as { code?: string }).code === 'ERR_0021')).toBe(true);
    const [row] = await db.select({ mfc: users.walletMfc }).from(users).where(eq(users.id, pilot.id));
    expect(row?.mfc).toBe(10);
    expect(await sumUserTransactions(db, pilot.id, 'MFC')).toBe(10);
  });

  it('pages a pilot own transactions newest first, filtered by category', async () => {
    const pilot = await insertUser(t);
    const db = t.app.deps.db;
    for (let i = 1; i <= 3; i += 1) {
      t.clock.advanceMs(1000);
      await creditUser(db, {
        userId: pilot.id,
        currency: 'MFC',
        amount: i * 10,
        categoryData: { category: 'FLIGHT_REVENUE', flightNumber: `CTR${i}`, departureAirport: 'EGLL', arrivalAirport: 'LFPG' },
        description: `flight ${i}`,
        idempotencyKey: randomUUID(),
        executionDate: t.clock.now(),
      });
    }
    await creditUser(db, { userId: pilot.id, currency: 'MFC', amount: 5, categoryData: bonus, description: 'bonus', idempotencyKey: randomUUID(), executionDate: t.clock.now() });

    const response = await api(t.app, { authorization: `Bearer ${pilot.token}` }).inject(walletRoutes.userTransactions, { params: { userId: pilot.id, type: 'MFC' }, query: { page: '0', page_size: '2', categories: 'FLIGHT_REVENUE' } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ totalItems: number; totalPages: number; items: { amount: number }[] }>();
    expect(body.totalItems).toBe(3);
    expect(body.totalPages).toBe(2);
    expect(body.items.map((item) => item.amount)).toEqual([30, 20]);
    expect(body.items[0]).toMatchObject({
      transactionType: 'CREDIT',
      transactionState: 'SUCCESS',
      transactionCategory: { category: 'FLIGHT_REVENUE', flightNumber: 'CTR3' },
    });
  });

  it("refuses another pilot's wallet and bad queries", async () => {
    const owner = await insertUser(t);
    const other = await insertUser(t);
    const asOther = { authorization: `Bearer ${other.token}` };
    const forbidden = await api(t.app, asOther).inject(walletRoutes.userTransactions, { params: { userId: owner.id, type: 'MFC' } });
    expect(forbidden.statusCode).toBe(403);
    const badType = await api(t.app, asOther).injectLoose(walletRoutes.userTransactions, { params: { userId: other.id, type: 'GOLD' } });
    expect(badType.statusCode).toBe(400);
    const badCategory = await api(t.app, asOther).inject(walletRoutes.userTransactions, { params: { userId: other.id, type: 'MFC' }, query: { categories: 'NOPE' } });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    const anonymous = await api(t.app).inject(walletRoutes.userTransactions, { params: { userId: other.id, type: 'MFC' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
