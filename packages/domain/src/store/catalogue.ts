import type { PlaneCategory } from '../reference/aircraft-information';
import type { BoosterType, HangarSize, PriceCurrency, Rarity, StoreItemType, SubscriptionCode, SubscriptionType } from './item-types';

/**
 * The default catalogue a fresh start shows, and the ONE place where store prices are reasoned
 * (CONTRACTS.md 8: the commerce branch owns prices here). The server seeds it at start-up
 * (insert-if-missing by slug, so an admin's later changes are kept).
 *
 * The yardstick is what flying pays (rewards/reward-constants.ts): about 1 FC per nautical mile,
 * so an ordinary 300 to 700 NM flight earns about 500 FC, and an active pilot flying 30 such
 * flights a month earns about 15,000 FC a month. Card prices are in euro cents.
 */

export type CatalogueCategory = { name: string; sortIdx: number };

export const DEFAULT_CATEGORIES: readonly CatalogueCategory[] = [
  { name: 'Aircraft', sortIdx: 0 },
  { name: 'Hangars', sortIdx: 1 },
  { name: 'Boosters', sortIdx: 2 },
  { name: 'Badges', sortIdx: 3 },
  { name: 'Licences', sortIdx: 4 },
];

export type CatalogueItem = {
  slug: string;
  category: string;
  type: StoreItemType;
  name: string;
  description: string;
  currency: PriceCurrency;
  price: number;
  /** Null: unlimited. */
  stock: number | null;
  /** Why this price (kept beside the number, not elsewhere). */
  reasoning: string;
  planeCategory?: PlaneCategory;
  aircraftIcao?: string;
  hangarSize?: HangarSize;
  rarity?: Rarity;
  badgeCode?: string;
  xMilesFixedBonus?: number;
  milesPerDayBonus?: number;
  milesPerFlightHourBonus?: number;
  bonusDays?: number;
  /** LICENCE items: the code of the licence granted (reference/pilot-licences.ts). */
  licenceCode?: string;
};

export const DEFAULT_ITEMS: readonly CatalogueItem[] = [
  {
    slug: 'aircraft-c208',
    category: 'Aircraft',
    type: 'AIRCRAFT',
    name: 'Cessna 208 Caravan',
    description: 'A rugged turboprop for short island hops and bush strips. Becomes a plane of your airline.',
    currency: 'MFC',
    price: 12_000,
    stock: null,
    reasoning: 'About 24 ordinary flights (three weeks of active flying): the entry plane of a new airline.',
    planeCategory: 'SMALL_HAUL',
    aircraftIcao: 'C208',
  },
  {
    slug: 'aircraft-at76',
    category: 'Aircraft',
    type: 'AIRCRAFT',
    name: 'ATR 72-600',
    description: 'The regional workhorse: 70 seats, short runways, low costs. Becomes a plane of your airline.',
    currency: 'MFC',
    price: 25_000,
    stock: null,
    reasoning: 'About 50 flights: a small-haul airliner earns more per leg than the Caravan, so it costs twice as much.',
    planeCategory: 'SMALL_HAUL',
    aircraftIcao: 'AT76',
  },
  {
    slug: 'aircraft-a320',
    category: 'Aircraft',
    type: 'AIRCRAFT',
    name: 'Airbus A320neo',
    description: 'The medium-haul single aisle every airline wants. Becomes a plane of your airline.',
    currency: 'MFC',
    price: 45_000,
    stock: null,
    reasoning: 'Three months of active flying: medium haul pays 1.2 times per mile, and routes are longer.',
    planeCategory: 'MEDIUM_HAUL',
    aircraftIcao: 'A20N',
  },
  {
    slug: 'aircraft-b789',
    category: 'Aircraft',
    type: 'AIRCRAFT',
    name: 'Boeing 787-9',
    description: 'Long-haul flagship. Becomes a plane of your airline.',
    currency: 'MFC',
    price: 90_000,
    stock: null,
    reasoning: 'Six months of active flying, or 30 transatlantic legs: the airline goal, not a first purchase.',
    planeCategory: 'LARGE_HAUL',
    aircraftIcao: 'B789',
  },
  {
    slug: 'aircraft-b77f-limited',
    category: 'Aircraft',
    type: 'AIRCRAFT',
    name: 'Boeing 777F (limited run)',
    description: 'A freighter from a limited production run. Becomes a cargo plane of your airline.',
    currency: 'MFC',
    price: 70_000,
    stock: 25,
    reasoning: 'Below the 787 because cargo pays 1.3 (not 1.4) per mile; limited stock makes it an event item.',
    planeCategory: 'CARGO',
    aircraftIcao: 'B77L',
  },
  {
    slug: 'hangar-small-common',
    category: 'Hangars',
    type: 'HANGAR',
    name: 'Small hangar',
    description: 'Shelters 2 planes at a hub.',
    currency: 'MFC',
    price: 6_000,
    stock: null,
    reasoning: 'Half a Caravan: housing two small planes should not cost more than one of them.',
    hangarSize: 'SMALL',
    rarity: 'common',
  },
  {
    slug: 'hangar-medium-rare',
    category: 'Hangars',
    type: 'HANGAR',
    name: 'Medium hangar (rare)',
    description: 'Shelters 4 planes at a hub; a rare build with room to spare.',
    currency: 'MFC',
    price: 15_000,
    stock: 100,
    reasoning: 'Twice the capacity of the small one for 2.5 times the price: the rarity premium is the 0.5.',
    hangarSize: 'MEDIUM',
    rarity: 'rare',
  },
  {
    slug: 'hangar-large-legendary',
    category: 'Hangars',
    type: 'HANGAR',
    name: 'Large hangar (legendary)',
    description: 'Shelters 6 planes at a hub. Legendary: very few exist.',
    currency: 'MFC',
    price: 40_000,
    stock: 10,
    reasoning: 'Three times the small capacity; legendary and scarce, priced like a medium-haul plane.',
    hangarSize: 'LARGE',
    rarity: 'legendary',
  },
  {
    slug: 'miles-booster-instant',
    category: 'Boosters',
    type: 'MILES_BOOSTER',
    name: 'Miles booster: 1,000 miles',
    description: '1,000 miles added to your miles wallet at once.',
    currency: 'MFC',
    price: 1_500,
    stock: null,
    reasoning: 'Three flights of FC for what a 1,000 NM flight earns in miles: a shortcut, never a bargain.',
    xMilesFixedBonus: 1_000,
  },
  {
    slug: 'miles-booster-week',
    category: 'Boosters',
    type: 'MILES_BOOSTER',
    name: 'Miles booster: 7 days',
    description: '100 miles a day and 50 miles per flight hour for 7 days.',
    currency: 'MFC',
    price: 2_500,
    stock: null,
    reasoning: '700 miles for certain plus about 500 for an active week: 1,200 miles for five flights of FC.',
    milesPerDayBonus: 100,
    milesPerFlightHourBonus: 50,
    bonusDays: 7,
  },
  {
    slug: 'badge-night-owl',
    category: 'Badges',
    type: 'COSMETIC',
    name: 'Night owl badge',
    description: 'A profile badge for those who fly when the world sleeps.',
    currency: 'MFC',
    price: 800,
    stock: null,
    reasoning: 'Cosmetic only, so cheap: under two flights.',
    badgeCode: 'night-owl',
  },
  {
    slug: 'badge-founder',
    category: 'Badges',
    type: 'COSMETIC',
    name: 'Founder badge',
    description: 'A profile badge for the first pilots of Contrail.',
    currency: 'EUR',
    price: 299,
    stock: 1_000,
    reasoning: 'A small card purchase supporting the project; limited to the first thousand.',
    badgeCode: 'founder',
  },
  // Type ratings: the free licences cover the trainers and the A320 and 737 families; the rest are
  // earned here. Priced at about what the rated aircraft earn in ten flights, so a rating pays
  // itself back within a week or two of flying it.
  {
    slug: 'licence-set',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Single-engine turbine rating',
    description: 'Fly the Cessna 208 Caravan, TBM 9, PC-12 and Vision Jet: the entry planes of most airlines.',
    currency: 'MFC',
    price: 3_000,
    stock: null,
    reasoning: 'About six ordinary flights: the entry rating must be within a new pilot’s first week.',
    licenceCode: 'SET',
  },
  {
    slug: 'licence-mep',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Multi-engine piston rating',
    description: 'Fly the Baron, the DA62 and the DC-3.',
    currency: 'MFC',
    price: 3_000,
    stock: null,
    reasoning: 'Same step as the turbine rating: light twins earn like the Caravan.',
    licenceCode: 'MEP',
  },
  {
    slug: 'licence-regional',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Regional airliner type ratings',
    description: 'Fly the Twin Otter, ATR, Dash 8, CRJ and E-Jets of the regional fleet.',
    currency: 'MFC',
    price: 6_000,
    stock: null,
    reasoning: 'About ten regional legs: twice the entry rating, as regional airliners earn about twice as much per flight.',
    licenceCode: 'REGIONAL',
  },
  {
    slug: 'licence-bizjet',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Business aircraft type ratings',
    description: 'Fly the King Air, HondaJet, Citation and Challenger.',
    currency: 'MFC',
    price: 6_000,
    stock: null,
    reasoning: 'Priced with the regional ratings: business jets fly shorter legs for a similar reward.',
    licenceCode: 'BIZJET',
  },
  {
    slug: 'licence-narrowbody',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Narrow-body jet type ratings',
    description: 'Fly the A220, E-Jets E2, 727, MD-80 and 757.',
    currency: 'MFC',
    price: 10_000,
    stock: null,
    reasoning: 'About ten medium-haul flights: the A320 and 737 ratings are free, so this is for pilots who want more types.',
    licenceCode: 'NARROWBODY',
  },
  {
    slug: 'licence-widebody',
    category: 'Licences',
    type: 'LICENCE',
    name: 'Wide-body jet type ratings',
    description: 'Fly the 767, 777, 787, 747, A330, A350 and A380.',
    currency: 'MFC',
    price: 20_000,
    stock: null,
    reasoning: 'About ten long-haul flights (a month of active flying): the top rating is a goal, not a start.',
    licenceCode: 'WIDEBODY',
  },
];

export type CatalogueBoosterPack = {
  slug: string;
  type: BoosterType;
  name: string;
  description: string;
  fcAmount: number;
  /** Euro cents. */
  priceCents: number;
  reasoning: string;
};

export const DEFAULT_BOOSTER_PACKS: readonly CatalogueBoosterPack[] = [
  {
    slug: 'pack-starter',
    type: 'pack',
    name: 'Starter pack',
    description: '5,000 FC in your wallet.',
    fcAmount: 5_000,
    priceCents: 499,
    reasoning: 'Ten ordinary flights for the price of a coffee: 1,000 FC per euro, the base rate.',
  },
  {
    slug: 'pack-pilot',
    type: 'pack',
    name: 'Pilot pack',
    description: '12,000 FC in your wallet.',
    fcAmount: 12_000,
    priceCents: 999,
    reasoning: '1,200 FC per euro: 20 percent more than the base rate for buying twice as much.',
  },
  {
    slug: 'pack-captain',
    type: 'pack',
    name: 'Captain pack',
    description: '30,000 FC in your wallet.',
    fcAmount: 30_000,
    priceCents: 1_999,
    reasoning: '1,500 FC per euro, the best rate; still under a long-haul plane, so flying stays the way to grow.',
  },
  {
    slug: 'level-booster',
    type: 'level',
    name: 'Level booster',
    description: '20,000 FC to catch up on a career level.',
    fcAmount: 20_000,
    priceCents: 1_499,
    reasoning: 'About 1,330 FC per euro: between the pilot and captain rates, sized for one level of progress.',
  },
];

export type CataloguePlan = { code: SubscriptionCode; type: SubscriptionType; priceCents: number; reasoning: string };

/**
 * Subscription prices. ANNUAL is twelve months with a saving of at most 20 percent;
 * FOREVER is about two and a half years of monthly payments.
 */
export const DEFAULT_SUBSCRIPTION_PLANS: readonly CataloguePlan[] = [
  { code: 'DISCOVER', type: 'MONTHLY', priceCents: 199, reasoning: 'A low price to try the paid features for a month.' },
  { code: 'DISCOVER', type: 'ANNUAL', priceCents: 1_990, reasoning: 'Two months free (17 percent saving).' },
  { code: 'DISCOVER', type: 'FOREVER', priceCents: 4_900, reasoning: 'About 25 months of DISCOVER.' },
  { code: 'SILVER', type: 'MONTHLY', priceCents: 299, reasoning: 'Between DISCOVER and GOLD.' },
  { code: 'SILVER', type: 'ANNUAL', priceCents: 2_990, reasoning: 'Two months free (17 percent saving).' },
  { code: 'SILVER', type: 'FOREVER', priceCents: 7_900, reasoning: 'About 26 months of SILVER.' },
  {
    code: 'GOLD',
    type: 'MONTHLY',
    priceCents: 499,
    reasoning: 'Premium pilot (flight log, no mission limit, cloud save): the price of the starter pack.',
  },
  { code: 'GOLD', type: 'ANNUAL', priceCents: 4_790, reasoning: 'The full 20 percent saving: 12 x 4.99 x 0.8.' },
  { code: 'GOLD', type: 'FOREVER', priceCents: 12_900, reasoning: 'About 26 months of GOLD.' },
  {
    code: 'AIRLINE_MANAGER',
    type: 'MONTHLY',
    priceCents: 799,
    reasoning: 'Running an airline is the richest mode; above GOLD, still under a game a month.',
  },
  { code: 'AIRLINE_MANAGER', type: 'ANNUAL', priceCents: 7_670, reasoning: 'The full 20 percent saving: 12 x 7.99 x 0.8.' },
  { code: 'AIRLINE_MANAGER', type: 'FOREVER', priceCents: 19_900, reasoning: 'About 25 months of AIRLINE_MANAGER.' },
];

/** The most an ANNUAL plan may save against twelve monthly payments. */
export const MAX_ANNUAL_SAVING_PERCENT = 20;

/** Percent an annual price saves against twelve monthly payments, rounded down (0 if none). */
export const annualSavingPercent = (monthlyCents: number, annualCents: number): number => {
  const twelve = monthlyCents * 12;
  if (twelve <= 0 || annualCents >= twelve) return 0;
  return Math.floor(((twelve - annualCents) * 100) / twelve);
};

/** How long a paid period lasts; FOREVER has no end. */
export const SUBSCRIPTION_PERIOD_MONTHS: Readonly<Record<SubscriptionType, number | null>> = {
  MONTHLY: 1,
  ANNUAL: 12,
  FOREVER: null,
};

/**
 * How long before a subscription's paid end the pilot is told it is about to end (notification
 * SUBSCRIPTION_ENDING). Three days: long enough to renew before premium lapses even for a pilot
 * who flies only at weekends, short enough that a monthly period is not announced as ending a
 * tenth of its length early. Only a subscription that will really end is announced (cancelled, or
 * with nothing to renew it), never one the provider is about to renew.
 */
export const SUBSCRIPTION_ENDING_NOTICE_MS = 3 * 86_400_000;

/** Adds calendar months in UTC (clamping the day, so 31 Jan + 1 month is 28/29 Feb). */
export const addMonthsUtc = (date: Date, months: number): Date => {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

/** How long an unpaid card checkout stays open (Stripe's minimum is 30 minutes). */
export const CHECKOUT_SESSION_TTL_MS = 30 * 60 * 1000;

/** The premium mode each subscription code opens. */
export const PREMIUM_CODE_BY_MODE = { pilot: 'GOLD', airline_manager: 'AIRLINE_MANAGER' } as const;
