import type { PlaneCategory } from '../reference/aircraft-information';
import type { TouchdownRating } from '../flight/flight-constants';
import type { PncIncidentKey } from '../flight/cabin-simulation';
import type { FlightEventKey } from '../flight/flight-event-codes';

/**
 * Every constant of the flight reward (FlightCoins and XP), with a line of reasoning each. The
 * flight-time limits (rest period trigger, monthly limit) are in `user/flight-time-rules.ts`,
 * shared with GET /flight-times.
 */

/** FC per paid nautical mile: a 200 NM hop pays about 200 FC before multipliers, a transatlantic about 3,000. */
export const FC_PER_NM = 1;

/**
 * A local flight (a circuit, a training or sightseeing flight: departure and arrival the same
 * airport) has no route distance, so it is paid on the distance it flew in the air, at this share.
 * That is proportionate to its airborne time (a 30-minute C172 circuit session flies about 50 NM
 * and earns about 25 FC) while a route of the same time still pays about twice as much, so routes
 * stay the job and circles near a field are not a better one. See docs/decisions/0020-local-flights.md.
 */
export const LOCAL_FLIGHT_PAID_SHARE = 0.5;

/** Bigger aircraft pay more per mile: more responsibility, more systems, slower turnarounds. */
export const FC_CATEGORY_MULTIPLIER: Readonly<Record<PlaneCategory, number>> = {
  SMALL_HAUL: 1,
  MEDIUM_HAUL: 1.2,
  LARGE_HAUL: 1.4,
  CARGO: 1.3,
};

/** Landing quality multiplies FC: a good landing is the pilot's signature; a hard one costs. No
 * observed touchdown gets no bonus (1), never the best tier. */
export const FC_LANDING_MULTIPLIER: Readonly<Record<TouchdownRating, number>> = {
  butter: 1.2,
  smooth: 1.15,
  firm: 1.05,
  hard: 0.9,
  very_hard: 0.75,
};

/** Landing points (0 to 100) of each tier; 0 when no touchdown was observed. */
export const LANDING_POINTS: Readonly<Record<TouchdownRating, number>> = {
  butter: 100,
  smooth: 90,
  firm: 70,
  hard: 40,
  very_hard: 10,
};

/**
 * Flight-score penalty points per event, counted at most `MAX_PENALISED_OCCURRENCES` times each.
 * Procedure slips cost a little; integrity breaches (jumps, refuelling in flight) cost a lot.
 * Events not listed (steps, gear, flaps, cabin controls, a go-around: good airmanship) cost nothing.
 */
export const EVENT_PENALTY_POINTS: Partial<Readonly<Record<FlightEventKey, number>>> = {
  OVERSPEED_BELOW_10000_FT: 5,
  LANDING_LIGHTS_OFF_BELOW_10000_FT: 2,
  LANDING_LIGHTS_ON_ABOVE_10000_FT: 1,
  BEACON_OFF_WITH_ENGINE_RUNNING: 3,
  NAV_LIGHTS_OFF_WITH_ENGINE_RUNNING: 2,
  SIMULATION_RATE_CHANGED: 5,
  ILLEGAL_FUEL_INCREASE: 25,
  FUEL_BELOW_RESERVE: 10,
  TAXI_OVERSPEED: 3,
  EXCESSIVE_PITCH: 5,
  EXCESSIVE_BANK: 5,
  STROBE_OFF_IN_FLIGHT: 2,
  TAKEOFF_WITHOUT_SEAT_BELT_SIGN: 3,
  LANDING_WITHOUT_SEAT_BELT_SIGN: 3,
  BOUNCE: 3,
  PAUSE_IN_FLIGHT_STARTED: 2,
  POSITION_JUMP: 30,
  TELEMETRY_GAP: 5,
  CRASH: 100,
};
/**
 * Cabin (PNC) incidents weigh on the flight score like procedure slips: the crew's safety duties
 * (belts, safety demonstration) cost most, schedule delays and crew-handling mistakes a little.
 * Counted at most `MAX_PENALISED_OCCURRENCES` times per kind, like events.
 */
export const INCIDENT_PENALTY_POINTS: Partial<Readonly<Record<PncIncidentKey, number>>> = {
  DELAY_ON_DEPARTURE: 2,
  DELAY_ON_ARRIVAL: 2,
  TAKEOFF_WITHOUT_SEATBELT: 5,
  LANDING_WITHOUT_SEATBELT: 5,
  TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION: 5,
  ADD_DELAY_ON_DEPARTURE: 1,
  ADD_DELAY_ON_ARRIVAL: 1,
  ANOTHER_ANNOUNCEMENT_IN_PROGRESS: 1,
  ANOTHER_FOOD_SERVICE_IN_PROGRESS: 1,
  ANNOUNCEMENT_IN_BAD_FLIGHT_STEP: 1,
  ANNOUNCEMENT_ALREADY_LAUNCHED: 1,
};
/** An event repeated beyond this many times costs no more: one bad habit should not zero a long flight. */
export const MAX_PENALISED_OCCURRENCES = 3;

/** FC are scaled by the flight score between these bounds: a sloppy flight still pays half. */
export const FC_SCORE_MULTIPLIER_MIN = 0.5;
export const FC_SCORE_MULTIPLIER_MAX = 1;

/** PNC flights: FC scaled by cabin satisfaction (0-100) from 0.5 to 1.5: the cabin is the job. */
export const FC_SATISFACTION_MULTIPLIER_MIN = 0.5;
export const FC_SATISFACTION_MULTIPLIER_MAX = 1.5;

/** XP per paid nautical mile, per airborne hour and per landing point: distance, time and skill. */
export const XP_PER_NM = 0.5;
export const XP_PER_AIRBORNE_HOUR = 30;
export const XP_PER_LANDING_POINT = 0.5;
/** PNC satisfaction XP per satisfaction point (0-100): the flight log's satisfactionXp. */
export const SATISFACTION_XP_PER_POINT = 1;

/**
 * After a flight that takes the last 24 hours over FLIGHT_DURATION_LIMIT_HOURS, FC stop for this
 * long from that flight's end. Twenty-four hours clears the rolling window of every flight that
 * was counted, so flying pays again exactly when the limit says it may.
 */
export const REST_PERIOD_HOURS = 24;

/** Score colour: above 75 success, above 25 warning, otherwise error. */
export const SCORE_SUCCESS_ABOVE = 75;
export const SCORE_WARNING_ABOVE = 25;
