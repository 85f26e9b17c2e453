/**
 * The store's enums (store item, booster pack, subscription; hangar sizes, rarity). Shared by the database schema, the API contract and the web app.
 */

/** What an item does once owned. */
export const StoreItemType = [
  /** Becomes an airline plane (consumeAircraftItem); carries a plane category and an aircraft ICAO. */
  'AIRCRAFT',
  /** A hangar of a size and rarity for an airline hub. */
  'HANGAR',
  /** Adds miles: a fixed amount at once, and/or per day or per flight hour for X days. */
  'MILES_BOOSTER',
  /** A profile badge; nothing but looks. */
  'COSMETIC',
  /** A pilot's type rating (reference/pilot-licences.ts): granted at purchase, never an inventory item. */
  'LICENCE',
] as const;
export type StoreItemType = (typeof StoreItemType)[number];

/** Items bought by a pilot for themselves; the others (planes, hangars) are bought for an airline. */
export const PILOT_ITEM_TYPES: readonly StoreItemType[] = ['MILES_BOOSTER', 'COSMETIC', 'LICENCE'];

/** What an item is priced in: FlightCoins from the wallet, or money (euro cents) by card. */
export const PriceCurrency = ['MFC', 'EUR'] as const;
export type PriceCurrency = (typeof PriceCurrency)[number];

/** Hangar sizes (small=0 holds 2 planes, medium=1 holds 4, large=2 holds 6). */
export const HangarSize = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export type HangarSize = (typeof HangarSize)[number];

/** Hangar rarity, poorest first. */
export const Rarity = ['poor', 'common', 'uncommon', 'rare', 'epic', 'legendary', 'artifact'] as const;
export type Rarity = (typeof Rarity)[number];

/** Booster types: a pack of FC, or a level booster (FC sized for a career level). */
export const BoosterType = ['pack', 'level'] as const;
export type BoosterType = (typeof BoosterType)[number];

/** Subscription codes. */
export const SubscriptionCode = ['SILVER', 'GOLD', 'DISCOVER', 'AIRLINE_MANAGER'] as const;
export type SubscriptionCode = (typeof SubscriptionCode)[number];

/** How a subscription is billed: each month, each year (cheaper), or once for ever. */
export const SubscriptionType = ['MONTHLY', 'ANNUAL', 'FOREVER'] as const;
export type SubscriptionType = (typeof SubscriptionType)[number];

/** Who an order is for: the pilot, or the airline the manager pays for (`context`). */
export const OrderContext = ['pilot', 'airline_manager'] as const;
export type OrderContext = (typeof OrderContext)[number];

/** How an order is paid: the FC wallet (pilot's or airline's), or a card through the checkout. */
export const PaymentType = ['WALLET', 'CARD'] as const;
export type PaymentType = (typeof PaymentType)[number];

export const OrderState = ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] as const;
export type OrderState = (typeof OrderState)[number];

/** Checkout session status, and Stripe's payment status beside it. */
export const CheckoutStatus = ['open', 'expired', 'complete'] as const;
export type CheckoutStatus = (typeof CheckoutStatus)[number];
export const CheckoutPaymentStatus = ['paid', 'unpaid', 'no_payment_required'] as const;
export type CheckoutPaymentStatus = (typeof CheckoutPaymentStatus)[number];

/** What a checkout session buys. */
export const CheckoutPurpose = ['ORDER', 'SUBSCRIPTION'] as const;
export type CheckoutPurpose = (typeof CheckoutPurpose)[number];

/** Where a card checkout runs: Stripe itself, or the embedded sandbox when no key is configured. */
export const PaymentProvider = ['STRIPE', 'SANDBOX'] as const;
export type PaymentProvider = (typeof PaymentProvider)[number];

/** State of one paid subscription period. */
export const SubscriptionPeriodState = ['ACTIVE', 'CANCELLED', 'EXPIRED', 'PAYMENT_FAILED'] as const;
export type SubscriptionPeriodState = (typeof SubscriptionPeriodState)[number];
