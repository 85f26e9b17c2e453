import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { annualSavingPercent } from '@contrail/domain/store/catalogue';
import type {
  TBoosterPack,
  TItemCategory,
  TItemPage,
  TItemQuery,
  TStoreItem,
  TStoreItemInput,
  TStoreItemPatch,
  TSubscription,
} from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { toPage } from '../../db/paging';
import { requireAccess, type Caller } from '../access/access.service';
import { itemCategories, storeItems, subscriptionPlans } from './store.schema';
import {
  findActiveCategories,
  findActivePacks,
  findActivePlans,
  findItemById,
  findItemsPage,
  type StoreItemWithCategory,
} from './catalogue.repository';

export const toStoreItem = (row: StoreItemWithCategory): TStoreItem => ({
  id: row.id,
  categoryId: row.categoryId,
  categoryName: row.categoryName,
  currencySymbol: row.currency === 'MFC' ? 'FC' : '€',
  currency: row.currency,
  description: row.description,
  stock: row.stock,
  media: row.media,
  name: row.name,
  price: row.price,
  typeName: row.type,
  planeCategory: row.planeCategory,
  aircraftIcao: row.aircraftIcao,
  hangarSize: row.hangarSize,
  rarity: row.rarity,
  badgeCode: row.badgeCode,
  xMilesFixedBonus: row.xMilesFixedBonus,
  milesPerDayBonus: row.milesPerDayBonus,
  milesPerFlightHourBonus: row.milesPerFlightHourBonus,
  bonusDays: row.bonusDays,
  isActive: row.isActive,
});

/** GET /v1/item: items on sale (admins may ask for retired ones too), filtered and paged. */
export const listItems = async (db: DbExecutor, query: TItemQuery, isAdmin: boolean): Promise<TItemPage> => {
  return toPage(await findItemsPage(db, query, isAdmin && query.includeRetired === true), toStoreItem);
};

/** Admin (users.role ADMIN, permission store.item.manage): the items, retired ones too when asked. */
export const listItemsForAdmin = async (db: DbExecutor, caller: Caller, query: TItemQuery): Promise<TItemPage> => {
  await requireAccess(db, caller, 'store.item.manage');
  return listItems(db, query, true);
};

export const getItem = async (db: DbExecutor, id: string, isAdmin: boolean): Promise<TStoreItem> => {
  const row = await findItemById(db, id);
  if (!row || (!row.isActive && !isAdmin)) throw new AppError(ErrorCode.notFound, 'This item is not in the store');
  return toStoreItem(row);
};

export const listActiveCategories = async (db: DbExecutor): Promise<TItemCategory[]> =>
  (await findActiveCategories(db)).map((c) => ({ id: c.id, name: c.name }));

export const listPacks = async (db: DbExecutor): Promise<TBoosterPack[]> =>
  (await findActivePacks(db)).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    type: p.type,
    fcAmount: p.fcAmount,
    price: p.priceCents,
    currency: 'EUR' as const,
    photo: p.photo,
  }));

/** GET /v1/subscription: every plan on sale, with the annual saving against twelve months. */
export const listSubscriptions = async (db: DbExecutor): Promise<TSubscription[]> => {
  const plans = await findActivePlans(db);
  const monthly = new Map(plans.filter((p) => p.type === 'MONTHLY').map((p) => [p.code, p.priceCents]));
  return plans.map((p) => ({
    id: p.id,
    code: p.code,
    type: p.type,
    price: p.priceCents,
    currency: 'EUR' as const,
    savingPercent: p.type === 'ANNUAL' ? annualSavingPercent(monthly.get(p.code) ?? 0, p.priceCents) : 0,
  }));
};

/** The typed fields each item type needs (the database checks them too, this words the refusal). */
const checkTypedFields = (item: { type: string; planeCategory: unknown; aircraftIcao: unknown; hangarSize: unknown; rarity: unknown }) => {
  if (item.type === 'AIRCRAFT' && (!item.planeCategory || !item.aircraftIcao))
    throw new AppError(ErrorCode.validation, 'An aircraft item needs a plane category and an aircraft ICAO', 'aircraftIcao');
  if (item.type === 'HANGAR' && (!item.hangarSize || !item.rarity))
    throw new AppError(ErrorCode.validation, 'A hangar item needs a size and a rarity', 'hangarSize');
};

const assertCategory = async (db: DbExecutor, categoryId: string) => {
  const [category] = await db.select({ id: itemCategories.id }).from(itemCategories).where(eq(itemCategories.id, categoryId));
  if (!category) throw new AppError(ErrorCode.validation, 'No such item category', 'categoryId');
};

/** A plan as the store sells it (and as subscriptions and payments refer to it). */
export type SubscriptionPlan = typeof subscriptionPlans.$inferSelect;

/** A plan by id, on sale or not (a period already paid keeps its plan). */
export const findPlan = async (db: DbExecutor, planId: string): Promise<SubscriptionPlan | undefined> =>
  (await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)))[0];

/** A plan by id, only while it is on sale (what a new subscription may buy). */
export const findPlanOnSale = async (db: DbExecutor, planId: string): Promise<SubscriptionPlan | undefined> =>
  (await db.select().from(subscriptionPlans).where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.isActive, true))))[0];

/** Plans by id, on sale or not. */
export const findPlans = async (db: DbExecutor, planIds: readonly string[]): Promise<SubscriptionPlan[]> =>
  planIds.length === 0 ? [] : db.select().from(subscriptionPlans).where(inArray(subscriptionPlans.id, [...planIds]));

/** Admin: adds an item to the store. */
export const createItem = async (db: DbExecutor, caller: Caller, input: TStoreItemInput, now: Date): Promise<TStoreItem> => {
  await requireAccess(db, caller, 'store.item.manage');
  checkTypedFields(input);
  await assertCategory(db, input.categoryId);
  const inserted = await db
    .insert(storeItems)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: storeItems.id });
  const id = inserted[0]?.id;
  if (!id) throw new AppError(ErrorCode.conflict, 'An item with this slug already exists', 'slug');
  return getItem(db, id, true);
};

/** Admin: changes an item's fields (price, text, media, bonuses, stock set outright...). */
export const updateItem = async (db: DbExecutor, caller: Caller, id: string, patch: TStoreItemPatch, now: Date): Promise<TStoreItem> => {
  await requireAccess(db, caller, 'store.item.manage');
  const current = await findItemById(db, id);
  if (!current) throw new AppError(ErrorCode.notFound, 'This item is not in the store');
  checkTypedFields({ ...current, ...patch });
  if (patch.categoryId) await assertCategory(db, patch.categoryId);
  await db
    .update(storeItems)
    .set({ ...patch, updatedAt: now })
    .where(eq(storeItems.id, id));
  return getItem(db, id, true);
};

/** Admin: adds units to a limited stock (an unlimited item stays unlimited). */
export const restockItem = async (db: DbExecutor, caller: Caller, id: string, quantity: number, now: Date): Promise<TStoreItem> => {
  await requireAccess(db, caller, 'store.item.manage');
  const updated = await db
    .update(storeItems)
    .set({ stock: sql`case when ${storeItems.stock} is null then null else ${storeItems.stock} + ${quantity} end`, updatedAt: now })
    .where(eq(storeItems.id, id))
    .returning({ id: storeItems.id });
  if (updated.length === 0) throw new AppError(ErrorCode.notFound, 'This item is not in the store');
  return getItem(db, id, true);
};

/** Admin: takes an item off sale (owned copies and past orders keep it) or puts it back. */
export const setItemActive = async (db: DbExecutor, caller: Caller, id: string, isActive: boolean, now: Date): Promise<TStoreItem> => {
  await requireAccess(db, caller, 'store.item.manage');
  const updated = await db.update(storeItems).set({ isActive, updatedAt: now }).where(eq(storeItems.id, id)).returning({ id: storeItems.id });
  if (updated.length === 0) throw new AppError(ErrorCode.notFound, 'This item is not in the store');
  return getItem(db, id, true);
};
