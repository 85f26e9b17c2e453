/**
 * Flight-time limits of the reward rules (spec section 9: "Monthly FC limit and flight duration
 * limits (values not shown)"). Flying beyond them is allowed; it just stops paying FlightCoins
 * (rest period, monthly limit).
 */

/**
 * At most 8 hours of flight within 24 hours pay FC; beyond that the pilot is in a rest period.
 * Eight hours is the usual single-pilot flight-duty reference (e.g. EASA/FAA 8 h of flight time
 * in 24 h) and lets a long-haul leg pay in full.
 */
export const FLIGHT_DURATION_LIMIT_HOURS = 8;

/**
 * At most 100 hours of flight per calendar month (UTC) pay FC ("MonthlyLimit" no-coin reason).
 * One hundred hours matches the usual monthly flight-time limit for airline crews (EASA: 100 h in
 * 28 days) and is far above what a hobby pilot flies, so it only stops farming.
 */
export const MONTHLY_LIMIT_HOURS = 100;
