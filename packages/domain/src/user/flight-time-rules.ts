/**
 * Flight-time limits of the reward rules ("Monthly FC limit and flight duration
 * limits (values not shown)"). Flying beyond them is allowed; it just stops paying FlightCoins
 * (rest period, monthly limit).
 */

/**
 * At most 8 hours of flight within 24 hours pay FC; beyond that the pilot is in a rest period.
 * Eight hours is the usual reference for flight time in 24 h (e.g. the FAA's 8 h for a two-pilot
 * crew), which a full day of short and medium-haul legs stays under.
 */
export const FLIGHT_DURATION_LIMIT_HOURS = 8;

/**
 * At most 100 hours of flight per calendar month (UTC) pay FC ("MonthlyLimit" no-coin reason).
 * One hundred hours matches the usual monthly flight-time limit for airline crews (EASA: 100 h in
 * 28 days) and is far above what a hobby pilot flies, so it only stops farming.
 */
export const MONTHLY_LIMIT_HOURS = 100;
