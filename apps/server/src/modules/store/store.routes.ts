import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { storeRoutes as routes } from '@contrail/domain/store/store-routes';
import { serveRoute } from '../../lib/serve-route';
import { currentUser } from '../../plugins/authentication';
import { paymentGatewayOf } from '../payment/payment-gateway-of';
import type { PaymentContext } from '../payment/payment.service';
import { seedDefaultCatalogue } from './catalogue.repository';
import {
  createItem,
  getItem,
  listActiveCategories,
  listItems,
  listItemsForAdmin,
  listPacks,
  listSubscriptions,
  restockItem,
  setItemActive,
  updateItem,
} from './catalogue.service';
import { payDailyMilesBonuses } from './inventory.service';
import { listAirlineInventory, listUserInventory, orderFor } from './store.service';

export const MILES_BOOSTER_JOB = 'miles-booster-daily';

/**
 * The store, under /api, served from its declarations in the domain: routes authenticate and
 * validate, the services check access. Seeds the default catalogue at start.
 */
export const storeRoutes: FastifyPluginAsync = async (app) => {
  const { db, clock, config, jobs } = app.deps;
  await seedDefaultCatalogue(db);
  // Per-day miles of running boosters; idempotent per day, so the period only bounds the delay.
  jobs.register({ name: MILES_BOOSTER_JOB, periodMs: 3_600_000, run: (now) => payDailyMilesBonuses(db, now) });
  const gateway = await paymentGatewayOf(app.deps);
  const paymentContext = (request: FastifyRequest): PaymentContext => ({ db, gateway, publicUrl: config.PUBLIC_URL, now: clock.now(), log: request.log });

  serveRoute(app, routes.items, async (request) => listItems(db, request.query, false));
  serveRoute(app, routes.item, async (request) => getItem(db, request.params.id, false));
  serveRoute(app, routes.activeCategories, async () => listActiveCategories(db));
  serveRoute(app, routes.packs, async () => listPacks(db));
  serveRoute(app, routes.subscriptions, async () => listSubscriptions(db));

  serveRoute(app, routes.placeOrder, async (request) => orderFor(paymentContext(request), currentUser(request), request.params.userId, request.body));

  serveRoute(app, routes.buyItem, async (request) => {
    const { userId, itemId, quantity, context, airlineId } = request.body;
    return orderFor(paymentContext(request), currentUser(request), userId, {
      type: 'ITEM',
      items: [{ itemId, quantity }],
      coupons: [],
      payment: { type: 'WALLET' },
      context,
      ...(airlineId ? { airlineId } : {}),
    });
  });

  serveRoute(app, routes.userInventory, async (request) => listUserInventory(db, currentUser(request), request.params.userId, request.query));
  serveRoute(app, routes.airlineInventory, async (request) =>
    listAirlineInventory(db, currentUser(request), request.params.airlineId, request.query),
  );

  // Admin: add, change, restock, retire items.
  serveRoute(app, routes.adminItems, async (request) => listItemsForAdmin(db, currentUser(request), request.query));
  serveRoute(app, routes.createItem, async (request) => createItem(db, currentUser(request), request.body, clock.now()));
  serveRoute(app, routes.updateItem, async (request) => updateItem(db, currentUser(request), request.params.id, request.body, clock.now()));
  serveRoute(app, routes.restockItem, async (request) =>
    restockItem(db, currentUser(request), request.params.id, request.body.quantity, clock.now()),
  );
  serveRoute(app, routes.setItemActive, async (request) =>
    setItemActive(db, currentUser(request), request.params.id, request.body.isActive, clock.now()),
  );
};
