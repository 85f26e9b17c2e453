import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlines } from '../../src/modules/airline/airline.schema';
import { users } from '../../src/modules/user/user.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { sumTransactions } from '../../src/modules/wallet/wallet.repository';
import {
  creditAirline,
  creditUser,
  debitAirline,
  planTransaction,
  settleDueTransactions,
  settleTransaction,
} from '../../src/modules/wallet/wallet.service';
import { createUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const bonus = { category: 'MF_BONUS' as const, reason: 'test' };
const hubRent = { category: 'HUB_OPERATIONAL_COST' as const, hubAirportIdent: 'LFPG' };
const HOUR_MS = 3_600_000;

describe('wallets of users and airlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const db = () => t.app.deps.db;

  const makeAirline = async (funds = 0) => {
    const owner = await createUser(t.app);
    const [airline] = await db()
      .insert(airlines)
      .values({ ownerId: owner.user.id, name: `Air ${uniqueSuffix()}`, code: uniqueSuffix().slice(0, 3).toUpperCase() })
      .returning();
    await creditAirline(db(), { airlineId: airline!.id, amount: funds, categoryData: bonus, description: 'funds', idempotencyKey: `test:${randomUUID()}`, executionDate: t.clock.now() });
    return airline!;
  };
  const airlineBalance = async (airlineId: string) =>
    (await db().select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, airlineId)))[0]?.balance;
  const userFc = async (userId: string) => (await db().select({ fc: users.walletMfc }).from(users).where(eq(users.id, userId)))[0]?.fc;

  it('pays once when the same operation is paid concurrently with one key', async () => {
    const { user } = await createUser(t.app);
    const idempotencyKey = `flight-log:${randomUUID()}:fc`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        db().transaction((tx) =>
          creditUser(tx, { userId: user.id, currency: 'MFC', amount: 120, categoryData: bonus, description: 'flight', idempotencyKey, executionDate: t.clock.now() }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(5);
    expect(await userFc(user.id)).toBe(120);
    expect(await db().select().from(walletTransactions).where(eq(walletTransactions.idempotencyKey, idempotencyKey))).toHaveLength(1);
    // A retry later pays nothing either.
    expect(
      await creditUser(db(), { userId: user.id, currency: 'MFC', amount: 120, categoryData: bonus, description: 'flight', idempotencyKey, executionDate: t.clock.now() }),
    ).toBe('duplicate');
    expect(await userFc(user.id)).toBe(120);
  });

  it("keeps an airline's balance on its row, equal to its successful transactions; ERR_0013 when short", async () => {
    const airline = await makeAirline();
    const pay = { airlineId: airline.id, categoryData: hubRent, description: 'hub', executionDate: t.clock.now() };
    expect(await creditAirline(db(), { ...pay, amount: 1000, idempotencyKey: `test:${randomUUID()}` })).toBe('applied');
    expect(await debitAirline(db(), { ...pay, amount: 400, idempotencyKey: `test:${randomUUID()}` })).toBe('applied');
    const shortKey = `test:${randomUUID()}`;
    await expect(debitAirline(db(), { ...pay, amount: 601, idempotencyKey: shortKey })).rejects.toMatchObject({ code: 'ERR_0013', httpStatus: 422 });
    expect(await airlineBalance(airline.id)).toBe(600);
    expect(await sumTransactions(db(), { airlineId: airline.id }, 'MFC')).toBe(600);
    // The refused debit left no row, so its key can pay once there is money.
    expect(await db().select().from(walletTransactions).where(eq(walletTransactions.idempotencyKey, shortKey))).toHaveLength(0);
  });

  it('refuses a row with both owners or none (check constraint)', async () => {
    const airline = await makeAirline();
    const { user } = await createUser(t.app);
    const row = {
      currency: 'MFC' as const,
      transactionType: 'CREDIT' as const,
      transactionState: 'SUCCESS' as const,
      amount: 1,
      category: 'MF_BONUS',
      categoryData: bonus,
      description: 'x',
      executionDate: t.clock.now(),
    };
    await expect(db().insert(walletTransactions).values({ ...row, userId: user.id, airlineId: airline.id, idempotencyKey: randomUUID() })).rejects.toThrow();
    await expect(db().insert(walletTransactions).values({ ...row, idempotencyKey: randomUUID() })).rejects.toThrow();
  });

  it('settles a planned transaction once when two settlement runs race, and a failed one when money arrives', async () => {
    const airline = await makeAirline(500);
    const due = new Date(t.clock.now().getTime() - HOUR_MS);
    const plan = (amount: number) =>
      planTransaction(db(), {
        owner: { airlineId: airline.id },
        currency: 'MFC',
        transactionType: 'DEBIT',
        amount,
        categoryData: hubRent,
        description: 'hub rent',
        idempotencyKey: `hub-rent:${randomUUID()}`,
        dueDate: due,
      });
    const rent = await plan(300);
    expect(rent).toBeDefined();
    expect(await airlineBalance(airline.id)).toBe(500); // planned: not paid yet

    const runs = await Promise.all([settleTransaction(db(), rent!, t.clock.now()), settleTransaction(db(), rent!, t.clock.now())]);
    expect(runs.sort()).toEqual(['not-pending', 'paid']);
    expect(await airlineBalance(airline.id)).toBe(200);

    // Two whole settlement runs at once: still one payment each.
    const big = await plan(250);
    const small = await plan(150);
    const [first, second] = await Promise.all([settleDueTransactions(db(), t.clock.now()), settleDueTransactions(db(), t.clock.now())]);
    const paid = first.paid + second.paid;
    const failed = first.failed + second.failed;
    expect(paid + failed).toBe(2);
    expect(await airlineBalance(airline.id)).toBe(await sumTransactions(db(), { airlineId: airline.id }, 'MFC'));
    const states = await db()
      .select({ id: walletTransactions.id, state: walletTransactions.transactionState })
      .from(walletTransactions)
      .where(eq(walletTransactions.airlineId, airline.id));
    const stateOf = (id: string | undefined) => states.find((row) => row.id === id)?.state;
    // 200 covers one of them: whichever ran first.
    expect([stateOf(big), stateOf(small)].sort()).toEqual(['FAILED', 'SUCCESS']);

    const failedId = stateOf(big) === 'FAILED' ? big! : small!;
    await creditAirline(db(), { airlineId: airline.id, amount: 1000, categoryData: bonus, description: 'top-up', idempotencyKey: `test:${randomUUID()}`, executionDate: t.clock.now() });
    const before = await airlineBalance(airline.id);
    const retries = await Promise.all([settleTransaction(db(), failedId, t.clock.now()), settleTransaction(db(), failedId, t.clock.now())]);
    expect(retries.filter((outcome) => outcome === 'paid')).toHaveLength(1);
    expect(before! - (await airlineBalance(airline.id))!).toBe(failedId === big ? 250 : 150);
    expect(await settleTransaction(db(), failedId, t.clock.now())).toBe('not-pending');
  });
});
