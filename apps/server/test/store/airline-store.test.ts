import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInventoryPage, TItemPage, TOrderResponse, TStoreItem } from '@contrail/domain/store/store-contract';
import { airlineMembers, airlines } from '../../src/modules/airline/airline.schema';
import { itemCategories, storeItems } from '../../src/modules/store/store.schema';
import { users } from '../../src/modules/user/user.schema';
import { consumeAircraftItem } from '../../src/modules/store/inventory.service';
import { creditAirline } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { storeRoutes } from '@contrail/domain/store/store-routes';

describe('airline orders, aircraft items and store administration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const createAirline = async (owner: SignedInUser, balance: number) => {
    const [airline] = await t.app.deps.db
      .insert(airlines)
      .values({ ownerId: owner.user.id, name: `Airline ${randomUUID().slice(0, 6)}`, code: randomUUID().slice(0, 3).toUpperCase() })
      .returning();
    await t.app.deps.db.insert(airlineMembers).values({ airlineId: airline!.id, userId: owner.user.id, role: 'OWNER' });
    await creditAirline(t.app.deps.db, {
      airlineId: airline!.id,
      amount: balance,
      categoryData: { category: 'MF_BONUS', reason: 'test' },
      description: 'fund',
      idempotencyKey: `fund:${airline!.id}`,
      executionDate: t.clock.now(),
    });
    return airline!;
  };
  const airlineBalance = async (id: string) => (await t.app.deps.db.select({ balance: airlines.balance }).from(airlines).where(eq(airlines.id, id)))[0]!.balance;
  const itemBySlug = async (slug: string) => (await t.app.deps.db.select().from(storeItems).where(eq(storeItems.slug, slug)))[0]!;
  const order = (user: SignedInUser, payload: object) => api(t.app, user.headers).injectLoose(storeRoutes.placeOrder, { params: { userId: user.user.id }, body: payload });

  it('buys aircraft with the airline wallet, lists them in the airline inventory, converts each once (ERR_0023 after)', async () => {
    const owner = await createSignedInUser(t.app);
    const airline = await createAirline(owner, 30_000);
    const caravan = await itemBySlug('aircraft-c208');
    const response = await order(owner, { items: [{ itemId: caravan.id, quantity: 2 }], payment: { type: 'WALLET' }, context: 'airline_manager', airlineId: airline.id });
    expect(response.json<TOrderResponse>()).toMatchObject({ state: 'PAID', totalFc: 24_000 });
    expect(await airlineBalance(airline.id)).toBe(6_000);
    const [owned] = await t.app.deps.db.select({ mfc: users.walletMfc }).from(users).where(eq(users.id, owner.user.id));
    expect(owned?.mfc).toBe(0);

    const inventory = (await api(t.app, owner.headers).inject(storeRoutes.airlineInventory, { params: { airlineId: airline.id }, query: { converted: 'false' } })).json<TInventoryPage>();
    expect(inventory.items).toHaveLength(2);
    expect(inventory.items[0]).toMatchObject({ aircraftIcao: 'C208', planeCategory: 'SMALL_HAUL', quantity: 1, converted: false });

    const consumed = await consumeAircraftItem(t.app.deps.db, { airlineId: airline.id, inventoryItemId: inventory.items[0]!.id });
    expect(consumed).toMatchObject({ aircraftIcao: 'C208', planeCategory: 'SMALL_HAUL' });
    await expect(consumeAircraftItem(t.app.deps.db, { airlineId: airline.id, inventoryItemId: inventory.items[0]!.id })).rejects.toMatchObject({ code: 'ERR_0023' });
    // Two conversions of the other item at once: exactly one wins.
    const races = await Promise.allSettled(
      [0, 1].map(() => t.app.deps.db.transaction((tx) => consumeAircraftItem(tx, { airlineId: airline.id, inventoryItemId: inventory.items[1]!.id }))),
    );
    expect(races.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const converted = (await api(t.app, owner.headers).inject(storeRoutes.airlineInventory, { params: { airlineId: airline.id }, query: { converted: 'true' } })).json<TInventoryPage>();
    expect(converted.items).toHaveLength(2);
    // Another airline cannot consume it.
    const stranger = await createSignedInUser(t.app);
    const otherAirline = await createAirline(stranger, 0);
    await expect(consumeAircraftItem(t.app.deps.db, { airlineId: otherAirline.id, inventoryItemId: inventory.items[0]!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers ERR_0013 when the airline is short, and refuses members and strangers its wallet and inventory', async () => {
    const owner = await createSignedInUser(t.app);
    const airline = await createAirline(owner, 1_000);
    const caravan = await itemBySlug('aircraft-c208');
    const short = await order(owner, { items: [{ itemId: caravan.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'airline_manager', airlineId: airline.id });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errorCode: 'ERR_0013' });
    expect(await airlineBalance(airline.id)).toBe(1_000);
    const member = await createSignedInUser(t.app);
    await t.app.deps.db.insert(airlineMembers).values({ airlineId: airline.id, userId: member.user.id, role: 'MEMBER' });
    const byMember = await order(member, { items: [{ itemId: caravan.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'airline_manager', airlineId: airline.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toMatchObject({ errorCode: 'ERR_0012' });
    const stranger = await createSignedInUser(t.app);
    expect((await api(t.app, stranger.headers).inject(storeRoutes.airlineInventory, { params: { airlineId: airline.id } })).statusCode).toBe(403);
    const missingAirline = await order(owner, { items: [{ itemId: caravan.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'airline_manager' });
    expect(missingAirline.statusCode).toBe(400);
  });

  it('lets only an admin add, change, restock and retire items; a retired item is neither listed nor sold', async () => {
    const pilot = await createSignedInUser(t.app);
    const admin = await createSignedInUser(t.app, { role: 'ADMIN' });
    const [badges] = await t.app.deps.db.select().from(itemCategories).where(eq(itemCategories.name, 'Badges'));
    const input = { slug: `badge-${randomUUID().slice(0, 8)}`, categoryId: badges!.id, type: 'COSMETIC', name: 'Test badge', description: 'A badge', currency: 'MFC', price: 100, stock: 2 };
    const refused = await api(t.app, pilot.headers).injectLoose(storeRoutes.createItem, { body: input });
    expect(refused.statusCode).toBe(403);
    const created = await api(t.app, admin.headers).injectLoose(storeRoutes.createItem, { body: input });
    expect(created.statusCode).toBe(200);
    const item = created.json<TStoreItem>();
    expect(item).toMatchObject({ name: 'Test badge', stock: 2, isActive: true });
    const badAircraft = await api(t.app, admin.headers).injectLoose(storeRoutes.createItem, { body: { ...input, slug: `${input.slug}-x`, type: 'AIRCRAFT' } });
    expect(badAircraft.statusCode).toBe(400);
    const changed = await api(t.app, admin.headers).inject(storeRoutes.updateItem, { params: { id: item.id }, body: { price: 150 } });
    expect(changed.json<TStoreItem>().price).toBe(150);
    const restocked = await api(t.app, admin.headers).inject(storeRoutes.restockItem, { params: { id: item.id }, body: { quantity: 3 } });
    expect(restocked.json<TStoreItem>().stock).toBe(5);
    const retired = await api(t.app, admin.headers).inject(storeRoutes.setItemActive, { params: { id: item.id }, body: { isActive: false } });
    expect(retired.json<TStoreItem>().isActive).toBe(false);
    const listed = (await t.app.inject({ url: '/api/v1/item?search=Test%20badge' })).json<TItemPage>();
    expect(listed.items).toEqual([]);
    const bought = await order(pilot, { items: [{ itemId: item.id, quantity: 1 }], payment: { type: 'WALLET' } });
    expect(bought.statusCode).toBe(404);
    const adminList = (await t.app.inject({ url: '/api/v1/admin/item?search=Test%20badge&includeRetired=true', headers: admin.headers })).json<TItemPage>();
    expect(adminList.items).toHaveLength(1);
  });
});
