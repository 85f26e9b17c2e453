import { z } from 'zod';
import { declareRoute } from '../api/route-declaration';
import {
  ZBoosterPack,
  ZInventoryPage,
  ZInventoryQuery,
  ZItemCategory,
  ZItemPage,
  ZItemQuery,
  ZOrderRequest,
  ZOrderResponse,
  ZRestockRequest,
  ZStoreItem,
  ZStoreItemInput,
  ZStoreItemPatch,
  ZSubscription,
  ZUserItemRequest,
} from './store-contract';

const itemParams = z.object({ id: z.uuid() });

/** The store: the catalogue, orders, inventories and its admin. */
export const storeRoutes = {
  /** Items on sale, page from 0; public, like the whole catalogue. */
  items: declareRoute({ method: 'GET', path: '/api/v1/item', tag: 'store', signedIn: false, query: ZItemQuery, response: ZItemPage }),
  item: declareRoute({ method: 'GET', path: '/api/v1/item/:id', tag: 'store', signedIn: false, params: itemParams, response: ZStoreItem }),
  activeCategories: declareRoute({ method: 'GET', path: '/api/v1/item-category/active', tag: 'store', signedIn: false, response: z.array(ZItemCategory) }),
  /** Booster packs: FC for money. */
  packs: declareRoute({ method: 'GET', path: '/api/v1/pack', tag: 'store', signedIn: false, response: z.array(ZBoosterPack) }),
  /** Every subscription plan with its price and annual saving. */
  subscriptions: declareRoute({ method: 'GET', path: '/api/v1/subscription', tag: 'store', signedIn: false, response: z.array(ZSubscription) }),
  /** FC orders are paid at once; card orders answer a checkout to open. */
  placeOrder: declareRoute({
    method: 'POST',
    path: '/api/v1/order/user/:userId',
    tag: 'store',
    params: z.object({ userId: z.uuid() }),
    body: ZOrderRequest,
    response: ZOrderResponse,
  }),
  /** One item bought from the wallet (the store's "buy now", and the airline manager's purchases). */
  buyItem: declareRoute({ method: 'POST', path: '/api/v1/user-item', tag: 'store', body: ZUserItemRequest, response: ZOrderResponse }),
  userInventory: declareRoute({
    method: 'GET',
    path: '/api/v1/user-item/user/:userId',
    tag: 'store',
    params: z.object({ userId: z.uuid() }),
    query: ZInventoryQuery,
    response: ZInventoryPage,
  }),
  airlineInventory: declareRoute({
    method: 'GET',
    path: '/api/v1/airline-item/airline/:airlineId',
    tag: 'store',
    params: z.object({ airlineId: z.uuid() }),
    query: ZInventoryQuery,
    response: ZInventoryPage,
  }),
  /** Admin: every item, retired ones too when asked. */
  adminItems: declareRoute({ method: 'GET', path: '/api/v1/admin/item', tag: 'store', query: ZItemQuery, response: ZItemPage }),
  createItem: declareRoute({ method: 'POST', path: '/api/v1/admin/item', tag: 'store', body: ZStoreItemInput, response: ZStoreItem }),
  updateItem: declareRoute({ method: 'PUT', path: '/api/v1/admin/item/:id', tag: 'store', params: itemParams, body: ZStoreItemPatch, response: ZStoreItem }),
  restockItem: declareRoute({ method: 'POST', path: '/api/v1/admin/item/:id/restock', tag: 'store', params: itemParams, body: ZRestockRequest, response: ZStoreItem }),
  setItemActive: declareRoute({
    method: 'PUT',
    path: '/api/v1/admin/item/:id/active',
    tag: 'store',
    params: itemParams,
    body: z.object({ isActive: z.boolean() }),
    response: ZStoreItem,
  }),
};
