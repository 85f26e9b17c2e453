import { z } from 'zod';
import { ZAircraftInformation } from '@contrail/domain/reference/aircraft-information';

const latitudeDeg = z.number().min(-90).max(90);
const longitudeDeg = z.number().min(-180).max(180);
const headingDeg = z.number().min(0).max(360);

/** A runway end the simulated aircraft takes off from or lands on. */
export const ZSimRunway = z.object({
  ident: z.string().max(8).optional(),
  /** Threshold (start of the landing distance) of this runway end. */
  thresholdLatitudeDeg: latitudeDeg,
  thresholdLongitudeDeg: longitudeDeg,
  /** Direction of take-off and landing on this end, degrees true. */
  headingDegTrue: headingDeg,
  lengthFt: z.number().positive().max(30_000),
  /** Threshold elevation; the airport's elevation when absent. */
  elevationFt: z.number().min(-1_500).max(15_000).optional(),
});
export type TSimRunway = z.infer<typeof ZSimRunway>;

/**
 * An airport of the simulated flight. The aircraft parks at the airport's reference point. With a
 * `runway` it takes off from (lands on) that runway end's threshold; with only `runwayHeadingDeg` a
 * runway on that heading centred on the reference point is assumed; with neither, a runway aligned
 * with the great-circle track is assumed.
 */
export const ZSimAirport = z.object({
  ident: z.string().min(1).max(8),
  latitudeDeg,
  longitudeDeg,
  elevationFt: z.number().min(-1_500).max(15_000),
  runwayHeadingDeg: headingDeg.optional(),
  runway: ZSimRunway.optional(),
});
export type TSimAirport = z.infer<typeof ZSimAirport>;

/** The aircraft figures the simulator uses: a subset of the catalogue's aircraft information. */
export const ZSimAircraft = ZAircraftInformation.pick({
  icao: true,
  name: true,
  cruiseSpeedKts: true,
  cruiseAltitudeFt: true,
  fuelBurnKgPerHour: true,
  fuelCapacityKg: true,
  approachSpeedKts: true,
  rotationSpeedKts: true,
  engineCount: true,
});
export type TSimAircraft = z.infer<typeof ZSimAircraft>;

/** What the built-in simulator flies. A full `TAircraftInformation` is accepted as `aircraft`. */
export const ZSimulatedFlightPlan = z.object({
  departure: ZSimAirport,
  arrival: ZSimAirport,
  aircraft: ZSimAircraft,
  /** Cruise level, feet (e.g. 35_000 for FL350). */
  cruiseLevelFt: z.number().min(1_000).max(60_000),
  /** Wall-clock time of the first frame, epoch milliseconds. */
  startTimeMs: z.number().int().nonnegative(),
  /** Fuel on board at the gate; default: trip + contingency + 45 min reserve + taxi (see `estimateBlockFuelKg`). */
  fuelKg: z.number().positive().max(500_000).optional(),
  /** Alternate airport, flown to when a `diversion` fault fires. */
  diversion: ZSimAirport.optional(),
  /** Vertical speed at touchdown, feet per minute (negative). Default -150. */
  touchdownRateFpm: z.number().min(-2_000).max(-10).optional(),
});
export type TSimulatedFlightPlan = z.input<typeof ZSimulatedFlightPlan>;
export type TParsedSimulatedFlightPlan = z.output<typeof ZSimulatedFlightPlan>;
