import { eq } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TCheckoutSession, TInventoryPage, TInventoryQuery, TOrderRequest, TOrderResponse } from '@contrail/domain/store/store-contract';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { assertUserVerified } from '../user/user.service';
import type { OrderCheckoutOutcomes } from '../payment/checkout-outcomes';
import { createCheckout, type PaymentContext } from '../payment/payment.service';
import { orders } from './store.schema';
import { listInventory } from './inventory.service';
import { completeCardOrder, placeOrder, releaseCardOrder } from './order.service';
import { resolvePayer } from './payer';

/** Who orders: the signed-in user (their name goes on the wallet row as its agent). */
export type OrderingCaller = Caller & { userName: string };

/**
 * POST /v1/order/user/{userId} (and the one-item purchase): places the order, and for a card order
 * asks the payment module for a checkout. The store starts the checkout; the payment module tells
 * the store of its outcome through `orderCheckoutOutcomes` (wired in app.ts).
 */
export const orderFor = async (ctx: PaymentContext, caller: OrderingCaller, userId: string, request: TOrderRequest): Promise<TOrderResponse> => {
  await requireAccess(ctx.db, caller, 'store.order.create', { userId });
  // Money by card needs a verified address (the receipt and any dispute go there); FC from the wallet does not.
  if (request.payment.type === 'CARD') await assertUserVerified(ctx.db, caller.id);
  const payer = await resolvePayer(ctx.db, caller, request);
  const placed = await placeOrder(ctx.db, { userId: caller.id, userName: caller.userName }, request, payer, ctx.now);
  const checkout =
    placed.state === 'PENDING'
      ? await openOrderCheckout(ctx, {
          orderId: placed.orderId,
          userId: caller.id,
          totalCents: placed.totalCents,
          name: await orderCheckoutName(ctx.db, placed.orderId),
        })
      : null;
  return { orderId: placed.orderId, state: placed.state, totalFc: placed.totalFc, totalCents: placed.totalCents, checkout };
};

/**
 * Opens the card checkout of a PENDING order. When the provider cannot be reached, the order is
 * released (stock back) and the caller gets PAYMENT_UNAVAILABLE.
 */
export const openOrderCheckout = async (
  ctx: PaymentContext,
  order: { orderId: string; userId: string; totalCents: number; name: string },
): Promise<TCheckoutSession> => {
  try {
    return await createCheckout(ctx, { purpose: 'ORDER', orderId: order.orderId, userId: order.userId, amountCents: order.totalCents, name: order.name });
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.paymentUnavailable) {
      await ctx.db.transaction((tx) => releaseCardOrder(tx, order.orderId, 'FAILED'));
    }
    throw error;
  }
};

/** The checkout line of an order: its lines' names, with their quantities. */
const orderCheckoutName = async (db: DbExecutor, orderId: string): Promise<string> => {
  const [order] = await db.select({ lines: orders.lines }).from(orders).where(eq(orders.id, orderId));
  return (order?.lines ?? []).map((l) => (l.quantity > 1 ? `${l.name} x${l.quantity}` : l.name)).join(', ') || 'Contrail order';
};

/** The store's side of the payment port: a paid checkout delivers its order, an abandoned one releases it. */
export const orderCheckoutOutcomes: OrderCheckoutOutcomes = {
  paid: async (db, orderId, now) => {
    await completeCardOrder(db, orderId, now);
  },
  abandoned: async (db, orderId, outcome) => {
    await releaseCardOrder(db, orderId, outcome);
  },
};

/** GET /v1/user-item/user/{userId}: a pilot's inventory, for those allowed to read it. */
export const listUserInventory = async (db: DbExecutor, caller: Caller, userId: string, query: TInventoryQuery): Promise<TInventoryPage> => {
  await requireAccess(db, caller, 'inventory.user.read', { userId });
  return listInventory(db, { userId }, query);
};

/** An airline's inventory, for those allowed to see its items. */
export const listAirlineInventory = async (db: DbExecutor, caller: Caller, airlineId: string, query: TInventoryQuery): Promise<TInventoryPage> => {
  await requireAccess(db, caller, 'airline.item.read', { airlineId });
  return listInventory(db, { airlineId }, query);
};
