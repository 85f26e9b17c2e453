import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../../src/db/database';
import { airlineBalanceBook } from '../../src/modules/airline/airline-balance';
import { airlines } from '../../src/modules/airline/airline.schema';
import { userBalanceBook } from '../../src/modules/user/user-balance';
import { users } from '../../src/modules/user/user.schema';
import { balanceBooks } from '../../src/modules/wallet/balance-book.port';
import { createUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// The wallet moves running balances through one balance book per owner kind, kept by the module
// that owns the row: these checks run each book on the real database, as the wallet calls it.
describe('balance books of users and airlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const db = () => t.app.deps.db;

  const userBalances = async (userId: string) =>
    (await db().select({ mfc: users.walletMfc, xp: users.walletXp, miles: users.walletMiles }).from(users).where(eq(users.id, userId)))[0];
  const airlineBalance = async (airlineId: string) => (await db().select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airlineId)))[0]?.balance;
  const makeAirline = async () => {
    const owner = await createUser(t.app);
    const [airline] = await db()
      .insert(airlines)
      .values({ ownerId: owner.user.id, name: `Books ${uniqueSuffix()}`, code: uniqueSuffix().slice(0, 3).toUpperCase() })
      .returning();
    return airline!;
  };

  it('are the user and airline books once the app is built', () => {
    expect(balanceBooks().user).toBe(userBalanceBook);
    expect(balanceBooks().airline).toBe(airlineBalanceBook);
  });

  it("moves a user's balance in each currency and refuses a debit the balance does not cover", async () => {
    const { user } = await createUser(t.app);
    expect(await userBalanceBook.apply(db(), user.id, { currency: 'MFC', type: 'CREDIT', amount: 100 })).toBe(true);
    expect(await userBalanceBook.apply(db(), user.id, { currency: 'XP', type: 'CREDIT', amount: 7 })).toBe(true);
    expect(await userBalanceBook.apply(db(), user.id, { currency: 'MILES', type: 'CREDIT', amount: 30 })).toBe(true);

    expect(await userBalanceBook.apply(db(), user.id, { currency: 'MFC', type: 'DEBIT', amount: 101 })).toBe(false);
    expect(await userBalanceBook.apply(db(), user.id, { currency: 'MILES', type: 'DEBIT', amount: 31 })).toBe(false);
    expect(await userBalances(user.id)).toEqual({ mfc: 100, xp: 7, miles: 30 });

    expect(await userBalanceBook.apply(db(), user.id, { currency: 'MFC', type: 'DEBIT', amount: 100 })).toBe(true);
    expect(await userBalances(user.id)).toEqual({ mfc: 0, xp: 7, miles: 30 });
    expect(await userBalanceBook.apply(db(), randomUUID(), { currency: 'MFC', type: 'CREDIT', amount: 1 })).toBe(false);
  });

  it("moves an airline's FlightCoins, refuses a debit without funds and holds no other currency", async () => {
    const airline = await makeAirline();
    expect(await airlineBalanceBook.apply(db(), airline.id, { currency: 'MFC', type: 'DEBIT', amount: 1 })).toBe(false);
    expect(await airlineBalance(airline.id)).toBe(0);
    expect(await airlineBalanceBook.apply(db(), airline.id, { currency: 'MFC', type: 'CREDIT', amount: 500 })).toBe(true);
    expect(await airlineBalanceBook.apply(db(), airline.id, { currency: 'MFC', type: 'DEBIT', amount: 501 })).toBe(false);
    expect(await airlineBalanceBook.apply(db(), airline.id, { currency: 'MFC', type: 'DEBIT', amount: 200 })).toBe(true);
    expect(await airlineBalance(airline.id)).toBe(300);
    await expect(airlineBalanceBook.apply(db(), airline.id, { currency: 'XP', type: 'CREDIT', amount: 1 })).rejects.toThrow(/FlightCoins only/);
    expect(await airlineBalanceBook.apply(db(), randomUUID(), { currency: 'MFC', type: 'CREDIT', amount: 1 })).toBe(false);
  });

  it('lets only the covered one of two concurrent debits through, in either book', async () => {
    const { user } = await createUser(t.app);
    const airline = await makeAirline();
    await userBalanceBook.apply(db(), user.id, { currency: 'MFC', type: 'CREDIT', amount: 100 });
    await airlineBalanceBook.apply(db(), airline.id, { currency: 'MFC', type: 'CREDIT', amount: 100 });

    const debit = { currency: 'MFC', type: 'DEBIT', amount: 60 } as const;
    const twice = (apply: (tx: DbExecutor) => Promise<boolean>) => Promise.all([db().transaction(apply), db().transaction(apply)]);
    const userDebits = await twice((tx) => userBalanceBook.apply(tx, user.id, debit));
    const airlineDebits = await twice((tx) => airlineBalanceBook.apply(tx, airline.id, debit));

    expect(userDebits.filter(Boolean)).toHaveLength(1);
    expect(airlineDebits.filter(Boolean)).toHaveLength(1);
    expect((await userBalances(user.id))?.mfc).toBe(40);
    expect(await airlineBalance(airline.id)).toBe(40);
  });

  it('moves nothing when the caller rolls its transaction back', async () => {
    const { user } = await createUser(t.app);
    await db()
      .transaction(async (tx) => {
        expect(await userBalanceBook.apply(tx, user.id, { currency: 'XP', type: 'CREDIT', amount: 50 })).toBe(true);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await userBalances(user.id))?.xp).toBe(0);
  });
});
