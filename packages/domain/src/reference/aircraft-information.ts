import { z } from 'zod';

/** Plane categories. */
export const PlaneCategory = ['SMALL_HAUL', 'MEDIUM_HAUL', 'LARGE_HAUL', 'CARGO'] as const;
export type PlaneCategory = (typeof PlaneCategory)[number];

/**
 * The systems of a type that flight rules read: a rule about a system the type lacks does not
 * apply (no seat-belt sign penalty in a Cessna 172, no gear events or gear-up landing with fixed
 * gear). The engine count is `engineCount`.
 */
export const ZAircraftSystems = z.object({
  /** A passenger seat-belt sign the pilot switches (airliners, business aircraft; not light aircraft). */
  seatBeltSign: z.boolean(),
  /** Retractable landing gear (fixed gear and skids: false). */
  retractableGear: z.boolean(),
  /** Anti-collision strobe lights on the wing tips. */
  strobe: z.boolean(),
  /** Anti-collision beacon (rotating red light). */
  beacon: z.boolean(),
});
export type TAircraftSystems = z.infer<typeof ZAircraftSystems>;

/** A type without a catalogue entry for its systems is treated as having all of them (the strict rules). */
export const ALL_AIRCRAFT_SYSTEMS: TAircraftSystems = Object.freeze({ seatBeltSign: true, retractableGear: true, strobe: true, beacon: true });

/**
 * Aircraft information, plus the performance figures the built-in simulator and
 * the economy need. The curated catalogue lives in `aircraft-catalogue.ts`.
 */
/**
 * An aircraft type key: an ICAO Doc 8643 type designator (2 to 4 letters or digits), optionally
 * followed by `F` for a freighter that shares its designator with the passenger version (`B748F`).
 */
export const ZAircraftIcao = z.string().regex(/^[A-Z0-9]{2,4}F?$/, 'ICAO type designator expected, e.g. A320');

export const ZAircraftInformation = z.object({
  icao: ZAircraftIcao,
  name: z.string(),
  category: z.enum(PlaneCategory),
  /** Maximum range with typical payload, nautical miles. */
  range: z.number().int().positive(),
  maxPaxCapacity: z.number().int().nonnegative(),
  /** Maximum take-off weight, kilograms. */
  maxTakeOffWeight: z.number().int().positive(),
  /** e.g. "Jet", "Turboprop", "Piston", "Helicopter". */
  classification: z.string(),
  /** Free label used for grouping in the UI (e.g. "Airbus", "Light"). */
  tag: z.string(),
  /** Typical cruise true airspeed, knots. */
  cruiseSpeedKts: z.number().positive(),
  /** Typical cruise altitude, feet. */
  cruiseAltitudeFt: z.number().positive(),
  /** Typical fuel burn in cruise, kilograms per hour (all engines). */
  fuelBurnKgPerHour: z.number().positive(),
  /** Usable fuel capacity, kilograms. */
  fuelCapacityKg: z.number().positive(),
  /** Typical approach speed (Vref + additives), knots IAS. */
  approachSpeedKts: z.number().positive(),
  /** Rotation speed, knots IAS. */
  rotationSpeedKts: z.number().positive(),
  engineCount: z.number().int().min(1).max(8),
  /** Typical seat layout of the default configuration. */
  defaultSeats: z.object({ first: z.number().int().min(0), business: z.number().int().min(0), eco: z.number().int().min(0) }),
  /** Maximum payload (MZFW - OEW), kilograms: all cargo for a freighter; passengers count against it too. */
  maxCargoKg: z.number().int().nonnegative(),
  /** Which systems the type has (see ZAircraftSystems); every catalogue entry sets it. */
  systems: ZAircraftSystems.optional(),
});
export type TAircraftInformation = z.infer<typeof ZAircraftInformation>;
