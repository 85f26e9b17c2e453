import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAirlineWalletHistory } from '@contrail/domain/airline/airline-contract';
import { hangarCosts } from '@contrail/domain/economy/airline-economy';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { insertPlannedTransaction } from '../../src/modules/wallet/wallet.repository';
import { creditAirline, debitAirline } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, createAirlineFor, giveAirlineItem, premiumManager, seedAirlineReference } from './airline-fixtures';
import { api } from '../support/api';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';

/** Issue 17: the airline's income and costs per calendar month, and quotes at the airline's own difficulty. */
describe('airline finance over time and quotes at the airline difficulty', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let outsider: SignedInUser;
  let stranger: SignedInUser;
  let airlineId: string;
  let otherAirlineId: string;

  const call = (user: SignedInUser | null, url: string) => t.app.inject({ method: 'GET', url: `${API}${url}`, ...(user ? { headers: user.headers } : {}) });
  /** The first instant of the UTC month `back` months before the current one. */
  const monthStart = (back: number) => {
    const now = t.clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  };
  let sequence = 0;
  const credit = (id: string, amount: number, executionDate: Date) => {
    sequence += 1;
    return creditAirline(t.app.deps.db, { airlineId: id, amount, executionDate, idempotencyKey: `history-test:${sequence}`, description: 'Capital', categoryData: { category: 'MF_BONUS', reason: 'Test' } });
  };
  const debit = (id: string, amount: number, executionDate: Date) => {
    sequence += 1;
    return debitAirline(t.app.deps.db, {
      airlineId: id,
      amount,
      executionDate,
      idempotencyKey: `history-test:${sequence}`,
      description: 'Hub rent',
      categoryData: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: 'LFPG' },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    outsider = await createSignedInUser(t.app);
    airlineId = await createAirlineFor(t.app, owner, { gameDifficulty: 'EASY' });
    stranger = await premiumManager(t.app);
    otherAirlineId = await createAirlineFor(t.app, stranger);
    // Three months back: income only. Two back: income and a cost. The last instant of last month
    // and the first of this one fall on either side of the month line (UTC).
    await credit(airlineId, 1_000, new Date(monthStart(3).getTime() + 5 * 86_400_000));
    await credit(airlineId, 700, new Date(monthStart(2).getTime() + 86_400_000));
    await debit(airlineId, 300, new Date(monthStart(2).getTime() + 2 * 86_400_000));
    await debit(airlineId, 40, new Date(monthStart(0).getTime() - 1));
    await credit(airlineId, 25, monthStart(0));
    // Outside the window of 4 months, another airline's, and rows that moved no money: none counts.
    await credit(airlineId, 9_999, new Date(monthStart(4).getTime() + 86_400_000));
    await credit(otherAirlineId, 5_555, monthStart(1));
    await insertPlannedTransaction(t.app.deps.db, {
      owner: { airlineId },
      currency: 'MFC',
      transactionType: 'DEBIT',
      amount: 777,
      categoryData: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: 'LFPG' },
      description: 'Planned rent',
      idempotencyKey: 'history-test:planned',
      dueDate: monthStart(1),
    });
    const [failed] = await t.app.deps.db
      .insert(walletTransactions)
      .values({
        airlineId,
        currency: 'MFC',
        transactionType: 'DEBIT',
        transactionState: 'FAILED',
        amount: 888,
        category: 'HUB_OPERATIONAL_COST',
        categoryData: { category: 'HUB_OPERATIONAL_COST', hubAirportIdent: 'LFPG' },
        description: 'Failed rent',
        idempotencyKey: 'history-test:failed',
        executionDate: monthStart(1),
      })
      .returning();
    expect(failed).toBeDefined();
  });
  afterAll(async () => t.close());

  describe('GET /airline/{id}/wallet/history', () => {
    it('sums the executed transactions per UTC month, oldest first, split by category', async () => {
      const response = await call(owner, `/airline/${airlineId}/wallet/history?months=4`);
      expect(response.statusCode, response.body).toBe(200);
      const history = response.json<TAirlineWalletHistory>();
      expect(history.months.map((month) => month.month)).toEqual([3, 2, 1, 0].map((back) => monthStart(back).toISOString().slice(0, 7)));
      const [threeBack, twoBack, lastMonth, thisMonth] = history.months;
      expect(threeBack).toEqual({ month: monthStart(3).toISOString().slice(0, 7), income: 1_000, costs: 0, byCategory: [{ category: 'MF_BONUS', income: 1_000, costs: 0 }] });
      expect(twoBack).toMatchObject({ income: 700, costs: 300 });
      expect(twoBack!.byCategory).toEqual([
        { category: 'HUB_OPERATIONAL_COST', income: 0, costs: 300 },
        { category: 'MF_BONUS', income: 700, costs: 0 },
      ]);
      // The planned (777) and failed (888) rows and the other airline's credit are not there.
      expect(lastMonth).toEqual({ month: monthStart(1).toISOString().slice(0, 7), income: 0, costs: 40, byCategory: [{ category: 'HUB_OPERATIONAL_COST', income: 0, costs: 40 }] });
      expect(thisMonth!.income).toBeGreaterThanOrEqual(25);

      // The law: each month's figures are the sums of the airline's SUCCESS rows dated in it (this
      // month also holds what creating the airline charged), and each month's categories add up.
      const rows = await t.app.deps.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.transactionState, 'SUCCESS')));
      for (const month of history.months) {
        const inMonth = rows.filter((row) => row.executionDate.toISOString().slice(0, 7) === month.month);
        expect(month.income).toBe(inMonth.filter((row) => row.transactionType === 'CREDIT').reduce((sum, row) => sum + row.amount, 0));
        expect(month.costs).toBe(inMonth.filter((row) => row.transactionType === 'DEBIT').reduce((sum, row) => sum + row.amount, 0));
        expect(month.byCategory.reduce((sum, share) => sum + share.income, 0)).toBe(month.income);
        expect(month.byCategory.reduce((sum, share) => sum + share.costs, 0)).toBe(month.costs);
      }
    });

    it('shows 6 months by default, zeros where nothing was executed', async () => {
      const history = (await call(owner, `/airline/${airlineId}/wallet/history`)).json<TAirlineWalletHistory>();
      expect(history.months).toHaveLength(6);
      expect(history.months[0]).toEqual({ month: monthStart(5).toISOString().slice(0, 7), income: 0, costs: 0, byCategory: [] });
      // Four months back holds the 9,999 credit left out of the 4-month window.
      expect(history.months[1]!.income).toBe(9_999);
      expect((await call(owner, `/airline/${airlineId}/wallet/history?months=24`)).json<TAirlineWalletHistory>().months).toHaveLength(24);
    });

    it('refuses a pilot outside the airline (403) and a signed-out caller (401)', async () => {
      const refused = await call(outsider, `/airline/${airlineId}/wallet/history`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
      expect((await call(owner, `/airline/${otherAirlineId}/wallet/history`)).statusCode).toBe(403);
      expect((await call(null, `/airline/${airlineId}/wallet/history`)).statusCode).toBe(401);
    });

    it('answers 400 in the action shape for months outside 1..24 or not a whole number', async () => {
      for (const months of ['0', '25', '-1', '1.5', 'abc', '']) {
        const response = await call(owner, `/airline/${airlineId}/wallet/history?months=${months}`);
        expect(response.statusCode, `months=${months}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ success: false, message: expect.any(String), errorCode: expect.any(String) });
      }
    });
  });

  describe('GET /airline/{id}/wallet by state and category', () => {
    type TPage = { items: { amount: number; transactionState: string; transactionCategory: { category: string } }[]; totalItems: number };
    const list = async (query: string) => {
      const response = await call(owner, `/airline/${airlineId}/wallet?size=100&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<TPage>();
    };

    it('keeps only the categories asked, with or without states', async () => {
      // The airline's own rows of that category (creating the airline planned its main hub's rent too).
      const rows = (await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.airlineId, airlineId))).filter((row) => row.category === 'HUB_OPERATIONAL_COST');
      const amounts = (items: { amount: number }[]) => items.map((item) => item.amount).sort((a, b) => a - b);
      const hubCosts = await list('categories=HUB_OPERATIONAL_COST');
      expect(amounts(hubCosts.items)).toEqual(amounts(rows));
      expect(amounts(hubCosts.items)).toEqual(expect.arrayContaining([40, 300, 777, 888]));
      const unpaid = await list('categories=HUB_OPERATIONAL_COST&states=PLANNED,FAILED');
      expect(amounts(unpaid.items)).toEqual(amounts(rows.filter((row) => row.transactionState !== 'SUCCESS')));
      expect(amounts(unpaid.items)).toEqual(expect.arrayContaining([777, 888]));
      expect(amounts((await list('categories=HUB_OPERATIONAL_COST&states=SUCCESS')).items)).toEqual([40, 300]);
      expect((await list('categories=JUMPSEAT')).totalItems).toBe(0);
    });

    it('counts, for several categories, exactly the airline rows of those categories', async () => {
      const both = await list('categories=MF_BONUS,HUB_OPERATIONAL_COST');
      const rows = await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.airlineId, airlineId));
      expect(both.totalItems).toBe(rows.filter((row) => row.category === 'MF_BONUS' || row.category === 'HUB_OPERATIONAL_COST').length);
      expect(new Set(both.items.map((item) => item.transactionCategory.category))).toEqual(new Set(['MF_BONUS', 'HUB_OPERATIONAL_COST']));
      // Without the filter, every row of the airline.
      expect((await list('')).totalItems).toBe(rows.length);
    });

    it('answers 400 for an unknown category', async () => {
      const response = await call(owner, `/airline/${airlineId}/wallet?categories=HUB_OPERATIONAL_COST,NOPE`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    });
  });

  describe('quotes at the airline difficulty', () => {
    it('prices a hangar at REALIST without an airline, at the airline difficulty with one, as buying charges', async () => {
      const realist = (await call(outsider, '/airline/hangar/airport/LFPG/cost?type=SMALL')).json<{ licenceCost: number }>();
      expect(realist).toEqual({ airportIdent: 'LFPG', hangarType: 'SMALL', ...hangarCosts('SMALL', 'REALIST') });
      const easy = await call(owner, `/airline/hangar/airport/LFPG/cost?type=SMALL&airlineId=${airlineId}`);
      expect(easy.statusCode, easy.body).toBe(200);
      expect(easy.json()).toEqual({ airportIdent: 'LFPG', hangarType: 'SMALL', ...hangarCosts('SMALL', 'EASY') });
      expect(easy.json<{ licenceCost: number }>().licenceCost).toBeLessThan(realist.licenceCost);

      // The quote is what building the hangar debits.
      const hubs = (await call(owner, `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>();
      const itemId = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'SMALL' });
      const built = await api(t.app, owner.headers).inject(airlineAssetRoutes.buildHangar, { params: { id: airlineId }, body: { hubId: hubs.items[0]!.id, itemId } });
      expect(built.statusCode, built.body).toBe(201);
      const [fee] = await t.app.deps.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.category, 'HANGAR_OPENING_FEE')));
      expect(fee?.amount).toBe(easy.json<{ licenceCost: number }>().licenceCost);
    });

    it('prices a traffic right at the airline difficulty with one, as buying charges', async () => {
      const realist = (await call(outsider, '/traffic-right/iso/GB/cost')).json<{ isoCountry: string; licenceCost: number }>();
      const easy = await call(owner, `/traffic-right/iso/GB/cost?airlineId=${airlineId}`);
      expect(easy.statusCode, easy.body).toBe(200);
      expect(easy.json<{ licenceCost: number }>().licenceCost).toBeLessThan(realist.licenceCost);
      // A REALIST airline's quote is the plain one.
      expect((await call(stranger, `/traffic-right/iso/GB/cost?airlineId=${otherAirlineId}`)).json()).toEqual(realist);

      const bought = await api(t.app, owner.headers).inject(airlineAssetRoutes.buyTrafficRight, { params: { id: airlineId }, body: { isoCountry: 'GB' } });
      expect(bought.statusCode, bought.body).toBe(201);
      const [licence] = await t.app.deps.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.airlineId, airlineId), eq(walletTransactions.category, 'TRAFFIC_RIGHT_LICENCE_COST')));
      expect(licence?.amount).toBe(easy.json<{ licenceCost: number }>().licenceCost);
    });

    it("refuses a quote for an airline the caller is not a member of (403), and a malformed airlineId (400)", async () => {
      for (const url of [`/airline/hangar/airport/LFPG/cost?type=SMALL&airlineId=${airlineId}`, `/traffic-right/iso/GB/cost?airlineId=${airlineId}`]) {
        const refused = await call(outsider, url);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
      }
      expect((await call(owner, `/traffic-right/iso/GB/cost?airlineId=${otherAirlineId}`)).statusCode).toBe(403);
      const malformed = await call(owner, '/traffic-right/iso/GB/cost?airlineId=not-a-uuid');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ success: false });
    });
  });
});
