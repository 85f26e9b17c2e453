import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { OrderContext, PriceCurrency, StoreItemType } from '@contrail/domain/store/item-types';
import type { TOrderLine, TOrderRequest } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { boosterPacks, coupons, inventoryItems, orders, storeItems } from './store.schema';
import { creditUser } from '../wallet/wallet.service';
import { grantPilotLicence, heldLicences } from '../licence/licence.service';
import { returnToStock, takeFromStock, type StoreItemRow } from './catalogue.repository';
import { creditPayerFc, debitPayerFc, type Payer } from './payer';

const DAY_MS = 24 * 3600 * 1000;

/** Item types that belong to an airline (the rest, PILOT_ITEM_TYPES, belong to a pilot). */
const AIRLINE_ITEM_TYPES: readonly StoreItemType[] = ['AIRCRAFT', 'HANGAR'];

export type OrderOwner = { userId: string; userName: string };

export type PlacedOrder = { orderId: string; state: 'PAID' | 'PENDING'; totalFc: number; totalCents: number; payer: Payer };

/** The best valid coupon's percentage off; each coupon is redeemed (a conditional update keeps
 * redemptions within their limit). An unknown, retired or used-up coupon refuses the order. */
const redeemCoupons = async (db: DbExecutor, codes: string[]): Promise<number> => {
  let best = 0;
  for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
    const [coupon] = await db
      .update(coupons)
      .set({ redeemed: sql`${coupons.redeemed} + 1` })
      .where(
        and(
          eq(coupons.code, code),
          eq(coupons.isActive, true),
          sql`(${coupons.maxRedemptions} is null or ${coupons.redeemed} < ${coupons.maxRedemptions})`,
        ),
      )
      .returning({ percentOff: coupons.percentOff });
    if (!coupon) throw new AppError(ErrorCode.invalidCoupon, `The coupon ${code} is not valid`, 'coupons');
    best = Math.max(best, coupon.percentOff);
  }
  return best;
};

const discounted = (total: number, percentOff: number): number => Math.floor((total * (100 - percentOff)) / 100);

const checkItemContext = (item: StoreItemRow, context: OrderContext) => {
  const isAirlineItem = AIRLINE_ITEM_TYPES.includes(item.type);
  if (isAirlineItem !== (context === 'airline_manager')) {
    throw new AppError(
      ErrorCode.itemWrongContext,
      isAirlineItem ? `${item.name} is bought for an airline, in airline manager mode` : `${item.name} is for a pilot, not an airline`,
      'items',
    );
  }
};

/** A licence is bought once: not twice in one order, never when the pilot already holds it. */
const checkLicenceWanted = async (db: DbExecutor, owner: OrderOwner, item: StoreItemRow, quantity: number) => {
  const held = (await heldLicences(db, owner.userId)).some((licence) => licence.code === item.licenceCode);
  if (held || quantity > 1) throw new AppError(ErrorCode.conflict, `You already hold the ${item.name}, or ask for it twice`, 'items');
};

/**
 * Reserves what an order asks for, in the caller's transaction: stock taken by conditional
 * updates (ITEM orders), coupons redeemed, lines priced. Throws (and the transaction rolls back)
 * when anything is missing, so a refused order changes nothing.
 */
const reserveLines = async (
  db: DbExecutor,
  owner: OrderOwner,
  request: TOrderRequest,
): Promise<{ lines: TOrderLine[]; currency: PriceCurrency }> => {
  const lines: TOrderLine[] = [];
  // Same item twice in one order: one line, so one conditional update covers the whole quantity.
  const quantities = new Map<string, number>();
  for (const line of request.items) quantities.set(line.itemId, (quantities.get(line.itemId) ?? 0) + line.quantity);
  // A fixed order of updates (by id) so concurrent orders of several items cannot deadlock.
  const ids = [...quantities.keys()].toSorted();
  if (request.type === 'PACK') {
    const packs = await db.select().from(boosterPacks).where(and(inArray(boosterPacks.id, ids), eq(boosterPacks.isActive, true)));
    for (const id of ids) {
      const pack = packs.find((p) => p.id === id);
      if (!pack) throw new AppError(ErrorCode.notFound, 'This booster pack is not in the store', 'items');
      lines.push({
        kind: 'PACK',
        id,
        name: pack.name,
        quantity: quantities.get(id) ?? 1,
        currency: 'EUR',
        unitPrice: pack.priceCents,
        fcAmount: pack.fcAmount,
      });
    }
    return { lines, currency: 'EUR' };
  }
  let currency: PriceCurrency | undefined;
  for (const id of ids) {
    const quantity = quantities.get(id) ?? 1;
    const item = await takeFromStock(db, id, quantity);
    if (!item) {
      const [exists] = await db.select({ name: storeItems.name, isActive: storeItems.isActive }).from(storeItems).where(eq(storeItems.id, id));
      if (!exists?.isActive) throw new AppError(ErrorCode.notFound, 'This item is not in the store', 'items');
      throw new AppError(ErrorCode.itemOutOfStock, `${exists.name} is sold out, or fewer are left than asked for`, 'items');
    }
    checkItemContext(item, request.context);
    if (item.type === 'LICENCE') await checkLicenceWanted(db, owner, item, quantity);
    if (currency && currency !== item.currency)
      throw new AppError(ErrorCode.validation, 'Items priced in FC and items priced in euros are ordered separately', 'items');
    currency = item.currency;
    lines.push({ kind: 'ITEM', id, name: item.name, quantity, currency: item.currency, unitPrice: item.price });
  }
  return { lines, currency: currency ?? 'MFC' };
};

/**
 * Delivers an order's lines to its owner (the pilot, or the airline), in the caller's transaction:
 * inventory rows (one per aircraft unit, so each converts once), the fixed miles of boosters,
 * the FC of packs.
 */
export const deliverLines = async (
  db: DbExecutor,
  order: { id: string; userId: string; airlineId: string | null },
  lines: TOrderLine[],
  payer: Payer,
  now: Date,
): Promise<void> => {
  const itemIds = lines.filter((l) => l.kind === 'ITEM').map((l) => l.id);
  const itemRows = itemIds.length ? await db.select().from(storeItems).where(inArray(storeItems.id, itemIds)) : [];
  const owner = order.airlineId ? { userId: null, airlineId: order.airlineId } : { userId: order.userId, airlineId: null };
  for (const line of lines) {
    if (line.kind === 'PACK') {
      await creditPayerFc(db, payer, {
        amount: (line.fcAmount ?? 0) * line.quantity,
        categoryData: { category: 'BOOSTER_PACK', packsName: line.quantity > 1 ? `${line.name} x${line.quantity}` : line.name },
        description: `Booster pack: ${line.name}`,
        idempotencyKey: `order:${order.id}:${line.id}`,
        now,
      });
      continue;
    }
    const item = itemRows.find((r) => r.id === line.id);
    if (!item) throw new Error(`deliverLines: item ${line.id} vanished`);
    if (item.type === 'LICENCE') {
      // A rating is the pilot's at once (the order is the record of the purchase); no inventory item.
      if (owner.userId && item.licenceCode) await grantPilotLicence(db, owner.userId, item.licenceCode, now);
      continue;
    }
    const hasTimedBonus = item.bonusDays > 0 && (item.milesPerDayBonus > 0 || item.milesPerFlightHourBonus > 0);
    const rowValues = {
      ...owner,
      itemId: item.id,
      orderId: order.id,
      bonusEndsAt: hasTimedBonus ? new Date(now.getTime() + item.bonusDays * DAY_MS) : null,
      createdAt: now,
    };
    if (item.type === 'AIRCRAFT') {
      await db.insert(inventoryItems).values(Array.from({ length: line.quantity }, () => ({ ...rowValues, quantity: 1 })));
    } else {
      await db.insert(inventoryItems).values({ ...rowValues, quantity: line.quantity });
    }
    if (item.xMilesFixedBonus > 0 && owner.userId) {
      await creditUser(db, {
        userId: owner.userId,
        currency: 'MILES',
        amount: item.xMilesFixedBonus * line.quantity,
        categoryData: { category: 'MF_BONUS', reason: `Miles booster: ${item.name}` },
        description: `Miles booster: ${item.name}`,
        idempotencyKey: `order:${order.id}:${item.id}:miles`,
        executionDate: now,
      });
    }
  }
};

/**
 * POST /v1/order/user/{userId}. A WALLET order is reserved, paid and delivered in ONE database
 * transaction: anything short (stock, FC, coupon) throws and rolls all of it back. A CARD order is
 * reserved and left PENDING; the checkout's completion delivers it (payment.service).
 */
export const placeOrder = async (
  db: DbExecutor,
  owner: OrderOwner,
  request: TOrderRequest,
  payer: Payer,
  now: Date,
): Promise<PlacedOrder> => {
  if (request.type === 'PACK' && request.payment.type === 'WALLET')
    throw new AppError(ErrorCode.validation, 'Booster packs are bought by card', 'payment');
  return db.transaction(async (tx) => {
    const { lines, currency } = await reserveLines(tx, owner, request);
    if (request.payment.type === 'WALLET' && currency !== 'MFC')
      throw new AppError(ErrorCode.validation, 'This item is paid by card', 'payment');
    if (request.payment.type === 'CARD' && currency !== 'EUR')
      throw new AppError(ErrorCode.validation, 'This item is paid with FC from the wallet', 'payment');
    const percentOff = await redeemCoupons(tx, request.coupons);
    const gross = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
    const total = discounted(gross, percentOff);
    const isWallet = request.payment.type === 'WALLET';
    const [order] = await tx
      .insert(orders)
      .values({
        userId: owner.userId,
        context: request.context,
        airlineId: request.airlineId ?? null,
        paymentType: request.payment.type,
        state: isWallet ? 'PAID' : 'PENDING',
        lines,
        coupons: request.coupons,
        totalFc: isWallet ? total : 0,
        totalCents: isWallet ? 0 : total,
        createdAt: now,
        paidAt: isWallet ? now : null,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('placeOrder: no order row');
    if (isWallet) {
      await debitPayerFc(tx, payer, {
        amount: total,
        categoryData: { category: 'ITEM_PURCHASE', itemNames: lines.map((l) => (l.quantity > 1 ? `${l.name} x${l.quantity}` : l.name)).join(', ') },
        description: `Store order: ${lines.map((l) => l.name).join(', ')}`,
        idempotencyKey: `order:${order.id}`,
        agentUserName: owner.userName,
        now,
      });
      await deliverLines(tx, { id: order.id, userId: owner.userId, airlineId: request.airlineId ?? null }, lines, payer, now);
    }
    return { orderId: order.id, state: isWallet ? 'PAID' : 'PENDING', totalFc: isWallet ? total : 0, totalCents: isWallet ? 0 : total, payer };
  });
};

/**
 * Completes a PENDING card order once its checkout is paid: PENDING -> PAID by a conditional update
 * (a replayed event finds it PAID and does nothing), then delivery, in the caller's transaction.
 */
export const completeCardOrder = async (db: DbExecutor, orderId: string, now: Date): Promise<boolean> => {
  const [order] = await db
    .update(orders)
    .set({ state: 'PAID', paidAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'PENDING')))
    .returning();
  if (!order) return false;
  const payer: Payer = order.airlineId ? { kind: 'airline', airlineId: order.airlineId } : { kind: 'user', userId: order.userId };
  await deliverLines(db, order, order.lines, payer, now);
  return true;
};

/** A card order whose checkout expired or failed: its reserved stock goes back. */
export const releaseCardOrder = async (db: DbExecutor, orderId: string, state: 'EXPIRED' | 'FAILED'): Promise<boolean> => {
  const [order] = await db
    .update(orders)
    .set({ state })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'PENDING')))
    .returning();
  if (!order) return false;
  for (const line of order.lines) if (line.kind === 'ITEM') await returnToStock(db, line.id, line.quantity);
  return true;
};
