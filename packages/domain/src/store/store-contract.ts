import { z } from 'zod';
import { pageOf, pageQuery } from '../api/page';
import { PlaneCategory } from '../reference/aircraft-information';
import {
  BoosterType,
  CheckoutPaymentStatus,
  CheckoutStatus,
  HangarSize,
  OrderContext,
  OrderState,
  PaymentProvider,
  PaymentType,
  PriceCurrency,
  Rarity,
  StoreItemType,
  SubscriptionCode,
  SubscriptionPeriodState,
  SubscriptionType,
} from './item-types';

/** Page query shared by the store lists (page starts at 0). */
const ZPageQuery = pageQuery({ defaultSize: 24 });

/** Store item, with the typed fields of each item type. */
export const ZStoreItem = z.object({
  id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  /** 'FC' for wallet prices, '€' for card prices. */
  currencySymbol: z.string(),
  currency: z.enum(PriceCurrency),
  description: z.string(),
  /** Null: unlimited. */
  stock: z.number().int().nullable(),
  media: z.string().nullable(),
  name: z.string(),
  /** FC, or euro cents when `currency` is EUR. */
  price: z.number().int(),
  typeName: z.enum(StoreItemType),
  planeCategory: z.enum(PlaneCategory).nullable(),
  aircraftIcao: z.string().nullable(),
  hangarSize: z.enum(HangarSize).nullable(),
  rarity: z.enum(Rarity).nullable(),
  badgeCode: z.string().nullable(),
  xMilesFixedBonus: z.number().int(),
  milesPerDayBonus: z.number().int(),
  milesPerFlightHourBonus: z.number().int(),
  bonusDays: z.number().int(),
  isActive: z.boolean(),
});
export type TStoreItem = z.infer<typeof ZStoreItem>;

export const ZItemQuery = ZPageQuery.extend({
  categoryId: z.uuid().optional(),
  type: z.enum(StoreItemType).optional(),
  search: z.string().trim().max(80).optional(),
  currency: z.enum(PriceCurrency).optional(),
  planeCategory: z.enum(PlaneCategory).optional(),
  rarity: z.enum(Rarity).optional(),
  /** Admins may list retired items too. */
  includeRetired: z.stringbool().optional(),
});
export type TItemQuery = z.infer<typeof ZItemQuery>;

export const ZItemPage = pageOf(ZStoreItem);
export type TItemPage = z.infer<typeof ZItemPage>;

export const ZItemCategory = z.object({ id: z.string(), name: z.string() });
export type TItemCategory = z.infer<typeof ZItemCategory>;

/** Booster pack: `fcAmount` FC for `price` euro cents. */
export const ZBoosterPack = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(BoosterType),
  fcAmount: z.number().int(),
  price: z.number().int(),
  currency: z.literal('EUR'),
  photo: z.string().nullable(),
});
export type TBoosterPack = z.infer<typeof ZBoosterPack>;

/** Subscription: id, code, type, price (euro cents), with the saving of annual billing. */
export const ZSubscription = z.object({
  id: z.string(),
  code: z.enum(SubscriptionCode),
  type: z.enum(SubscriptionType),
  price: z.number().int(),
  currency: z.literal('EUR'),
  /** Percent saved against twelve monthly payments (ANNUAL only; 0 otherwise). */
  savingPercent: z.number().int(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** One order line as stored: what was bought, how many, at which unit price. */
export const ZOrderLine = z.object({
  kind: z.enum(['ITEM', 'PACK']),
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  currency: z.enum(PriceCurrency),
  unitPrice: z.number().int(),
  /** PACK lines: FC credited per pack bought. */
  fcAmount: z.number().int().optional(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

const ZContextFields = {
  context: z.enum(OrderContext).default('pilot'),
  airlineId: z.uuid().optional(),
};

/** POST /v1/order/user/{userId}: items (or packs) with quantities, coupons, payment, context. */
export const ZOrderRequest = z
  .object({
    /** ITEM: store items; PACK: booster packs (`itemId` is the pack id). */
    type: z.enum(['ITEM', 'PACK']).default('ITEM'),
    items: z
      .array(z.object({ itemId: z.uuid(), quantity: z.number().int().min(1).max(100) }))
      .min(1)
      .max(50),
    coupons: z.array(z.string().trim().min(1).max(40)).max(5).default([]),
    payment: z.object({ type: z.enum(PaymentType) }),
    ...ZContextFields,
  })
  .refine((value) => (value.context === 'airline_manager') === (value.airlineId !== undefined), {
    message: 'airlineId is required in the airline_manager context, and only there',
    path: ['airlineId'],
  });
export type TOrderRequest = z.infer<typeof ZOrderRequest>;

/** Checkout session. */
export const ZCheckoutSession = z.object({ sessionId: z.string(), sessionUrl: z.string(), clientSecret: z.string().nullable() });
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

export const ZOrderResponse = z.object({
  orderId: z.string(),
  state: z.enum(OrderState),
  totalFc: z.number().int(),
  totalCents: z.number().int(),
  /** Card orders: where to pay. */
  checkout: ZCheckoutSession.nullable(),
});
export type TOrderResponse = z.infer<typeof ZOrderResponse>;

/** POST /v1/user-item: one item bought from the wallet (the store's "buy now"). */
export const ZUserItemRequest = z
  .object({
    userId: z.uuid(),
    itemId: z.uuid(),
    quantity: z.number().int().min(1).max(100).default(1),
    ...ZContextFields,
  })
  .refine((value) => (value.context === 'airline_manager') === (value.airlineId !== undefined), {
    message: 'airlineId is required in the airline_manager context, and only there',
    path: ['airlineId'],
  });
export type TUserItemRequest = z.infer<typeof ZUserItemRequest>;

/** Inventory item. */
export const ZInventoryItem = z.object({
  id: z.string(),
  itemId: z.string(),
  name: z.string(),
  categoryName: z.string(),
  description: z.string(),
  media: z.string().nullable(),
  typeName: z.enum(StoreItemType),
  createdAt: z.string(),
  planeCategory: z.enum(PlaneCategory).nullable(),
  aircraftIcao: z.string().nullable(),
  hangarSize: z.enum(HangarSize).nullable(),
  rarity: z.enum(Rarity).nullable(),
  quantity: z.number().int(),
  converted: z.boolean(),
  bonusEndsAt: z.string().nullable(),
});
export type TInventoryItem = z.infer<typeof ZInventoryItem>;

export const ZInventoryQuery = ZPageQuery.extend({
  search: z.string().trim().max(80).optional(),
  /** Category id. */
  category: z.uuid().optional(),
  converted: z.stringbool().optional(),
});
export type TInventoryQuery = z.infer<typeof ZInventoryQuery>;

export const ZInventoryPage = pageOf(ZInventoryItem);
export type TInventoryPage = z.infer<typeof ZInventoryPage>;

/** GET /v1/stripe/session/{id}/status. */
export const ZCheckoutSessionStatus = z.object({
  status: z.enum(CheckoutStatus),
  paymentStatus: z.enum(CheckoutPaymentStatus),
  purpose: z.enum(['ORDER', 'SUBSCRIPTION']),
});
export type TCheckoutSessionStatus = z.infer<typeof ZCheckoutSessionStatus>;

/** POST /v1/user-subscription/user/{userId}. */
export const ZUserSubscriptionRequest = z.object({
  subscriptionId: z.uuid(),
  payment: z.object({ type: z.literal('CARD'), method: z.string().max(40).optional() }).default({ type: 'CARD' }),
  coupons: z.array(z.string().trim().min(1).max(40)).max(5).default([]),
});
export type TUserSubscriptionRequest = z.infer<typeof ZUserSubscriptionRequest>;

/** One paid period of a user's subscription. */
export const ZUserSubscriptionPeriod = z.object({
  id: z.string(),
  code: z.enum(SubscriptionCode),
  type: z.enum(SubscriptionType),
  state: z.enum(SubscriptionPeriodState),
  provider: z.enum(PaymentProvider),
  startDate: z.string(),
  endDate: z.string().nullable(),
});
export type TUserSubscriptionPeriod = z.infer<typeof ZUserSubscriptionPeriod>;

export const ZUserSubscriptions = z.object({
  /** Codes held now, with when each ends (null: never). */
  active: z.array(z.object({ code: z.enum(SubscriptionCode), endDate: z.string().nullable() })),
  periods: z.array(ZUserSubscriptionPeriod),
});
export type TUserSubscriptions = z.infer<typeof ZUserSubscriptions>;

/** Customer portal links (for the pilot and for the airline manager). */
export const ZClientPortal = z.object({ pilot: z.string().nullable(), airlineManager: z.string().nullable() });
export type TClientPortal = z.infer<typeof ZClientPortal>;

/** The fields an admin sets on an item, without defaults (so a change leaves unset fields alone). */
const itemFields = {
  categoryId: z.uuid(),
  name: z.string().trim().min(2).max(80),
  description: z.string().trim().min(2).max(1000),
  media: z.string().max(500).nullable(),
  currency: z.enum(PriceCurrency),
  price: z.number().int().min(0).max(100_000_000),
  stock: z.number().int().min(0).nullable(),
  planeCategory: z.enum(PlaneCategory).nullable(),
  aircraftIcao: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,4}$/)
    .nullable(),
  hangarSize: z.enum(HangarSize).nullable(),
  rarity: z.enum(Rarity).nullable(),
  badgeCode: z.string().max(40).nullable(),
  xMilesFixedBonus: z.number().int().min(0),
  milesPerDayBonus: z.number().int().min(0),
  milesPerFlightHourBonus: z.number().int().min(0),
  bonusDays: z.number().int().min(0).max(3650),
};

/** Admin: a new store item. */
export const ZStoreItemInput = z.object({
  ...itemFields,
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{3,60}$/),
  type: z.enum(StoreItemType),
  media: itemFields.media.default(null),
  stock: itemFields.stock.default(null),
  planeCategory: itemFields.planeCategory.default(null),
  aircraftIcao: itemFields.aircraftIcao.default(null),
  hangarSize: itemFields.hangarSize.default(null),
  rarity: itemFields.rarity.default(null),
  badgeCode: itemFields.badgeCode.default(null),
  xMilesFixedBonus: itemFields.xMilesFixedBonus.default(0),
  milesPerDayBonus: itemFields.milesPerDayBonus.default(0),
  milesPerFlightHourBonus: itemFields.milesPerFlightHourBonus.default(0),
  bonusDays: itemFields.bonusDays.default(0),
});
export type TStoreItemInput = z.infer<typeof ZStoreItemInput>;

/** Admin: change an item (any field but its slug and type); fields left out stay as they are. */
export const ZStoreItemPatch = z.object(itemFields).partial();
export type TStoreItemPatch = z.infer<typeof ZStoreItemPatch>;

/** Admin: add to an item's stock (a positive number of units). */
export const ZRestockRequest = z.object({ quantity: z.number().int().min(1).max(1_000_000) });
