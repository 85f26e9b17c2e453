import { z } from 'zod';

/**
 * Flight plan data: origin and destination (icao code, runway, latitude,
 * longitude), fuel plan, general (cost index, initial altitude, route distance, flight number,
 * airline), navlog fixes, times (estimated block, scheduled out), weights (estimated take-off weight,
 * zero-fuel weight, payload) and the aircraft icao.
 *
 * One shape for both sources: a SimBrief OFP (imported, see `parse-simbrief.ts`) and Contrail's own
 * planner (`generate-flight-plan.ts`). Units are fixed whatever the source: masses in KILOGRAMS (an
 * OFP planned in pounds is converted), distances in nautical miles, altitudes in feet, durations in
 * seconds and instants in epoch SECONDS (as SimBrief gives them).
 */

export const FlightPlanSource = ['SIMBRIEF', 'CONTRAIL'] as const;
export type FlightPlanSource = (typeof FlightPlanSource)[number];

export const ZFlightPlanAirport = z.object({
  icaoCode: z.string().min(2).max(8),
  /** Planned runway ident (e.g. "31L"), null when the plan names none. */
  runway: z.string().nullable(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  elevationFt: z.number().nullable(),
  name: z.string().nullable(),
});
export type TFlightPlanAirport = z.infer<typeof ZFlightPlanAirport>;

/** Fuel plan, every figure in kilograms. `blockKg` = taxi + trip + contingency + alternate + reserve + extra. */
export const ZFuelPlan = z.object({
  taxiKg: z.number().nonnegative(),
  /** Trip (en-route burn), take-off to landing. */
  tripKg: z.number().nonnegative(),
  contingencyKg: z.number().nonnegative(),
  alternateKg: z.number().nonnegative(),
  /** Final reserve (45 minutes of average consumption). */
  finalReserveKg: z.number().nonnegative(),
  extraKg: z.number().nonnegative(),
  /** Fuel on board at off-blocks (SimBrief's plan_ramp). */
  blockKg: z.number().nonnegative(),
  plannedTakeoffKg: z.number().nonnegative(),
  plannedLandingKg: z.number(),
  averageFuelFlowKgPerHour: z.number().nonnegative().nullable(),
});
export type TFuelPlan = z.infer<typeof ZFuelPlan>;

export const ZFlightPlanGeneral = z.object({
  costIndex: z.number().nullable(),
  initialAltitudeFt: z.number(),
  /** Distance along the planned route, NM. */
  routeDistanceNm: z.number().nonnegative(),
  /** Great-circle distance origin to destination, NM. */
  gcDistanceNm: z.number().nonnegative().nullable(),
  flightNumber: z.string(),
  /** Airline ICAO code, null when the plan has none. */
  airline: z.string().nullable(),
  /** The route string (e.g. "DCT BOMUP DCT LOVIM ..."). */
  route: z.string(),
  cruiseTasKts: z.number().nullable(),
  passengers: z.number().int().nonnegative().nullable(),
});
export type TFlightPlanGeneral = z.infer<typeof ZFlightPlanGeneral>;

/** Flight phase a fix belongs to (SimBrief's `stage`). */
export const NavlogStage = ['CLB', 'CRZ', 'DSC'] as const;
export type NavlogStage = (typeof NavlogStage)[number];

export const ZNavlogFix = z.object({
  ident: z.string(),
  name: z.string(),
  /** SimBrief's fix type: "wpt", "vor", "ndb", "apt", "ltlg" (lat/lon point) or "toc"/"tod" markers. */
  type: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  stage: z.enum(NavlogStage).nullable(),
  viaAirway: z.string().nullable(),
  /** Planned altitude at the fix, feet. */
  altitudeFt: z.number().nullable(),
  /** Length of the leg ending at this fix, NM. */
  legDistanceNm: z.number().nonnegative(),
  /** Distance flown from the origin to this fix, NM (sum of the legs). */
  cumulativeDistanceNm: z.number().nonnegative(),
  /** Elapsed time from take-off to the fix, seconds (null when the plan does not say). */
  timeTotalSec: z.number().nonnegative().nullable(),
});
export type TNavlogFix = z.infer<typeof ZNavlogFix>;

export const ZFlightPlanTimes = z.object({
  /** Estimated block time, out to in, seconds. */
  estimatedBlockSec: z.number().nonnegative(),
  /** Estimated time en route, take-off to landing, seconds. */
  estimatedEnrouteSec: z.number().nonnegative(),
  taxiOutSec: z.number().nonnegative(),
  taxiInSec: z.number().nonnegative(),
  /** Scheduled off-blocks, epoch seconds. */
  scheduledOut: z.number().int(),
  /** Estimated on-blocks at the destination, epoch seconds. */
  estimatedIn: z.number().int(),
});
export type TFlightPlanTimes = z.infer<typeof ZFlightPlanTimes>;

export const ZFlightPlanWeights = z.object({
  estimatedTakeoffWeightKg: z.number().nonnegative(),
  zeroFuelWeightKg: z.number().nonnegative(),
  payloadKg: z.number().nonnegative(),
  estimatedLandingWeightKg: z.number().nullable(),
  operatingEmptyWeightKg: z.number().nonnegative().nullable(),
  maxTakeoffWeightKg: z.number().nonnegative().nullable(),
  paxCount: z.number().int().nonnegative().nullable(),
  cargoKg: z.number().nonnegative().nullable(),
});
export type TFlightPlanWeights = z.infer<typeof ZFlightPlanWeights>;

export const ZFlightPlanData = z.object({
  source: z.enum(FlightPlanSource),
  /** SimBrief's request id, null for a generated plan. */
  requestId: z.string().nullable(),
  /** AIRAC cycle of the navigation data, null for a generated plan. */
  airac: z.string().nullable(),
  /** Weight unit the original plan was written in (the figures here are always kg). */
  originalWeightUnit: z.enum(['kg', 'lbs']),
  origin: ZFlightPlanAirport,
  destination: ZFlightPlanAirport,
  alternate: ZFlightPlanAirport.nullable(),
  general: ZFlightPlanGeneral,
  fuel: ZFuelPlan,
  navlog: z.array(ZNavlogFix),
  times: ZFlightPlanTimes,
  weights: ZFlightPlanWeights,
  aircraftIcao: z.string(),
  /** Remarks: SimBrief's dispatcher remarks, or what the planner changed (reduced payload...). */
  notes: z.array(z.string()),
});
export type TFlightPlanData = z.infer<typeof ZFlightPlanData>;

/** Exact pound to kilogram factor (international avoirdupois pound). */
export const KG_PER_LB = 0.45359237;
