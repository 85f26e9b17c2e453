import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_BOOSTER_PACKS,
  DEFAULT_CATEGORIES,
  DEFAULT_ITEMS,
  DEFAULT_SUBSCRIPTION_PLANS,
} from '@contrail/domain/store/catalogue';
import type { TItemQuery } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { boosterPacks, itemCategories, storeItems, subscriptionPlans } from './store.schema';

export type StoreItemRow = typeof storeItems.$inferSelect;
export type StoreItemWithCategory = StoreItemRow & { categoryName: string };

/** Escapes LIKE wildcards so a search for "50%" means the text. */
const likePattern = (text: string): string => `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;

/**
 * Seeds the default catalogue (domain store/catalogue.ts): inserts what is missing by name or slug
 * and leaves existing rows alone, so an admin's prices, stock and retirements survive restarts.
 */
export const seedDefaultCatalogue = async (db: DbExecutor): Promise<void> => {
  await db
    .insert(itemCategories)
    .values(DEFAULT_CATEGORIES.map((c) => ({ name: c.name, sortIdx: c.sortIdx })))
    .onConflictDoNothing();
  const categories = await db.select().from(itemCategories);
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  await db
    .insert(storeItems)
    .values(
      DEFAULT_ITEMS.map((item) => ({
        slug: item.slug,
        categoryId: categoryId.get(item.category) ?? '',
        type: item.type,
        name: item.name,
        description: item.description,
        currency: item.currency,
        price: item.price,
        stock: item.stock,
        planeCategory: item.planeCategory ?? null,
        aircraftIcao: item.aircraftIcao ?? null,
        hangarSize: item.hangarSize ?? null,
        rarity: item.rarity ?? null,
        badgeCode: item.badgeCode ?? null,
        licenceCode: item.licenceCode ?? null,
        xMilesFixedBonus: item.xMilesFixedBonus ?? 0,
        milesPerDayBonus: item.milesPerDayBonus ?? 0,
        milesPerFlightHourBonus: item.milesPerFlightHourBonus ?? 0,
        bonusDays: item.bonusDays ?? 0,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(boosterPacks)
    .values(DEFAULT_BOOSTER_PACKS.map((p) => ({ slug: p.slug, type: p.type, name: p.name, description: p.description, fcAmount: p.fcAmount, priceCents: p.priceCents })))
    .onConflictDoNothing();
  await db
    .insert(subscriptionPlans)
    .values(DEFAULT_SUBSCRIPTION_PLANS.map((p) => ({ code: p.code, type: p.type, priceCents: p.priceCents })))
    .onConflictDoNothing();
};


export const findItemsPage = async (db: DbExecutor, query: TItemQuery, includeRetired: boolean) => {
  const conditions: (SQL | undefined)[] = [
    includeRetired ? undefined : eq(storeItems.isActive, true),
    query.categoryId ? eq(storeItems.categoryId, query.categoryId) : undefined,
    query.type ? eq(storeItems.type, query.type) : undefined,
    query.currency ? eq(storeItems.currency, query.currency) : undefined,
    query.planeCategory ? eq(storeItems.planeCategory, query.planeCategory) : undefined,
    query.rarity ? eq(storeItems.rarity, query.rarity) : undefined,
    query.search
      ? or(ilike(storeItems.name, likePattern(query.search)), ilike(storeItems.aircraftIcao, likePattern(query.search)))
      : undefined,
  ];
  const where = and(...conditions);
  const page = await selectPage(db, { page: query.page, size: query.size }, {
    select: db.select({ item: storeItems, categoryName: itemCategories.name }).from(storeItems).innerJoin(itemCategories, eq(itemCategories.id, storeItems.categoryId)).where(where).$dynamic(),
    // The id breaks ties between items of the same name and price, so none shows on two pages.
    orderBy: [asc(itemCategories.sortIdx), asc(storeItems.price), asc(storeItems.name), asc(storeItems.id)],
  });
  return { ...page, rows: page.rows.map((r) => ({ ...r.item, categoryName: r.categoryName })) };
};

export const findItemById = async (db: DbExecutor, id: string): Promise<StoreItemWithCategory | undefined> => {
  const [row] = await db
    .select({ item: storeItems, categoryName: itemCategories.name })
    .from(storeItems)
    .innerJoin(itemCategories, eq(itemCategories.id, storeItems.categoryId))
    .where(eq(storeItems.id, id));
  return row ? { ...row.item, categoryName: row.categoryName } : undefined;
};

/** Categories with at least one item on sale. */
export const findActiveCategories = (db: DbExecutor) =>
  db
    .selectDistinct({ id: itemCategories.id, name: itemCategories.name, sortIdx: itemCategories.sortIdx })
    .from(itemCategories)
    .innerJoin(storeItems, and(eq(storeItems.categoryId, itemCategories.id), eq(storeItems.isActive, true)))
    .where(eq(itemCategories.isActive, true))
    .orderBy(asc(itemCategories.sortIdx), asc(itemCategories.name));

export const findActivePacks = (db: DbExecutor) =>
  db.select().from(boosterPacks).where(eq(boosterPacks.isActive, true)).orderBy(asc(boosterPacks.priceCents));

export const findActivePlans = (db: DbExecutor) =>
  db.select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true)).orderBy(asc(subscriptionPlans.code), asc(subscriptionPlans.priceCents));

/**
 * Takes `quantity` units out of stock in one conditional UPDATE: it only matches while the item is
 * on sale and the stock covers the quantity (unlimited stock always does), so concurrent orders can
 * never take the stock below zero. Returns the item row, or undefined when it did not match.
 */
export const takeFromStock = async (db: DbExecutor, itemId: string, quantity: number): Promise<StoreItemRow | undefined> => {
  const [row] = await db
    .update(storeItems)
    .set({ stock: sql`case when ${storeItems.stock} is null then null else ${storeItems.stock} - ${quantity} end` })
    .where(
      and(
        eq(storeItems.id, itemId),
        eq(storeItems.isActive, true),
        sql`(${storeItems.stock} is null or ${storeItems.stock} >= ${quantity})`,
      ),
    )
    .returning();
  return row;
};

/** Puts units back (a card checkout that expired). */
export const returnToStock = async (db: DbExecutor, itemId: string, quantity: number): Promise<void> => {
  await db
    .update(storeItems)
    .set({ stock: sql`case when ${storeItems.stock} is null then null else ${storeItems.stock} + ${quantity} end` })
    .where(eq(storeItems.id, itemId));
};
