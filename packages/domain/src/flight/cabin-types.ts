import type { FlightEventDataByKey, FlightEventKey } from './flight-event-codes';
import type { TPaxByClass } from './flight-plan-input';

/* The cabin simulation's shapes, re-exported by cabin-simulation.ts (where its rules are). */

/** PNC error (incident) codes 0 to 11. */
export const PNC_INCIDENT_CODES = {
  0: 'NONE',
  1: 'DELAY_ON_DEPARTURE',
  2: 'DELAY_ON_ARRIVAL',
  3: 'TAKEOFF_WITHOUT_SEATBELT',
  4: 'LANDING_WITHOUT_SEATBELT',
  5: 'TAKEOFF_WITHOUT_SAFETY_DEMONSTRATION',
  6: 'ADD_DELAY_ON_DEPARTURE',
  7: 'ADD_DELAY_ON_ARRIVAL',
  8: 'ANOTHER_ANNOUNCEMENT_IN_PROGRESS',
  9: 'ANOTHER_FOOD_SERVICE_IN_PROGRESS',
  10: 'ANNOUNCEMENT_IN_BAD_FLIGHT_STEP',
  11: 'ANNOUNCEMENT_ALREADY_LAUNCHED',
} as const;
export type PncIncidentCode = keyof typeof PNC_INCIDENT_CODES;
export type PncIncidentKey = (typeof PNC_INCIDENT_CODES)[PncIncidentCode];

/** An incident: a key with a parameter list (minutes, delay, type, flightStep, launched, current). */
export type PncIncident = {
  code: PncIncidentCode;
  key: PncIncidentKey;
  parameters: { key: 'minutes' | 'delay' | 'type' | 'flightStep' | 'launched' | 'current'; value: string | number | boolean }[];
  timeMs: number;
};

export type PerClass = { first: number; business: number; economy: number };

type RunningService = { type: number; startedAtMs: number; durationSeconds: number };

/** The cabin's state: plain JSON (part of the engine snapshot). */
export type CabinState = {
  pax: TPaxByClass;
  seatBelt: boolean;
  ife: boolean;
  dutyFree: boolean;
  currentAnnouncement: RunningService | null;
  currentFoodService: RunningService | null;
  /** Announcement types launched so far (a type is launched once). */
  launchedAnnouncements: number[];
  completedAnnouncements: number[];
  /** Food types served (ended or stopped) so far. */
  servedFood: number[];
  addedDepartureMinutes: number;
  addedArrivalMinutes: number;
  incidents: PncIncident[];
  passengersCalmness: PerClass;
  passengersEntertainement: PerClass;
  passengersSatiatedPoint: PerClass;
  lastTimeMs: number | null;
};

/** The live PNC information (what PncData pushes). Per-class points are 0 to 100. */
export type PncData = {
  dutyFree: boolean;
  ife: boolean;
  seatBelt: boolean;
  currentAnnouncement: { type: number; durationSeconds: number; startedAtMs: number } | null;
  currentFoodService: { type: number; durationSeconds: number; startedAtMs: number } | null;
  /** Announcement types made so far: each is made once, so the crew's screen can say so before a click. */
  launchedAnnouncements: number[];
  incidents: PncIncident[];
  passengersCalmness: PerClass;
  passengersEntertainement: PerClass;
  passengersSatiatedPoint: PerClass;
  addedDepartureMinutes: number;
  addedArrivalMinutes: number;
};

/** The cabin part of a flight's outcome: satisfaction rates (0-100) and points per class. */
export type CabinResult = PncData & {
  /** Pax-weighted means over classes, 0 to 100. */
  wellnessRate: number;
  entertainmentRate: number;
  satietyRate: number;
  /** Mean of the three rates, 0 to 100 (the flight's satisfaction). */
  satisfactionRate: number;
  passengers: { first: { points: number; quantity: number }; business: { points: number; quantity: number }; economy: { points: number; quantity: number } };
};

/** How the cabin reports events and incidents to the engine. */
export type CabinEmitter = {
  event: <K extends FlightEventKey>(key: K, data: FlightEventDataByKey[K]) => void;
  incident: (incident: PncIncident) => void;
};
