import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TInventoryItem, TInventoryPage, TInventoryQuery } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { selectPage, toPage } from '../../db/paging';
import { inventoryItems, itemCategories, storeItems } from './store.schema';
import { creditUser } from '../wallet/wallet.service';

const DAY_MS = 24 * 3600 * 1000;

const likePattern = (text: string): string => `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;

/** A user's or an airline's inventory (spec: search, category; converted for airlines), newest first. */
export const listInventory = async (
  db: DbExecutor,
  owner: { userId: string } | { airlineId: string },
  query: TInventoryQuery,
): Promise<TInventoryPage> => {
  const conditions: (SQL | undefined)[] = [
    'userId' in owner ? eq(inventoryItems.userId, owner.userId) : eq(inventoryItems.airlineId, owner.airlineId),
    query.category ? eq(storeItems.categoryId, query.category) : undefined,
    query.converted === undefined ? undefined : eq(inventoryItems.converted, query.converted),
    query.search
      ? or(ilike(storeItems.name, likePattern(query.search)), ilike(storeItems.aircraftIcao, likePattern(query.search)))
      : undefined,
  ];
  const where = and(...conditions);
  const page = await selectPage(db, { page: query.page, size: query.size }, {
    select: db
      .select({ inv: inventoryItems, item: storeItems, categoryName: itemCategories.name })
      .from(inventoryItems)
      .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
      .innerJoin(itemCategories, eq(itemCategories.id, storeItems.categoryId))
      .where(where)
      .$dynamic(),
    orderBy: [desc(inventoryItems.createdAt), desc(inventoryItems.id)],
  });
  return toPage(page, ({ inv, item, categoryName }): TInventoryItem => ({
    id: inv.id,
    itemId: item.id,
    name: item.name,
    categoryName,
    description: item.description,
    media: item.media,
    typeName: item.type,
    createdAt: inv.createdAt.toISOString(),
    planeCategory: item.planeCategory,
    aircraftIcao: item.aircraftIcao,
    hangarSize: item.hangarSize,
    rarity: item.rarity,
    quantity: inv.quantity,
    converted: inv.converted,
    bonusEndsAt: inv.bonusEndsAt?.toISOString() ?? null,
  }));
};

export type ConsumedAircraftItem = {
  inventoryItemId: string;
  itemId: string;
  name: string;
  aircraftIcao: string;
  planeCategory: NonNullable<(typeof storeItems.$inferSelect)['planeCategory']>;
};

/**
 * Marks an airline's aircraft item as converted into a plane, for the airline module's plane
 * creation, inside the caller's transaction. One conditional update: two concurrent conversions of
 * the same item cannot both succeed. ERR_0023 when it was already converted; NOT_FOUND when the
 * airline does not own such an aircraft item.
 */
export const consumeAircraftItem = async (
  executor: DbExecutor,
  { airlineId, inventoryItemId }: { airlineId: string; inventoryItemId: string },
  now: Date = new Date(),
): Promise<ConsumedAircraftItem> => {
  const [row] = await executor
    .select({ inv: inventoryItems, item: storeItems })
    .from(inventoryItems)
    .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.airlineId, airlineId)));
  if (!row || row.item.type !== 'AIRCRAFT' || !row.item.aircraftIcao || !row.item.planeCategory)
    throw new AppError(ErrorCode.notFound, 'The airline has no such aircraft item');
  const updated = await executor
    .update(inventoryItems)
    .set({ converted: true, convertedAt: now })
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.converted, false)))
    .returning({ id: inventoryItems.id });
  if (updated.length === 0) throw new AppError(ErrorCode.itemAlreadyConverted, 'This item is already converted to a plane');
  return {
    inventoryItemId,
    itemId: row.item.id,
    name: row.item.name,
    aircraftIcao: row.item.aircraftIcao,
    planeCategory: row.item.planeCategory,
  };
};

/**
 * Pays the per-day miles of a pilot's running miles boosters, up to `now` (whole days since
 * delivery, never past the bonus end). The paid-through mark moves by a conditional update, so a
 * rerun or a second instance pays nothing twice. Returns the miles paid.
 */
export const payDailyMilesBonuses = async (db: DbExecutor, now: Date): Promise<number> => {
  const running = await db
    .select({ inv: inventoryItems, item: storeItems })
    .from(inventoryItems)
    .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
    .where(and(sql`${inventoryItems.userId} is not null`, sql`${storeItems.milesPerDayBonus} > 0`, sql`${inventoryItems.bonusEndsAt} is not null`));
  let paid = 0;
  for (const { inv, item } of running) {
    if (!inv.userId || !inv.bonusEndsAt) continue;
    const until = Math.min(now.getTime(), inv.bonusEndsAt.getTime());
    const dueDays = Math.floor((until - inv.createdAt.getTime()) / DAY_MS);
    const paidDays = inv.dailyBonusPaidThrough ? Math.round((inv.dailyBonusPaidThrough.getTime() - inv.createdAt.getTime()) / DAY_MS) : 0;
    if (dueDays <= paidDays) continue;
    const paidThrough = new Date(inv.createdAt.getTime() + dueDays * DAY_MS);
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(inventoryItems)
        .set({ dailyBonusPaidThrough: paidThrough })
        .where(
          and(
            eq(inventoryItems.id, inv.id),
            inv.dailyBonusPaidThrough ? eq(inventoryItems.dailyBonusPaidThrough, inv.dailyBonusPaidThrough) : sql`${inventoryItems.dailyBonusPaidThrough} is null`,
          ),
        )
        .returning({ id: inventoryItems.id });
      if (moved.length === 0) return;
      const amount = (dueDays - paidDays) * item.milesPerDayBonus * inv.quantity;
      await creditUser(tx, {
        userId: inv.userId!,
        currency: 'MILES',
        amount,
        categoryData: { category: 'MF_BONUS', reason: `Miles booster: ${item.name}` },
        description: `Miles booster: ${item.name} (${dueDays - paidDays} day(s))`,
        idempotencyKey: `inventory:${inv.id}:day:${dueDays}`,
        executionDate: now,
      });
      paid += amount;
    });
  }
  return paid;
};

/**
 * Miles a pilot's running boosters add for a flight of `flightHours` ending at `now`; for the
 * flight module to credit with the flight's own transaction. Pure read.
 */
export const flightHourMilesBonus = async (db: DbExecutor, userId: string, flightHours: number, now: Date): Promise<number> => {
  const running = await db
    .select({ perHour: storeItems.milesPerFlightHourBonus, quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
    .where(and(eq(inventoryItems.userId, userId), sql`${storeItems.milesPerFlightHourBonus} > 0`, sql`${inventoryItems.bonusEndsAt} > ${now}`));
  return Math.floor(running.reduce((sum, r) => sum + r.perHour * r.quantity, 0) * Math.max(0, flightHours));
};

export type ClaimedHangarItem = Pick<typeof storeItems.$inferSelect, 'name' | 'hangarSize' | 'rarity'>;

/**
 * Marks an airline's unused hangar item as used, for the airline module's hangar creation, inside
 * the caller's transaction: one conditional update, so two concurrent uses cannot both succeed.
 * Answers what happened; the airline module words the refusal.
 */
export const claimHangarItem = async (
  executor: DbExecutor,
  { airlineId, inventoryItemId }: { airlineId: string; inventoryItemId: string },
  now: Date,
): Promise<ClaimedHangarItem | 'not-found' | 'already-used'> => {
  const [row] = await executor
    .select()
    .from(inventoryItems)
    .innerJoin(storeItems, eq(storeItems.id, inventoryItems.itemId))
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.airlineId, airlineId), eq(storeItems.type, 'HANGAR')));
  if (!row) return 'not-found';
  const [claimed] = await executor
    .update(inventoryItems)
    .set({ converted: true, convertedAt: now })
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.converted, false)))
    .returning({ id: inventoryItems.id });
  if (!claimed) return 'already-used';
  return { name: row.store_items.name, hangarSize: row.store_items.hangarSize, rarity: row.store_items.rarity };
};

/** Deletes an airline's whole inventory (the airline is reset or deleted), in the caller's transaction. */
export const deleteAirlineInventory = async (executor: DbExecutor, airlineId: string): Promise<void> => {
  await executor.delete(inventoryItems).where(eq(inventoryItems.airlineId, airlineId));
};
