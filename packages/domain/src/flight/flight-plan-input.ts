import { z } from 'zod';
import { ZAircraftInformation, ZAircraftSystems } from '../reference/aircraft-information';

/** One end of a runway: its ident (e.g. "27L"), threshold position and true heading. */
export const ZRunwayEnd = z.object({
  ident: z.string().min(1).max(4),
  latitudeDeg: z.number().min(-90).max(90),
  longitudeDeg: z.number().min(-180).max(180),
  headingDegTrue: z.number().min(0).max(360),
  /** Landing threshold displaced this far along the runway from the end position, feet. */
  displacedThresholdFt: z.number().min(0).max(10_000).default(0),
});
export type TRunwayEnd = z.infer<typeof ZRunwayEnd>;

/** A runway with both ends (as OurAirports' runways.csv gives them). */
export const ZRunway = z.object({
  lengthFt: z.number().positive().max(30_000),
  widthFt: z.number().positive().max(1000),
  ends: z.tuple([ZRunwayEnd, ZRunwayEnd]),
});
export type TRunway = z.infer<typeof ZRunway>;

/** An airport as the engine needs it. Runways are optional: without them the landing analysis
 * gives the touchdown rate but no runway, threshold distance or centre-line offset. */
export const ZFlightAirport = z.object({
  ident: z.string().min(2).max(8),
  position: z.object({
    latitudeDeg: z.number().min(-90).max(90),
    longitudeDeg: z.number().min(-180).max(180),
    elevationFt: z.number().min(-2000).max(20_000),
  }),
  runways: z.array(ZRunway).max(40).optional(),
});
export type TFlightAirport = z.infer<typeof ZFlightAirport>;

/**
 * The aircraft figures the engine reads (a subset of the aircraft information). Without `systems`
 * (plans stored before they existed) the engine reads the catalogue's for the ICAO type.
 */
export const ZFlightAircraft = ZAircraftInformation.pick({
  icao: true,
  category: true,
  cruiseSpeedKts: true,
  fuelBurnKgPerHour: true,
  fuelCapacityKg: true,
  engineCount: true,
}).extend({ systems: ZAircraftSystems.optional() });
export type TFlightAircraft = z.infer<typeof ZFlightAircraft>;

/** Passengers per class (economy, business, first). */
export const ZPaxByClass = z.object({
  first: z.number().int().min(0).max(1000),
  business: z.number().int().min(0).max(1000),
  economy: z.number().int().min(0).max(1000),
});
export type TPaxByClass = z.infer<typeof ZPaxByClass>;

/**
 * What the flight engine is created with. `cruiseLevelFt` is in FEET (FL350 is 35000).
 * Scheduled times are epoch milliseconds; without them no delay incident is raised.
 */
export const ZFlightPlanInput = z.object({
  departure: ZFlightAirport,
  arrival: ZFlightAirport,
  cruiseLevelFt: z.number().int().min(500).max(60_000),
  aircraft: ZFlightAircraft,
  isPNC: z.boolean().default(false),
  pax: ZPaxByClass.default({ first: 0, business: 0, economy: 0 }),
  scheduledDepartureTimeMs: z.number().int().nonnegative().nullable().default(null),
  scheduledArrivalTimeMs: z.number().int().nonnegative().nullable().default(null),
});
export type TFlightPlanInput = z.infer<typeof ZFlightPlanInput>;
/** The input before defaults (what callers may pass). */
export type TFlightPlanInputRaw = z.input<typeof ZFlightPlanInput>;
