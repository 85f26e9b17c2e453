import { z } from 'zod';
import { ZAircraftIcao } from '../reference/aircraft-information';

/**
 * The flight-planning service's contract (prefix /api/flight-plan) and the main API's SimBrief
 * request signing and AFRV bookings (prefix /api).
 */

/** Largest OFP accepted by POST /import: 2 MiB of text (a real OFP with NOTAMs is about 200 kB). */
export const FLIGHT_PLAN_IMPORT_MAX_CHARS = 2 * 1024 * 1024;

/** POST /api/flight-plan/import: an OFP pasted or uploaded as text. */
export const ZFlightPlanImportRequest = z.object({
  format: z.enum(['xml', 'json']),
  content: z.string().min(1).max(FLIGHT_PLAN_IMPORT_MAX_CHARS),
});
export type TFlightPlanImportRequest = z.infer<typeof ZFlightPlanImportRequest>;

/** GET /api/flight-plan/simbrief/latest: which of SimBrief's two formats to fetch (same content). */
export const ZSimbriefLatestQuery = z.object({
  format: z.enum(['xml', 'json']).default('xml'),
});
export type TSimbriefLatestQuery = z.infer<typeof ZSimbriefLatestQuery>;

const ZIdent = z
  .string()
  .trim()
  .min(2)
  .max(12)
  .regex(/^[A-Za-z0-9-]+$/, 'airport ident expected, e.g. LFPG')
  .transform((ident) => ident.toUpperCase());

/** POST /api/flight-plan/generate: Contrail's own planner. Airports are looked up by ident. */
export const ZGenerateFlightPlanRequest = z
  .object({
    departureIdent: ZIdent,
    arrivalIdent: ZIdent,
    aircraftIcao: z
      .string()
      .trim()
      .transform((icao) => icao.toUpperCase())
      .pipe(ZAircraftIcao),
    /** Cruise level in FEET (FL350 is 35000); absent, the planner suggests one (distance, direction, ceiling). */
    cruiseLevelFt: z.number().int().min(1000).max(60_000).optional(),
    flightNumber: z.string().trim().min(1).max(10),
    /** Scheduled off-blocks, epoch seconds. */
    scheduledOut: z.number().int().min(0).max(4_102_444_800),
    airline: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{2,4}$/, 'airline ICAO code expected, e.g. AFR')
      .transform((code) => code.toUpperCase())
      .optional(),
    /** Carry 30 minutes of alternate fuel (default true). */
    withAlternate: z.boolean().default(true),
    extraFuelKg: z.number().min(0).max(200_000).default(0),
  })
  .refine((body) => body.departureIdent !== body.arrivalIdent, {
    message: 'Arrival must differ from departure',
    path: ['arrivalIdent'],
  });
export type TGenerateFlightPlanRequest = z.input<typeof ZGenerateFlightPlanRequest>;

/** GET /api/simbrief/generate-request?apiReq=: SimBrief's `api_req` (orig + dest + type + timestamp + outputpage). */
export const ZSimbriefGenerateRequestQuery = z.object({
  apiReq: z.string().min(1).max(1000),
});
export type TSimbriefGenerateRequestQuery = z.infer<typeof ZSimbriefGenerateRequestQuery>;

/** The answer: `code` is SimBrief's `apicode` (md5 of API key + api_req), `error` says why there is none. */
export const ZSimbriefGenerateRequestResponse = z.object({
  code: z.string().nullable(),
  error: z.string().nullable(),
});
export type TSimbriefGenerateRequestResponse = z.infer<typeof ZSimbriefGenerateRequestResponse>;

/** An aircraft of a booked flight (Booked flight list). */
export const ZBookedAircraft = z.object({
  id: z.string(),
  registration: z.string(),
  name: z.string(),
  icao: z.string(),
  iata: z.string().nullable(),
});

/** One booked flight: the booking (bid) id and the flight it books. Airports are ICAO idents. */
export const ZBookedFlight = z.object({
  bidId: z.string(),
  flight: z.object({
    id: z.string(),
    code: z.string(),
    flightNumber: z.string(),
    departureAirport: z.string(),
    arrivalAirport: z.string(),
    aircraft: ZBookedAircraft,
  }),
});
export type TBookedFlight = z.infer<typeof ZBookedFlight>;

/**
 * The booked flight list: the pilot's booked flights and whether the airline grounded them.
 * The external booking service answers the same shape (ids may be numbers there: see the bookings
 * module). No transforms here: this schema also serialises the response.
 */
export const ZBookedFlightList = z.object({
  flights: z.array(ZBookedFlight).max(1000),
  isGrounded: z.boolean(),
});
export type TBookedFlightList = z.infer<typeof ZBookedFlightList>;
