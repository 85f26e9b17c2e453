import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBoosterPack,
  ZInventoryPage,
  ZInventoryQuery,
  ZItemCategory,
  ZItemPage,
  ZItemQuery,
  ZRestockRequest,
  ZStoreItemInput,
  ZStoreItemPatch,
  ZOrderRequest,
  ZOrderResponse,
  ZStoreItem,
  ZSubscription,
  ZUserItemRequest,
  type TOrderRequest,
  type TOrderResponse,
} from '@contrail/domain/store/store-contract';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../plugins/authentication';
import { requireAccess } from '../access/access.service';
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

/** The store (spec section 7 "Store, orders, subscriptions"), under /api. Seeds the default catalogue at start. */
export const storeRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config, jobs } = app.deps;
  await seedDefaultCatalogue(db);
  // Per-day miles of running boosters; idempotent per day, so the period only bounds the delay.
  jobs.register({ name: MILES_BOOSTER_JOB, periodMs: 3_600_000, run: (now) => payDailyMilesBonuses(db, now) });
  const gateway = await paymentGatewayOf(app.deps);
  const tags = ['store'];
  const secured = { tags, security: [{ bearer: [] }] };

  app.get('/v1/item', { schema: { tags, querystring: ZItemQuery, response: { 200: ZItemPage } } }, async (request) =>
    listItems(db, request.query, false),
  );
  app.get('/v1/item/:id', { schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: ZStoreItem } } }, async (request) =>
    getItem(db, request.params.id, false),
  );
  app.get('/v1/item-category/active', { schema: { tags, response: { 200: z.array(ZItemCategory) } } }, async () => listActiveCategories(db));
  app.get('/v1/pack', { schema: { tags, response: { 200: z.array(ZBoosterPack) } } }, async () => listPacks(db));
  app.get('/v1/subscription', { schema: { tags, response: { 200: z.array(ZSubscription) } } }, async () => listSubscriptions(db));

  const order = async (request: FastifyRequest, userId: string, body: TOrderRequest): Promise<TOrderResponse> => {
    const caller = currentUser(request);
    await requireAccess(db, caller, 'store.order.create', { userId });
    const now = clock.now();
    const payer = await resolvePayer(db, caller, body);
    const placed = await placeOrder(db, { userId: caller.id, userName: caller.userName }, body, payer, now);
    const checkout =
      placed.state === 'PENDING'
        ? await createOrderCheckout(
            { db, gateway, publicUrl: config.PUBLIC_URL, now },
            { orderId: placed.orderId, userId: caller.id, totalCents: placed.totalCents, name: await orderCheckoutName(db, placed.orderId) },
          )
        : null;
    return { orderId: placed.orderId, state: placed.state, totalFc: placed.totalFc, totalCents: placed.totalCents, checkout };
  };

  app.post(
    '/v1/order/user/:userId',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ userId: z.uuid() }), body: ZOrderRequest, response: { 200: ZOrderResponse } } },
    async (request) => order(request, request.params.userId, request.body),
  );

  app.post(
    '/v1/user-item',
    { preHandler: app.authenticate, schema: { ...secured, body: ZUserItemRequest, response: { 200: ZOrderResponse } } },
    async (request) => {
      const { userId, itemId, quantity, context, airlineId } = request.body;
      return order(request, userId, {
        type: 'ITEM',
        items: [{ itemId, quantity }],
        coupons: [],
        payment: { type: 'WALLET' },
        context,
        ...(airlineId ? { airlineId } : {}),
      });
    },
  );

  app.get(
    '/v1/user-item/user/:userId',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ userId: z.uuid() }), querystring: ZInventoryQuery, response: { 200: ZInventoryPage } } },
    async (request) => {
      await requireAccess(db, currentUser(request), 'inventory.user.read', { userId: request.params.userId });
      return listInventory(db, { userId: request.params.userId }, request.query);
    },
  );

  app.get(
    '/v1/airline-item/airline/:airlineId',
    { preHandler: app.authenticate, schema: { ...secured, params: z.object({ airlineId: z.uuid() }), querystring: ZInventoryQuery, response: { 200: ZInventoryPage } } },
    async (request) => {
      await requireAccess(db, currentUser(request), 'airline.item.read', { airlineId: request.params.airlineId });
      return listInventory(db, { airlineId: request.params.airlineId }, request.query);
    },
  );

  // Admin (users.role ADMIN, permission store.item.manage): add, change, restock, retire items.
  const admin = async (request: FastifyRequest) => requireAccess(db, currentUser(request), 'store.item.manage');
  const itemParams = z.object({ id: z.uuid() });
  app.get(
    '/v1/admin/item',
    { preHandler: app.authenticate, schema: { ...secured, querystring: ZItemQuery, response: { 200: ZItemPage } } },
    async (request) => {
      await admin(request);
      return listItems(db, request.query, true);
    },
  );
  app.post(
    '/v1/admin/item',
    { preHandler: app.authenticate, schema: { ...secured, body: ZStoreItemInput, response: { 200: ZStoreItem } } },
    async (request) => {
      await admin(request);
      return createItem(db, request.body, clock.now());
    },
  );
  app.put(
    '/v1/admin/item/:id',
    { preHandler: app.authenticate, schema: { ...secured, params: itemParams, body: ZStoreItemPatch, response: { 200: ZStoreItem } } },
    async (request) => {
      await admin(request);
      return updateItem(db, request.params.id, request.body, clock.now());
    },
  );
  app.post(
    '/v1/admin/item/:id/restock',
    { preHandler: app.authenticate, schema: { ...secured, params: itemParams, body: ZRestockRequest, response: { 200: ZStoreItem } } },
    async (request) => {
      await admin(request);
      return restockItem(db, request.params.id, request.body.quantity, clock.now());
    },
  );
  app.put(
    '/v1/admin/item/:id/active',
    { preHandler: app.authenticate, schema: { ...secured, params: itemParams, body: z.object({ isActive: z.boolean() }), response: { 200: ZStoreItem } } },
    async (request) => {
      await admin(request);
      return setItemActive(db, request.params.id, request.body.isActive, clock.now());
    },
  );
};
