import { z } from 'zod';
import type { PncData, PncIncident } from '../flight/cabin-simulation';
import { ANNOUNCEMENT_TYPES, FOOD_SERVICE_TYPES } from '../flight/flight-constants';
import type { FlightEvent } from '../flight/flight-event-codes';
import type { FlightStatistics, LivePosition } from '../flight/flight-engine-types';
import { ZFlightAirport, type TFlightAirport } from '../flight/flight-plan-input';
import type { FlightStep } from '../flight/flight-step';
import type { ReviewReason } from '../flight-review/flight-verdict';
import { ZCruiseLevel } from '../flight/cruise-level';

/**
 * The messages of a tracked flight that travel server -> tracker -> browser, with the product's names.
 * The tracker relays them unchanged from its server uplink to its
 * local hub, so both event maps share these payloads.
 */

/** TrackerCoreAcarsFlight: what one batch of frames changed (engine deltas). */
export type TTrackerCoreAcarsFlight = {
  flightId: string;
  step: FlightStep;
  stepChanges: { step: FlightStep; previousStep: FlightStep; timeMs: number }[];
  events: FlightEvent[];
  statistics: FlightStatistics | null;
  position: LivePosition | null;
};

export type TReconnection = { flightId: string; lastAckSeq: number; pncData: PncData | null };
export type TFlightCompleted = {
  flightId: string;
  flightLogId: string;
  fc: number;
  xp: number;
  fcReason: null | 'InRestTime' | 'MonthlyLimit';
  /** An AIRLINE flight: what the airline earned and the salary it paid the pilot. */
  airline?: { airlineRevenue: number; salary: number } | null;
  /**
   * The automatic review: 'accepted' (paid, unless practice), 'pending' (paid only if a reviewer
   * accepts it), 'rejected' or 'not-flown' (nothing paid), with the reasons in a pilot's words.
   */
  review?: { status: 'accepted' | 'pending' | 'rejected' | 'not-flown'; practice: boolean; reasons: ReviewReason[] };
};
export type TFlightCanceled = { flightId: string };
export type TReadyToEndFlight = { flightId: string };
export type TFlightDiverted = { flightId: string; arrival: TFlightAirport };
export type TCruiseLevelChanged = { flightId: string; cruiseLevelFt: number };
export type TCabinToggle = { flightId: string; isOn: boolean };
export type TCabinActivity = { flightId: string; type: number };
export type TPncData = { flightId: string } & PncData;
export type TIncident = { flightId: string } & PncIncident;
export type TFlightError = { message: string; errorCode: string };

/** Messages the server (through the tracker) pushes about a flight. */
export type FlightServerMessages = {
  Reconnection: (payload: TReconnection) => void;
  TrackerCoreAcarsFlight: (payload: TTrackerCoreAcarsFlight) => void;
  FlightCompleted: (payload: TFlightCompleted) => void;
  PncReady: (payload: { flightId: string }) => void;
  FlightCanceled: (payload: TFlightCanceled) => void;
  SeatBeltSignSwitched: (payload: TCabinToggle) => void;
  DutyFreeSwitched: (payload: TCabinToggle) => void;
  IfeSwitched: (payload: TCabinToggle) => void;
  FoodServingStarted: (payload: TCabinActivity) => void;
  FoodServingEnded: (payload: TCabinActivity) => void;
  FoodServingStopped: (payload: TCabinActivity) => void;
  AnnouncementStarted: (payload: TCabinActivity) => void;
  AnnouncementEnded: (payload: TCabinActivity) => void;
  AnnouncementStopped: (payload: TCabinActivity) => void;
  PncData: (payload: TPncData) => void;
  Incident: (payload: TIncident) => void;
  FlightDiverted: (payload: TFlightDiverted) => void;
  ReadyToEndFlight: (payload: TReadyToEndFlight) => void;
  CruiseLevelChanged: (payload: TCruiseLevelChanged) => void;
  FlightError: (payload: TFlightError) => void;
};

/** Every server flight message by name, in the contract's order: what the tracker relays and the browser listens to. */
export const FLIGHT_SERVER_MESSAGE_NAMES = [
  'Reconnection',
  'TrackerCoreAcarsFlight',
  'FlightCompleted',
  'PncReady',
  'FlightCanceled',
  'SeatBeltSignSwitched',
  'DutyFreeSwitched',
  'IfeSwitched',
  'FoodServingStarted',
  'FoodServingEnded',
  'FoodServingStopped',
  'AnnouncementStarted',
  'AnnouncementEnded',
  'AnnouncementStopped',
  'PncData',
  'Incident',
  'FlightDiverted',
  'ReadyToEndFlight',
  'CruiseLevelChanged',
  'FlightError',
] as const satisfies readonly (keyof FlightServerMessages)[];
export type FlightServerMessageName = (typeof FLIGHT_SERVER_MESSAGE_NAMES)[number];
// Fails to compile when the contract gains a message this list lacks.
const everyMessageNamed: Exclude<keyof FlightServerMessages, FlightServerMessageName> extends never ? true : false = true;
void everyMessageNamed;

/** Pilot controls during a flight (browser -> tracker -> server), validated at each hop. */
export const ZFlightControl = z.discriminatedUnion('type', [
  z.object({ type: z.literal('SwitchSeatBeltSign') }),
  z.object({ type: z.literal('SwitchDutyFree') }),
  z.object({ type: z.literal('SwitchIfe') }),
  z.object({ type: z.literal('AddTimeOnEstimateDepartureTime'), minutes: z.number().int().min(1).max(600) }),
  z.object({ type: z.literal('AddTimeOnEstimateArrivalTime'), minutes: z.number().int().min(1).max(600) }),
  z.object({ type: z.literal('ServeFood'), foodType: z.union(FOOD_SERVICE_TYPES.map((t) => z.literal(t))) }),
  z.object({ type: z.literal('LaunchAnnouncement'), announcementType: z.union(ANNOUNCEMENT_TYPES.map((t) => z.literal(t))) }),
  z.object({ type: z.literal('UpdateCruiseLevel'), cruiseLevelFt: ZCruiseLevel }),
  z.object({ type: z.literal('DivertFlight'), arrival: ZFlightAirport }),
]);
export type TFlightControl = z.infer<typeof ZFlightControl>;
export type TFlightControlResult = { accepted: boolean; rejection: string | null };
