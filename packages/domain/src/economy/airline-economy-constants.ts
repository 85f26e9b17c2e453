import type { HangarSize } from '../store/item-types';
import type { PlaneCategory } from '../reference/aircraft-information';

/**
 * Every airline-manager amount the product does not show the pilot, in one place, each with the
 * published economy it starts from (see docs/decisions/0023-airline-economy.md). Amounts are FlightCoins (FC).
 *
 * Scale: the store prices aircraft at 12,000 to 90,000 FC and a pilot flying about 30 flights a
 * month earns about 15,000 FC (packages/domain/src/store/catalogue.ts). Bush Divers' monthly costs
 * (hub rent 2,000, parking 250 / 1,350 / 2,500, ownership 950 / 2,000 / 3,500) sit on the same scale
 * as our monthly incomes, so they are taken nearly as published; its one-off amounts (a new hub
 * 120,000) are scaled down to our plane prices so that opening a hub costs about one plane.
 *
 * REALIST and EASY differ in these numbers only: no code path asks which difficulty it is.
 * See docs/decisions/0023-airline-economy.md.
 */

export const GameDifficulty = ['REALIST', 'EASY'] as const;
export type GameDifficulty = (typeof GameDifficulty)[number];

/** OurAirports' sizes that can hold a hub; smaller fields (heliports, closed, seaplane bases) cannot. */
export const HubAirportSize = ['small_airport', 'medium_airport', 'large_airport'] as const;
export type HubAirportSize = (typeof HubAirportSize)[number];

export type AirlineEconomy = {
  /** One-off licence to open a hub, by airport size. */
  hubLicenceCostFc: Record<HubAirportSize, number>;
  /** Monthly hub operating cost, by airport size. */
  hubOperatingCostFc: Record<HubAirportSize, number>;
  /** One-off fee to open a hangar, by hangar size. */
  hangarLicenceCostFc: Record<HangarSize, number>;
  /** Monthly hangar operating cost, by hangar size. */
  hangarOperatingCostFc: Record<HangarSize, number>;
  /** Building a plane from an aircraft item (the first plane of an airline is free). */
  planeBuildCostFc: Record<PlaneCategory, number>;
  /** Seat fitting, per seat, by class. */
  seatCostFc: { eco: number; business: number; first: number };
  /** Days from an accepted build to delivery (the plane is BUILDING meanwhile). */
  planeBuildDays: Record<PlaneCategory, number>;
  /** Traffic-right licence for one year of a country. */
  trafficRightLicenceCostFc: { base: number; perHundredAirports: number; max: number };
  /** Wear lost per flight hour and per hard landing (wear runs 100 = new down to 0). */
  wearPerFlightHour: number;
  wearPerHardLanding: number;
  /** Days a FAILED airline transaction may stay unpaid before the airline is FAILED. */
  bankruptcyDeadlineDays: number;
};

/**
 * Maintenance checks chosen by condition band, always back to wear 100 (FSAirlines: A 95-100 1 day
 * 3 %, B 75-95 3 days 20 %, C 40-75 7 days 50 %, D 0-40 14 days 80 % of the new price). The check
 * is chosen by the lowest band the wear is in (`minWear` inclusive).
 */
export type MaintenanceCheck = { name: 'A' | 'B' | 'C' | 'D'; minWear: number; durationDays: number; shareOfPrice: number };

export const MAINTENANCE_CHECKS: readonly MaintenanceCheck[] = [
  { name: 'A', minWear: 95, durationDays: 1, shareOfPrice: 0.03 },
  { name: 'B', minWear: 75, durationDays: 3, shareOfPrice: 0.2 },
  { name: 'C', minWear: 40, durationDays: 7, shareOfPrice: 0.5 },
  { name: 'D', minWear: 0, durationDays: 14, shareOfPrice: 0.8 },
];

/** Grounded at wear 20 or lower; maintenance refused at wear 100. */
export const GROUNDED_AT_WEAR = 20;
export const FULL_WEAR = 100;
/** Hangar capacity: planes per hangar size. */
export const HANGAR_CAPACITY: Record<HangarSize, number> = { SMALL: 2, MEDIUM: 4, LARGE: 6 };
/** Billing period of every recurring airline cost: Bush Divers and OnAir charge monthly. */
export const RECURRING_PERIOD_MONTHS = 1;
/** Traffic rights last a year and may be renewed only in their last month. */
export const TRAFFIC_RIGHT_VALIDITY_MONTHS = 12;
export const TRAFFIC_RIGHT_RENEWAL_WINDOW_MONTHS = 1;
/** A hard landing: phpVMS and vAMSYS auto-reject above 600 fpm; we take the same line for wear. */
export const HARD_LANDING_FPM = 600;
/** The default salary is 100. */
export const BASE_SALARY_FC = 100;
/** Default load factors (phpVMS: passengers 82 % +-5, cargo 32 % +-5). */
export const DEFAULT_PAX_LOAD_FACTOR = 0.82;
export const DEFAULT_CARGO_LOAD_FACTOR = 0.32;
/** Fare per seat from distance (phpVMS PR #2238: base about 50 plus 0.11 per nm). */
export const FARE_BASE_FC = 50;
export const FARE_PER_NM_FC = 0.11;
/**
 * A plane booked and never flown goes back on the line after this long (vAMSYS and phpVMS expire
 * bids after a day or so; a booking here is for the flight the pilot is about to fly).
 */
export const AIRLINE_BOOKING_TIMEOUT_MINUTES = 120;
/** Cargo fare per kg and 100 nm (phpVMS prices cargo per kg: a tonne over 500 nm pays about a seat). */
export const CARGO_FARE_PER_KG_PER_100NM = 0.03;
/** The cash-runway forecast warns this many days before the projected default. */
export const RUNWAY_WARNING_DAYS = 14;

const REALIST: AirlineEconomy = {
  // Bush Divers charges 120,000 for a new hub against monthly rent of 2,000 (60 months); our planes
  // cost a tenth of theirs, so a large hub costs about a large plane (30,000), smaller ones less.
  hubLicenceCostFc: { small_airport: 6_000, medium_airport: 15_000, large_airport: 30_000 },
  // Bush Divers parking by size, monthly: 250 / 1,350 / 2,500, taken as published.
  hubOperatingCostFc: { small_airport: 250, medium_airport: 1_350, large_airport: 2_500 },
  // Three months of ownership up front, the deposit OnAir asks for an FBO.
  hangarLicenceCostFc: { SMALL: 2_850, MEDIUM: 6_000, LARGE: 10_500 },
  // Bush Divers ownership by size, monthly: 950 / 2,000 / 3,500, taken as published.
  hangarOperatingCostFc: { SMALL: 950, MEDIUM: 2_000, LARGE: 3_500 },
  // The aircraft is the item; building it is the yard's work: 10 % of the category's store price
  // (12,000 / 45,000 / 90,000 / 70,000 FC for small, medium, large, cargo).
  planeBuildCostFc: { SMALL_HAUL: 1_200, MEDIUM_HAUL: 4_500, LARGE_HAUL: 9_000, CARGO: 7_000 },
  // A seat pays back in a few flights at the phpVMS fare (50 + 0.11/nm, about 160 FC at 1,000 nm):
  // eco 100, business 3x, first 6x, the usual revenue ratios of the cabins.
  seatCostFc: { eco: 100, business: 300, first: 600 },
  planeBuildDays: { SMALL_HAUL: 2, MEDIUM_HAUL: 4, LARGE_HAUL: 7, CARGO: 5 },
  // No anchor charges for rights (AirlineSim's are free rules); a country with more airports is
  // worth more: 5,000 plus 250 per hundred airports, capped at a large hub's licence.
  trafficRightLicenceCostFc: { base: 5_000, perHundredAirports: 250, max: 30_000 },
  // Bush Divers wears 0.2 per flight; a flight averages 2 h, so 0.1 per hour. At 0.5 per hour the
  // A..D checks come every 10 to 160 hours, near FSEconomy's 100-hour check; a hard landing costs
  // what 10 hours of flying do, so a pilot feels it (phpVMS #901).
  wearPerFlightHour: 0.5,
  wearPerHardLanding: 5,
  // AirlineSim liquidates at week's end; OnAir gives weeks. Two weeks to pay a failed bill.
  bankruptcyDeadlineDays: 14,
};

const EASY: AirlineEconomy = {
  // Half of every cost, twice as long to pay, half the wear: the same game at a gentler pace.
  hubLicenceCostFc: { small_airport: 3_000, medium_airport: 7_500, large_airport: 15_000 },
  hubOperatingCostFc: { small_airport: 125, medium_airport: 675, large_airport: 1_250 },
  hangarLicenceCostFc: { SMALL: 1_425, MEDIUM: 3_000, LARGE: 5_250 },
  hangarOperatingCostFc: { SMALL: 475, MEDIUM: 1_000, LARGE: 1_750 },
  planeBuildCostFc: { SMALL_HAUL: 600, MEDIUM_HAUL: 2_250, LARGE_HAUL: 4_500, CARGO: 3_500 },
  seatCostFc: { eco: 50, business: 150, first: 300 },
  planeBuildDays: { SMALL_HAUL: 1, MEDIUM_HAUL: 2, LARGE_HAUL: 3, CARGO: 2 },
  trafficRightLicenceCostFc: { base: 2_500, perHundredAirports: 125, max: 15_000 },
  wearPerFlightHour: 0.25,
  wearPerHardLanding: 2.5,
  bankruptcyDeadlineDays: 28,
};

export const AIRLINE_ECONOMY: Record<GameDifficulty, AirlineEconomy> = { REALIST, EASY };

/**
 * The catalogue price of a new plane by category, the base of maintenance costs (FSAirlines charges
 * checks as a share of the new price). Mirrors the store's aircraft prices.
 */
export const PLANE_NEW_PRICE_FC: Record<PlaneCategory, number> = {
  SMALL_HAUL: 12_000,
  MEDIUM_HAUL: 45_000,
  LARGE_HAUL: 90_000,
  CARGO: 70_000,
};

/**
 * Starting capital credited to a new (or reset) airline: a few months of its main hub's running
 * costs, so the first bills do not fail before the first flights pay (OnAir starts a company with
 * a loan-sized balance; we give what a large hub costs for four months).
 */
export const STARTING_CAPITAL_FC: Record<GameDifficulty, number> = { REALIST: 10_000, EASY: 20_000 };
