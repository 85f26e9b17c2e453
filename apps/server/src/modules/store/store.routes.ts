import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TOrderRequest, TOrderResponse } from '@contrail/domain/store/store-contract';
import { storeRoutes as routes } from '@contrail/domain/store/store-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { requireAccess } from '../access/access.service';
import { assertUserVerified } from '../user/user.service';
import { paymentGatewayOf } from '../payment/payment-gateway-of';
import { createOrderCheckout, orderCheckoutName } from '../payment/payment.service';
import { seedDefaultCatalogue } from './catalogue.repository';
import {
  createItem,
  getItem,
  listActiveCategories,
  listItems,
  listPacks,
  listSubscriptions,
  restockItem,
  setItemActive,
  updateItem,
} from './catalogue.service';
import { listInventory, payDailyMilesBonuses } from './inventory.service';
import { placeOrder } from './order.service';
import { resolvePayer } from './payer';

export const MILES_BOOSTER_JOB = 'miles-booster-daily';

/**
 * The store, under /api, served from its declarations
 * in the domain. Seeds the default catalogue at start.
 */
export const storeRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, jobs } = app.deps;
  await seedDefaultCatalogue(db);
  // Per-day miles of running boosters; idempotent per day, so the period only bounds the delay.
  jobs.register({ name: MILES_BOOSTER_JOB, periodMs: 3_600_000, run: (now) => payDailyMilesBonuses(db, now) });
  const gateway = await paymentGatewayOf(app.deps);

  serveRoute(app, routes.items, async (request) => listItems(db, request.query, false));
  serveRoute(app, routes.item, async (request) => getItem(db, request.params.id, false));
  serveRoute(app, routes.activeCategories, async () => listActiveCategories(db));
  serveRoute(app, routes.packs, async () => listPacks(db));
  serveRoute(app, routes.subscriptions, async () => listSubscriptions(db));

  const order = async (request: FastifyRequest, userId: string, body: TOrderRequest): Promise<TOrderResponse> => {
    const caller = currentUser(request);
    await requireAccess(db, caller, 'store.order.create', { userId });
    // Money by card needs a verified address (the receipt and any dispute go there); FC from the wallet does not.
    if (body.payment.type === 'CARD') await assertUserVerified(db, caller.id);
    const now = clock.now();
    const payer = await resolvePayer(db, caller, body);
    const placed = await placeOrder(db, { userId: caller.id, userName: caller.userName }, body, payer, now);
    const checkout =
      placed.state === 'PENDING'
        ? await createOrderCheckout(
            { db, gateway, publicUrl: config.PUBLIC_URL, now, log: request.log },
            { orderId: placed.orderId, userId: caller.id, totalCents: placed.totalCents, name: await orderCheckoutName(db, placed.orderId) },
          )
        : null;
    return { orderId: placed.orderId, state: placed.state, totalFc: placed.totalFc, totalCents: placed.totalCents, checkout };
  };

  serveRoute(app, routes.placeOrder, async (request) => order(request, request.params.userId, request.body));

  serveRoute(app, routes.buyItem, async (request) => {
    const { userId, itemId, quantity, context, airlineId } = request.body;
    return order(request, userId, {
      type: 'ITEM',
      items: [{ itemId, quantity }],
      coupons: [],
      payment: { type: 'WALLET' },
      context,
      ...(airlineId ? { airlineId } : {}),
    });
  });

  serveRoute(app, routes.userInventory, async (request) => {
    await requireAccess(db, currentUser(request), 'inventory.user.read', { userId: request.params.userId });
    return listInventory(db, { userId: request.params.userId }, request.query);
  });

  serveRoute(app, routes.airlineInventory, async (request) => {
    await requireAccess(db, currentUser(request), 'airline.item.read', { airlineId: request.params.airlineId });
    return listInventory(db, { airlineId: request.params.airlineId }, request.query);
  });

  // Admin (users.role ADMIN, permission store.item.manage): add, change, restock, retire items.
  const admin = async (request: FastifyRequest) => requireAccess(db, currentUser(request), 'store.item.manage');
  serveRoute(app, routes.adminItems, async (request) => {
    await admin(request);
    return listItems(db, request.query, true);
  });
  serveRoute(app, routes.createItem, async (request) => {
    await admin(request);
    return createItem(db, request.body, clock.now());
  });
  serveRoute(app, routes.updateItem, async (request) => {
    await admin(request);
    return updateItem(db, request.params.id, request.body, clock.now());
  });
  serveRoute(app, routes.restockItem, async (request) => {
    await admin(request);
    return restockItem(db, request.params.id, request.body.quantity, clock.now());
  });
  serveRoute(app, routes.setItemActive, async (request) => {
    await admin(request);
    return setItemActive(db, request.params.id, request.body.isActive, clock.now());
  });
};
