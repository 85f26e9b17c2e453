import { z } from 'zod';
import type { PncData } from '../flight/cabin-simulation';
import type { FlightStatistics } from '../flight/flight-engine-types';
import { ZPaxByClass } from '../flight/flight-plan-input';
import { FlightStep } from '../flight/flight-step';
import { ZCruiseLevel } from '../flight/cruise-level';
import { ZInProgressFlightItem } from '../live/live-map-contract';

/**
 * The flight API: registration, the pilot's in-progress flight, the
 * flight lists and detail, cancel and jumpseat. One schema per request and response, shared by
 * the server routes, the web forms and the tests.
 *
 * Units: `cruiseLevel` is in FEET (FL350 is 35000), like the flight engine's `cruiseLevelFt`;
 * positions carry `altitude` in feet; speeds are knots; headings degrees true.
 */

/** Flight types. */
export const FlightType = ['NORMAL', 'PNC', 'MISSION', 'AIRLINE'] as const;
export type FlightType = (typeof FlightType)[number];

/** Flight status; `canceled` is the server's record of a cancelled flight (never listed as in progress). */
export const FlightRecordStatus = ['in_progress', 'complete', 'canceled'] as const;
export type FlightRecordStatus = (typeof FlightRecordStatus)[number];

const ZIdent = z
  .string()
  .trim()
  .min(2)
  .max(8)
  .regex(/^[A-Za-z0-9-]+$/, 'airport ident expected, e.g. LFPG')
  .transform((value) => value.toUpperCase());

const ZIcao = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{2,4}F?$/, 'ICAO type designator expected, e.g. A320')
  .transform((value) => value.toUpperCase());

export const ZFlightNumber = z
  .string()
  .trim()
  .min(2)
  .max(10)
  .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and dashes only')
  .transform((value) => value.toUpperCase());

/** A cargo item (a mission's cargos: name, weight in kg, quantity, points). */
export const ZFlightCargo = z.object({
  name: z.string().trim().min(1).max(100),
  weight: z.number().min(0).max(500_000),
  quantity: z.number().int().min(1).max(100_000),
  points: z.number().int().min(0).max(100_000).optional(),
});
export type TFlightCargo = z.infer<typeof ZFlightCargo>;

const ZOptionalIso = z.iso.datetime({ offset: true }).nullable().optional();

/** Fields shared by every registration. */
const registrationFields = {
  cruiseLevel: ZCruiseLevel,
  flightNumber: ZFlightNumber,
  aircraftIcao: ZIcao,
  aircraftRegistration: z.string().trim().max(12).nullable().optional(),
  cargos: z.array(ZFlightCargo).max(50).default([]),
  pax: ZPaxByClass.default({ first: 0, business: 0, economy: 0 }),
  missionId: z.uuid().nullable().optional(),
  /** The external virtual airline's key and bid (`afrvContrailKey`, `afrvBidId`). */
  afrvContrailKey: z.string().trim().max(200).nullable().optional(),
  afrvBidId: z.string().trim().max(100).nullable().optional(),
  /** Scheduled times (ISO 8601); without them no delay incident is raised on PNC flights. */
  scheduledDepartureTime: ZOptionalIso,
  scheduledArrivalTime: ZOptionalIso,
};

/** POST /v1/flight. */
export const ZRegisterFlightRequest = z.object({
  ...registrationFields,
  departureAirportIdent: ZIdent,
  arrivalAirportIdent: ZIdent,
  type: z.enum(FlightType).default('NORMAL'),
  virtualAirlineId: z.uuid().nullable().optional(),
});
export type TRegisterFlightRequest = z.input<typeof ZRegisterFlightRequest>;

/**
 * An airport named in a registration (ident, position). The server places the
 * flight with its own airport data; the position sent is informative only.
 */
export const ZAirportRef = z.object({
  ident: ZIdent,
  position: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180), altitude: z.number().optional() }).optional(),
});

/** POST /flight/with-pax-and-cargo (a PNC flight: the cabin is simulated) and /flight/with-mission. */
export const ZRegisterTransportFlightRequest = z.object({
  ...registrationFields,
  airports: z.object({ departure: ZAirportRef, arrival: ZAirportRef }),
});
export type TRegisterTransportFlightRequest = z.input<typeof ZRegisterTransportFlightRequest>;

/** POST /flight/with-mission: the mission fixes the airports; the ones sent must match it. */
export const ZRegisterMissionFlightRequest = ZRegisterTransportFlightRequest.extend({ missionId: z.uuid() });
export type TRegisterMissionFlightRequest = z.input<typeof ZRegisterMissionFlightRequest>;

/** Position of an airport or an aircraft; altitude in feet. */
export const ZPositionFt = z.object({ latitude: z.number(), longitude: z.number(), altitude: z.number() });
export const ZFlightAirportSummary = z.object({ ident: z.string(), position: ZPositionFt });
export type TFlightAirportSummary = z.infer<typeof ZFlightAirportSummary>;

/** A registered flight. The token is shown once: the tracker streams frames with it. */
export const ZRegisteredFlight = z.object({
  id: z.uuid(),
  token: z.string(),
  type: z.enum(FlightType),
  flightNumber: z.string(),
  aircraft: z.object({ icao: z.string(), registration: z.string().nullable() }),
  departureAirport: ZFlightAirportSummary,
  arrivalAirport: ZFlightAirportSummary,
  cruiseLevel: z.number().int(),
  pilot: z.object({ id: z.string(), userName: z.string() }),
  virtualAirlineId: z.string().nullable(),
  /** Pax and cargo transport (PNC and mission flights), else null. */
  transport: z.object({ id: z.uuid(), missionId: z.string().nullable() }).nullable(),
});
export type TRegisteredFlight = z.infer<typeof ZRegisteredFlight>;

/** A point of the position history (createdAt, latitude, longitude, altitude, speed). */
export const ZPositionHistoryPoint = z.object({
  createdAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Feet MSL. */
  altitude: z.number(),
  /** Ground speed, knots. */
  speed: z.number(),
});
export type TPositionHistoryPoint = z.infer<typeof ZPositionHistoryPoint>;

/** A flight (with the in-progress flight fields). */
export const ZFlight = z.object({
  id: z.uuid(),
  type: z.enum(FlightType),
  flightNumber: z.string(),
  status: z.enum(FlightRecordStatus),
  flightStep: z.enum(FlightStep),
  pilot: z.object({ id: z.string(), userName: z.string() }),
  aircraft: z.object({
    icao: z.string(),
    registration: z.string().nullable(),
    model: z.string().nullable(),
    /** Maximum take-off weight, kg. */
    maximumWeight: z.number().nullable(),
    groundSpeed: z.number(),
    indicatedAirSpeed: z.number(),
    heading: z.number(),
    /** The last reported position, null before the first frame. */
    position: ZPositionFt.nullable(),
  }),
  departureAirport: ZFlightAirportSummary,
  arrivalAirport: ZFlightAirportSummary,
  /** The arrival registered first (differs from arrivalAirport after a diversion). */
  originalArrivalIdent: z.string(),
  cruiseLevel: z.number().int(),
  scheduledDepartureTime: z.string().nullable(),
  scheduledArrivalTime: z.string().nullable(),
  positionHistory: z.array(ZPositionHistoryPoint),
  isPNCFlight: z.boolean(),
  readyToEndFlight: z.boolean(),
  paxNCargoInformation: z.object({ pax: ZPaxByClass, cargos: z.array(ZFlightCargo) }).nullable(),
  transport: z.object({ id: z.uuid(), missionId: z.string().nullable() }).nullable(),
  virtualAirlineId: z.string().nullable(),
  /** Live figures from the flight engine (null before the first frame). */
  statistics: z.custom<FlightStatistics>().nullable(),
  pncData: z.custom<PncData>().nullable(),
  /** Highest frame sequence stored by the server. */
  lastAckSeq: z.number().int(),
  /** In progress, but no tracker is streaming it right now: resume or cancel it ("retrieved-but-not-subscribed"). */
  isRetrievedButNotSubscribed: z.boolean(),
  flightLogId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFlight = z.infer<typeof ZFlight>;

/** GET /flight/retrieve-flight-for-user: the caller's in-progress flight, or null. */
export const ZRetrieveFlightForUserResponse = ZFlight.nullable();

/** GET /v1/flights?status. */
export const ZFlightListQuery = z.object({ status: z.enum(['in_progress', 'complete']).default('in_progress') });
export type TFlightListQuery = z.input<typeof ZFlightListQuery>;

/** One flight of GET /v1/flights: the live map's item with its status. */
export const ZFlightListItem = ZInProgressFlightItem.extend({ status: z.enum(['in_progress', 'complete']) });
export type TFlightListItem = z.infer<typeof ZFlightListItem>;

export const ZFlightIdParams = z.object({ id: z.uuid() });

/** POST /v1/flight/{id}/resume: a new tracker token for the caller's in-progress flight (the old one stops working). */
export const ZResumeFlightResponse = z.object({ id: z.uuid(), token: z.string(), lastAckSeq: z.number().int() });
export type TResumeFlightResponse = z.infer<typeof ZResumeFlightResponse>;

/** POST /v1/flight/{id}/cancel. */
export const ZCancelFlightResponse = z.object({ success: z.literal(true), flightId: z.uuid() });
export type TCancelFlightResponse = z.infer<typeof ZCancelFlightResponse>;

/** POST /flight/jumpseat: ride to another airport as a passenger (moves the pilot, costs FC). */
export const ZJumpseatRequest = z.object({
  arrivalLocation: z.object({
    icao: ZIdent,
    position: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  }),
});
export type TJumpseatRequest = z.input<typeof ZJumpseatRequest>;

export const ZJumpseatResponse = z.object({
  fromIdent: z.string().nullable(),
  toIdent: z.string(),
  distanceNm: z.number().int(),
  /** FlightCoins paid. */
  cost: z.number().int(),
  /** FC balance after the ride. */
  balance: z.number().int(),
});
export type TJumpseatResponse = z.infer<typeof ZJumpseatResponse>;
