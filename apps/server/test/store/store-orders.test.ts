import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoosterPack, TItemCategory, TItemPage, TOrderResponse, TSubscription, TInventoryPage } from '@contrail/domain/store/store-contract';
import { coupons, inventoryItems, orders, storeItems } from '../../src/modules/store/store.schema';
import { users } from '../../src/modules/user/user.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { creditUser } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { licenceRoutes } from '@contrail/domain/reference/licence-routes';
import { storeRoutes } from '@contrail/domain/store/store-routes';

const bonus = { category: 'MF_BONUS' as const, reason: 'test' };

describe('store catalogue and FC orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const fund = async (pilot: SignedInUser, amount: number) =>
    creditUser(t.app.deps.db, { userId: pilot.user.id, currency: 'MFC', amount, categoryData: bonus, description: 'fund', idempotencyKey: `fund:${randomUUID()}`, executionDate: t.clock.now() });
  const balance = async (userId: string) => {
    const [row] = await t.app.deps.db.select({ mfc: users.walletMfc, miles: users.walletMiles }).from(users).where(eq(users.id, userId));
    return row!;
  };
  const itemBySlug = async (slug: string) => (await t.app.deps.db.select().from(storeItems).where(eq(storeItems.slug, slug)))[0]!;
  const order = (pilot: SignedInUser, payload: object) =>
    api(t.app, pilot.headers).injectLoose(storeRoutes.placeOrder, { params: { userId: pilot.user.id }, body: payload });

  it('shows the seeded catalogue: items by category and filters, active categories, packs and subscriptions', async () => {
    const categories = (await api(t.app).inject(storeRoutes.activeCategories)).json<TItemCategory[]>();
    expect(categories.map((c) => c.name)).toEqual(['Aircraft', 'Hangars', 'Boosters', 'Badges', 'Licences']);
    const aircraft = (await api(t.app).inject(storeRoutes.items, { query: { categoryId: categories[0]!.id, size: '2' } })).json<TItemPage>();
    expect(aircraft.items).toHaveLength(2);
    expect(aircraft.totalItems).toBe(5);
    expect(aircraft.totalPages).toBe(3);
    expect(aircraft.items.every((i) => i.typeName === 'AIRCRAFT' && i.aircraftIcao && i.planeCategory)).toBe(true);
    const legendary = (await api(t.app).inject(storeRoutes.items, { query: { rarity: 'legendary' } })).json<TItemPage>();
    expect(legendary.items.map((i) => i.hangarSize)).toEqual(['LARGE']);
    const searched = (await api(t.app).inject(storeRoutes.items, { query: { search: 'b789' } })).json<TItemPage>();
    expect(searched.items.map((i) => i.name)).toEqual(['Boeing 787-9']);
    const packs = (await api(t.app).inject(storeRoutes.packs)).json<TBoosterPack[]>();
    expect(packs.length).toBeGreaterThanOrEqual(3);
    const plans = (await api(t.app).inject(storeRoutes.subscriptions)).json<TSubscription[]>();
    expect(plans).toHaveLength(12);
    const goldAnnual = plans.find((p) => p.code === 'GOLD' && p.type === 'ANNUAL')!;
    expect(goldAnnual.savingPercent).toBe(20);
    expect(plans.every((p) => p.savingPercent <= 20)).toBe(true);
    expect((await api(t.app).inject(storeRoutes.items, { query: { size: '1000' } })).statusCode).toBe(400);
  });

  it('buys a miles booster with FC: wallet debited, item in the inventory, miles credited, all in one go', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 5_000);
    const booster = await itemBySlug('miles-booster-instant');
    const response = await order(pilot, { items: [{ itemId: booster.id, quantity: 2 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(response.statusCode).toBe(200);
    const body = response.json<TOrderResponse>();
    expect(body).toMatchObject({ state: 'PAID', totalFc: 3_000, checkout: null });
    expect(await balance(pilot.user.id)).toEqual({ mfc: 2_000, miles: 2_000 });
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MFC')).toBe(2_000);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MILES')).toBe(2_000);
    const inventory = (
      await api(t.app, pilot.headers).inject(storeRoutes.userInventory, { params: { userId: pilot.user.id }, query: { search: 'miles' } })
    ).json<TInventoryPage>();
    expect(inventory.items).toHaveLength(1);
    expect(inventory.items[0]).toMatchObject({ name: 'Miles booster: 1,000 miles', quantity: 2, typeName: 'MILES_BOOSTER', converted: false });
    const [debit] = await t.app.deps.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, pilot.user.id), eq(walletTransactions.transactionType, 'DEBIT')));
    expect(debit?.categoryData).toEqual({ category: 'ITEM_PURCHASE', itemNames: 'Miles booster: 1,000 miles x2' });
  });

  it('buys through POST /v1/user-item, and refuses another user, a short wallet (ERR_0021) and airline items in the pilot context', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    await fund(pilot, 1_000);
    const badge = await itemBySlug('badge-night-owl');
    const ok = await api(t.app, pilot.headers).inject(storeRoutes.buyItem, { body: { userId: pilot.user.id, itemId: badge.id, quantity: 1, context: 'pilot' } });
    expect(ok.json()).toMatchObject({ state: 'PAID', totalFc: 800 });
    const foreign = await api(t.app, other.headers).inject(storeRoutes.buyItem, { body: { userId: pilot.user.id, itemId: badge.id, quantity: 1, context: 'pilot' } });
    expect(foreign.statusCode).toBe(403);
    const short = await api(t.app, pilot.headers).inject(storeRoutes.buyItem, { body: { userId: pilot.user.id, itemId: badge.id, quantity: 1, context: 'pilot' } });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ success: false, errorCode: 'ERR_0021' });
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 200 });
    await fund(pilot, 100_000);
    const plane = await itemBySlug('aircraft-c208');
    const wrong = await order(pilot, { items: [{ itemId: plane.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errorCode: 'ITEM_WRONG_CONTEXT' });
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 100_200 });
  });

  it('sells a type rating once: the pilot may fly its aircraft at once, a second purchase is refused and nothing is kept in the inventory', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 10_000);
    const mayFlyCaravan = async () => (await api(t.app, pilot.headers).inject(licenceRoutes.pilotAircraft, { params: { id: pilot.user.id } })).json<{ aircraftsIcao: string[] }[]>().some((licence) => licence.aircraftsIcao.includes('C208'));
    expect(await mayFlyCaravan()).toBe(false);
    const rating = await itemBySlug('licence-set');
    expect(rating).toMatchObject({ type: 'LICENCE', licenceCode: 'SET' });
    const bought = await order(pilot, { items: [{ itemId: rating.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 10_000 - rating.price });
    expect(await mayFlyCaravan()).toBe(true);
    const inventory = (await api(t.app, pilot.headers).inject(storeRoutes.userInventory, { params: { userId: pilot.user.id } })).json<TInventoryPage>();
    expect(inventory.items).toEqual([]);

    const again = await order(pilot, { items: [{ itemId: rating.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'CONFLICT', field: 'items' });
    const twice = await order(pilot, { items: [{ itemId: (await itemBySlug('licence-mep')).id, quantity: 2 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(twice.statusCode).toBe(409);
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 10_000 - rating.price });
  });

  it('changes nothing when an order fails halfway (the second item is short of stock after the first was taken)', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 50_000);
    const booster = await itemBySlug('miles-booster-week');
    const founder = await itemBySlug('badge-night-owl');
    await t.app.deps.db.update(storeItems).set({ stock: 1 }).where(eq(storeItems.id, founder.id));
    await t.app.deps.db.update(storeItems).set({ stock: 5 }).where(eq(storeItems.id, booster.id));
    const before = await t.app.deps.db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.userId, pilot.user.id));
    const response = await order(pilot, {
      items: [
        { itemId: booster.id, quantity: 2 },
        { itemId: founder.id, quantity: 2 },
      ],
      payment: { type: 'WALLET' },
      context: 'pilot',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'ITEM_OUT_OF_STOCK' });
    expect((await itemBySlug('miles-booster-week')).stock).toBe(5);
    expect((await itemBySlug('badge-night-owl')).stock).toBe(1);
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 50_000 });
    const after = await t.app.deps.db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.userId, pilot.user.id));
    expect(after).toEqual(before);
    expect(await t.app.deps.db.select().from(orders).where(eq(orders.userId, pilot.user.id))).toEqual([]);
    await t.app.deps.db.update(storeItems).set({ stock: null }).where(eq(storeItems.id, founder.id));
    await t.app.deps.db.update(storeItems).set({ stock: null }).where(eq(storeItems.id, booster.id));
  });

  it('puts the stock back when the wallet debit fails after the stock was taken (ERR_0021)', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 100);
    const badge = await itemBySlug('badge-night-owl');
    await t.app.deps.db.update(storeItems).set({ stock: 3 }).where(eq(storeItems.id, badge.id));
    const response = await order(pilot, { items: [{ itemId: badge.id, quantity: 2 }], payment: { type: 'WALLET' } });
    expect(response.json()).toMatchObject({ success: false, errorCode: 'ERR_0021' });
    expect((await itemBySlug('badge-night-owl')).stock).toBe(3);
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 100 });
    expect(await t.app.deps.db.select().from(inventoryItems).where(eq(inventoryItems.userId, pilot.user.id))).toEqual([]);
    const single = await api(t.app).inject(storeRoutes.item, { params: { id: badge.id } });
    expect(single.json()).toMatchObject({ name: 'Night owl badge', stock: 3, currencySymbol: 'FC' });
    await t.app.deps.db.update(storeItems).set({ stock: null }).where(eq(storeItems.id, badge.id));
  });

  it('applies a coupon once per redemption and refuses an unknown one without charging', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 10_000);
    await t.app.deps.db.insert(coupons).values({ code: 'WELCOME25', percentOff: 25, maxRedemptions: 1 });
    const booster = await itemBySlug('miles-booster-week');
    const first = await order(pilot, { items: [{ itemId: booster.id, quantity: 1 }], coupons: ['welcome25'], payment: { type: 'WALLET' } });
    expect(first.json()).toMatchObject({ state: 'PAID', totalFc: 1_875 });
    const second = await order(pilot, { items: [{ itemId: booster.id, quantity: 1 }], coupons: ['WELCOME25'], payment: { type: 'WALLET' } });
    expect(second.json()).toMatchObject({ errorCode: 'INVALID_COUPON' });
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 8_125 });
  });

  it('never overspends one balance under 100 concurrent orders, and the balance equals the sum of its transactions', async () => {
    const pilot = await createSignedInUser(t.app);
    await fund(pilot, 800 * 37 + 500);
    const badge = await itemBySlug('badge-night-owl');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => order(pilot, { items: [{ itemId: badge.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' })),
    );
    const paid = responses.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(37);
    expect(responses.filter((r) => r.statusCode === 422).every((r) => r.json<{ errorCode: string }>().errorCode === 'ERR_0021')).toBe(true);
    expect(responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 422)).toHaveLength(0);
    expect(await balance(pilot.user.id)).toMatchObject({ mfc: 500 });
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MFC')).toBe(500);
    const owned = await t.app.deps.db.select().from(inventoryItems).where(eq(inventoryItems.userId, pilot.user.id));
    expect(owned).toHaveLength(37);
  });

  it('never oversells the last item in stock under 100 concurrent orders', async () => {
    const badge = await itemBySlug('badge-night-owl');
    await t.app.deps.db.update(storeItems).set({ stock: 1 }).where(eq(storeItems.id, badge.id));
    const pilots = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(t.app)));
    for (const pilot of pilots) await fund(pilot, 10_000);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => order(pilots[i % 10]!, { items: [{ itemId: badge.id, quantity: 1 }], payment: { type: 'WALLET' } })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect((await itemBySlug('badge-night-owl')).stock).toBe(0);
    const totalSpent = (await Promise.all(pilots.map((p) => balance(p.user.id)))).reduce((sum, b) => sum + (10_000 - b.mfc), 0);
    expect(totalSpent).toBe(800);
    await t.app.deps.db.update(storeItems).set({ stock: null }).where(eq(storeItems.id, badge.id));
  });
});
