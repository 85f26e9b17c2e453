import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BoosterType, HangarSize, OrderContext, OrderState, PaymentType, PriceCurrency, Rarity, StoreItemType, SubscriptionCode, SubscriptionType } from '@contrail/domain/store/item-types';
import { PlaneCategory } from '@contrail/domain/reference/aircraft-information';
import type { TOrderLine } from '@contrail/domain/store/store-contract';
import { airlines } from '../airline/airline.schema';
import { users } from '../user/user.schema';

/** Store item categories; inactive ones are hidden from the store. */
export const itemCategories = pgTable(
  'item_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortIdx: integer('sort_idx').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('item_categories_name_idx').on(table.name)],
);

/**
 * What the store sells. The price is in FC (`MFC`, paid from a wallet)
 * or in euro cents (`EUR`, paid by card). `stock` null means unlimited; otherwise it is only ever
 * lowered by a conditional update, so it never goes below zero.
 */
export const storeItems = pgTable(
  'store_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key of a seeded item, so re-seeding updates instead of duplicating. */
    slug: text('slug').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => itemCategories.id),
    type: text('type', { enum: StoreItemType }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    media: text('media'),
    currency: text('currency', { enum: PriceCurrency }).notNull(),
    /** FC when `currency` is MFC, euro cents when EUR. */
    price: integer('price').notNull(),
    stock: integer('stock'),
    /** Aircraft items: the plane category and ICAO the plane will have. */
    planeCategory: text('plane_category', { enum: PlaneCategory }),
    aircraftIcao: text('aircraft_icao'),
    /** Hangar items. */
    hangarSize: text('hangar_size', { enum: HangarSize }),
    rarity: text('rarity', { enum: Rarity }),
    /** Cosmetic items: the badge shown on the profile. */
    badgeCode: text('badge_code'),
    /** Licence items: the pilot licence granted at purchase. */
    licenceCode: text('licence_code'),
    /** Miles paid once when the item is delivered. */
    xMilesFixedBonus: integer('x_miles_fixed_bonus').notNull().default(0),
    /** Miles per day, for `bonusDays` days from delivery. */
    milesPerDayBonus: integer('miles_per_day_bonus').notNull().default(0),
    /** Miles per flight hour flown, for `bonusDays` days from delivery. */
    milesPerFlightHourBonus: integer('miles_per_flight_hour_bonus').notNull().default(0),
    bonusDays: integer('bonus_days').notNull().default(0),
    /** Retired items stay for owned inventory and past orders, but are no longer sold. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('store_items_slug_idx').on(table.slug),
    index('store_items_category_idx').on(table.categoryId, table.isActive),
    check('store_items_price_not_negative', sql`${table.price} >= 0`),
    check('store_items_stock_not_negative', sql`${table.stock} is null or ${table.stock} >= 0`),
    check(
      'store_items_aircraft_fields',
      sql`${table.type} <> 'AIRCRAFT' or (${table.planeCategory} is not null and ${table.aircraftIcao} is not null)`,
    ),
    check('store_items_hangar_fields', sql`${table.type} <> 'HANGAR' or (${table.hangarSize} is not null and ${table.rarity} is not null)`),
  ],
);

/** Booster packs: FC bought with money. */
export const boosterPacks = pgTable(
  'booster_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    type: text('type', { enum: BoosterType }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    fcAmount: integer('fc_amount').notNull(),
    /** Euro cents. */
    priceCents: integer('price_cents').notNull(),
    photo: text('photo'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('booster_packs_slug_idx').on(table.slug),
    check('booster_packs_positive', sql`${table.fcAmount} > 0 and ${table.priceCents} > 0`),
  ],
);

/** Subscription plans: id, code, type, price. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code', { enum: SubscriptionCode }).notNull(),
    type: text('type', { enum: SubscriptionType }).notNull(),
    /** Euro cents per period (once for FOREVER). */
    priceCents: integer('price_cents').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('subscription_plans_code_type_idx').on(table.code, table.type)],
);

/** Coupons an order or a subscription may carry: a percentage off, a limited number of times. */
export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off').notNull(),
    maxRedemptions: integer('max_redemptions'),
    redeemed: integer('redeemed').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('coupons_percent_range', sql`${table.percentOff} between 1 and 100`),
    check('coupons_redemptions', sql`${table.maxRedemptions} is null or ${table.redeemed} <= ${table.maxRedemptions}`),
  ],
);

/**
 * An order of items (and packs) by a user, for themself (pilot) or for an airline they manage.
 * Wallet orders are PAID in the transaction that creates them; card orders wait PENDING for the
 * checkout to complete.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    context: text('context', { enum: OrderContext }).notNull(),
    /**
     * The airline the order is for (airline_manager context); its wallet pays. A deleted airline
     * leaves its orders (a card payment's record, with its checkout session) without an airline.
     */
    airlineId: uuid('airline_id').references(() => airlines.id, { onDelete: 'set null' }),
    paymentType: text('payment_type', { enum: PaymentType }).notNull(),
    state: text('state', { enum: OrderState }).notNull(),
    lines: jsonb('lines').$type<TOrderLine[]>().notNull(),
    coupons: jsonb('coupons').$type<string[]>().notNull().default([]),
    totalFc: integer('total_fc').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    // A pilot's order never names an airline; an airline's does, until that airline is deleted.
    check('orders_airline_context', sql`${table.context} = 'airline_manager' or ${table.airlineId} is null`),
  ],
);

/**
 * What a user or an airline owns. Exactly one owner. Aircraft items
 * are delivered one row per unit so that each can be `converted` into a plane exactly once.
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    airlineId: uuid('airline_id').references(() => airlines.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id),
    orderId: uuid('order_id').references(() => orders.id),
    quantity: integer('quantity').notNull().default(1),
    /** An aircraft item made into an airline plane; it can never be used again (ERR_0023). */
    converted: boolean('converted').notNull().default(false),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
    /** Miles boosters: until when the per-day / per-flight-hour bonus runs. */
    bonusEndsAt: timestamp('bonus_ends_at', { withTimezone: true }),
    /** Last day (UTC midnight) the per-day miles were paid, so a rerun pays nothing twice. */
    dailyBonusPaidThrough: timestamp('daily_bonus_paid_through', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventory_items_user_idx').on(table.userId, table.createdAt),
    index('inventory_items_airline_idx').on(table.airlineId, table.createdAt),
    check('inventory_items_one_owner', sql`(${table.userId} is null) <> (${table.airlineId} is null)`),
    check('inventory_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
