import { z } from 'zod';
import type { CabinCommandResult, CabinResult, CabinState, PncData, PncIncident } from './cabin-simulation';
import { ANNOUNCEMENT_TYPES, FOOD_SERVICE_TYPES } from './flight-constants';
import type { FlightEvent } from './flight-event-codes';
import { ZFlightAirport, type TFlightPlanInput } from './flight-plan-input';
import type { DisplayedSpeedKind, FlightStep } from './flight-step';
import type { LandingAnalysis } from './landing-analysis';
import { ZCruiseLevel } from './cruise-level';

/**
 * The controls a pilot sends during a flight (the hub messages of the same names). Cabin controls
 * apply to PNC flights only; `UpdateCruiseLevel` and `DivertFlight` to every flight.
 */
export const ZEngineCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LaunchAnnouncement'), announcementType: z.union(ANNOUNCEMENT_TYPES.map((t) => z.literal(t))) }),
  z.object({ type: z.literal('ServeFood'), foodType: z.union(FOOD_SERVICE_TYPES.map((t) => z.literal(t))) }),
  z.object({ type: z.literal('SwitchSeatBeltSign') }),
  z.object({ type: z.literal('SwitchIfe') }),
  z.object({ type: z.literal('SwitchDutyFree') }),
  z.object({ type: z.literal('AddTimeOnEstimateDepartureTime'), minutes: z.number().int().min(1).max(600) }),
  z.object({ type: z.literal('AddTimeOnEstimateArrivalTime'), minutes: z.number().int().min(1).max(600) }),
  /** The new cruise level in FEET (FL350 is 35000). */
  z.object({ type: z.literal('UpdateCruiseLevel'), cruiseLevelFt: ZCruiseLevel }),
  z.object({ type: z.literal('DivertFlight'), arrival: ZFlightAirport }),
]);
export type TEngineCommand = z.infer<typeof ZEngineCommand>;

/** A point of the position history (time, latitude, longitude, altitude, speed). */
export type TrackPoint = {
  timeMs: number;
  latitudeDeg: number;
  longitudeDeg: number;
  altitudeFt: number;
  groundSpeedKts: number;
};

/** The flight log's statistics and the live figures. Distances in NM, fuel in kg. */
export type FlightStatistics = {
  /** Airborne time in simulated time (wall clock x simulation rate), take-off to touchdown, pauses excluded, seconds. */
  flightDurationSeconds: number;
  /** Off-block to on-block (or to the last frame while not on block), seconds; 0 before off-block. */
  blockTimeSeconds: number;
  blockOffTimeMs: number | null;
  blockOnTimeMs: number | null;
  takeoffTimeMs: number | null;
  landingTimeMs: number | null;
  /** Great-circle departure to arrival, nautical miles, rounded. */
  distanceNm: number;
  /** Distance actually flown along the track (position jumps excluded), NM, rounded. */
  nauticalDistanceNm: number;
  /** The part of it flown in the air (taxi excluded), NM, rounded; absent in logs stored before it existed. */
  airborneDistanceNm?: number;
  /** The same flown distance in statute miles, rounded. */
  miles: number;
  /** Fuel on board at off-block (or at the first frame until then), kg. */
  fuelLoadedKg: number;
  /** Sum of fuel decreases since off-block (a refuel never lowers it), kg. */
  fuelConsumedKg: number;
  fuelRemainingKg: number;
  /** Flown airborne distance / simulated airborne time (wall clock x simulation rate), knots. */
  averageSpeedKts: number;
  /** (total - remaining great-circle distance) / total, floored, never decreasing (reset on diversion). */
  progressPercent: number;
  remainingDistanceNm: number;
  /** Only with a ground speed above 40 kts, else null. */
  estimatedTimeEnrouteMinutes: number | null;
  estimatedArrivalTimeMs: number | null;
  /** Distance covered by position jumps (earns nothing), NM, rounded to 0.1. */
  jumpedDistanceNm: number;
};

/** What the live map and the flight screen show. */
export type LivePosition = {
  latitudeDeg: number;
  longitudeDeg: number;
  altitudeFtMsl: number;
  headingDegTrue: number;
  groundSpeedKts: number;
  indicatedAirspeedKts: number;
  /** Ground steps show the ground speed, air steps the indicated airspeed. */
  displayedSpeedKind: DisplayedSpeedKind;
  displayedSpeedKts: number;
};

/**
 * What one call to the engine changed: push these deltas. `events`, `incidents`, `stepChange`,
 * `trackPoint` are NEW since the previous call; `statistics` and `position` are current.
 * `pncData` is set (PNC flights) when the cabin changed or every 10 s of flight time.
 */
export type EngineUpdate = {
  accepted: boolean;
  /** Why a frame or command changed nothing. */
  ignoredReason: null | 'stale' | 'invalid' | 'completed';
  step: FlightStep;
  stepChanges: { step: FlightStep; previousStep: FlightStep; timeMs: number }[];
  events: FlightEvent[];
  incidents: PncIncident[];
  statistics: FlightStatistics | null;
  position: LivePosition | null;
  trackPoint: TrackPoint | null;
  pncData: PncData | null;
  isReadyToEndFlight: boolean;
  /** For commands: whether it was carried out, and why not. */
  commandResult: CabinCommandResult | null;
};

/** A frame interval near a touchdown: the touchdown rate cannot be trusted across it. */
export type TouchdownGap = {
  seconds: number;
  /** Seconds between the gap and the touchdown; 0 when the gap spans it. */
  offsetSeconds: number;
};

/** The milestones a paid flight must show in its frames. */
export type FlownFacts = {
  hasFrames: boolean;
  /** An engine ran while on the ground at the departure airport before the first take-off. */
  engineRunningAtDeparture: boolean;
  airborne: boolean;
  /** Touched down after the last take-off (a touch-and-go is no landing). */
  landed: boolean;
  /** The last frame is on the ground, slower than a taxi. */
  stopped: boolean;
};

/** Where the aircraft was at the last frame. */
export type StopPosition = {
  latitudeDeg: number;
  longitudeDeg: number;
  isOnGround: boolean;
  /** Great-circle distance to the (final) arrival airport, NM, rounded to 0.1. */
  distanceToArrivalNm: number;
  /** The departure, arrival or original arrival within the airport radius, or null. */
  airportIdent: string | null;
};

/** The outcome of a completed flight: everything the flight log and the reward need. */
export type FlightOutcome = {
  status: 'complete';
  departureIdent: string;
  /** The final arrival airport (the diversion airport after a diversion). */
  arrivalIdent: string;
  originalArrivalIdent: string;
  isDiverted: boolean;
  cruiseLevelFt: number;
  aircraftIcao: string;
  aircraftCategory: TFlightPlanInput['aircraft']['category'];
  isPNC: boolean;
  startTimeMs: number | null;
  endTimeMs: number | null;
  finalStep: FlightStep;
  steps: { step: FlightStep; timeMs: number }[];
  events: FlightEvent[];
  /** Count of events per code (index = code), stored or not. */
  eventCounts: number[];
  statistics: FlightStatistics;
  /** The last landing, or null when the aircraft never touched down after take-off. */
  landing: LandingAnalysis | null;
  takeoffCount: number;
  touchdownCount: number;
  /** Landed and stopped at the (final) arrival airport after a take-off, without crashing. */
  isArrived: boolean;
  isCrashed: boolean;
  /** The first frame was on the ground at the departure airport. */
  startedAtDeparture: boolean;
  integrity: {
    positionJumps: number;
    jumpedDistanceNm: number;
    illegalFuelIncreases: number;
    telemetryGaps: number;
    maxSimulationRate: number;
    pausedInFlightSeconds: number;
    /** Simulated airborne seconds flown faster than real time (absent from logs stored before it). */
    acceleratedAirborneSeconds?: number;
    /** The longest interval without a frame while airborne, pauses excluded, seconds. */
    longestAirborneGapSeconds?: number;
    /** The frame interval longer than a touchdown allows nearest to the last touchdown, or null. */
    touchdownGap?: TouchdownGap | null;
    /** The longest single pause while airborne, seconds. */
    longestPauseSeconds?: number;
    /** The largest rise of fuel while airborne above its lowest level since the previous rise, kg. */
    airborneFuelIncreaseKg?: number;
  };
  /** What the frames prove was flown (absent from logs stored before it). */
  flown?: FlownFacts;
  /** Where the last frame left the aircraft, or null without frames. */
  stoppedAt?: StopPosition | null;
  cabin: CabinResult | null;
  positionHistory: TrackPoint[];
};

type Monitor = { sinceMs: number | null; raised: boolean };

/** A compact copy of the last accepted frame. */
export type FrameDigest = {
  timeMs: number;
  latitudeDeg: number;
  longitudeDeg: number;
  altitudeFtMsl: number;
  altitudeFtAgl: number;
  groundSpeedKts: number;
  indicatedAirspeedKts: number;
  verticalSpeedFpm: number;
  headingDegTrue: number;
  isOnGround: boolean;
  isPaused: boolean;
  flapsRatio: number;
  fuelKg: number;
  simulationRate: number;
  transponder: string;
};

/**
 * The whole engine state: plain JSON, so `snapshot()` can persist it and `restoreFlightEngine`
 * continue exactly. Bump `version` when its shape changes.
 */
export type FlightEngineState = {
  version: 1;
  plan: TFlightPlanInput;
  originalArrival: TFlightPlanInput['arrival'];
  totalDistanceNm: number;
  completed: boolean;
  frameCount: number;
  firstTimeMs: number | null;
  last: FrameDigest | null;
  step: FlightStep;
  stepStartMs: number | null;
  steps: { step: FlightStep; timeMs: number }[];
  startedAtDeparture: boolean;
  blockOffTimeMs: number | null;
  blockOnTimeMs: number | null;
  takeoffTimeMs: number | null;
  lastTakeoffTimeMs: number | null;
  taxiInStartMs: number | null;
  isTaxiOutReported: boolean;
  takeoffCount: number;
  touchdownCount: number;
  airborneMs: number;
  airborneSimMs: number;
  airborneNm: number;
  pausedInFlightMs: number;
  vsAvgFpm: number;
  levelSinceMs: number | null;
  approachMinAglFt: number;
  /** Altitude (MSL) at which the current descent began, null when not descending. Optional: snapshots stored before it. */
  descentFromFt?: number | null;
  /** Farthest distance from the departure airport in the air, NM (local flights arrive once away). */
  maxAwayNm?: number;
  /** The first main-gear contact seen while the aggregate on-ground flag still read airborne. */
  mainGearContact?: { timeMs: number; verticalSpeedFpm: number; latitudeDeg: number; longitudeDeg: number; headingDegTrue: number } | null;
  pendingLiftoff: { timeMs: number; touchdownTimeMs: number; maxAglFt: number } | null;
  landing: LandingAnalysis | null;
  landingSettleUntilMs: number;
  flownNm: number;
  jumpedNm: number;
  maxProgressPercent: number;
  fuelLoadedKg: number;
  fuelConsumedKg: number;
  airborneBurnKg: number;
  fuelLowWaterKg: number;
  isFuelReserveRaised: boolean;
  gearDown: boolean;
  flapsReported: number;
  enginesRunning: boolean[];
  maxSimulationRate: number;
  isOverspeedActive: boolean;
  isBankActive: boolean;
  isPitchUpActive: boolean;
  isPitchDownActive: boolean;
  pausedSinceMs: number | null;
  emergencySquawk: string | null;
  monitors: { beacon: Monitor; nav: Monitor; landingLow: Monitor; landingHigh: Monitor; strobe: Monitor; taxiSpeed: Monitor };
  events: FlightEvent[];
  eventSequence: number;
  eventCounts: number[];
  track: TrackPoint[];
  lastTrackHeadingDeg: number;
  /**
   * Simulated time since the first frame (frame time x simulation rate, pauses excluded), and its
   * value at the last track point: the track is sampled in simulated time, so a flight at 128x
   * keeps as many points as the same flight in real time. Absent from older snapshots.
   */
  simClockMs?: number;
  lastTrackSimMs?: number;
  /** The simulated clock at off-block and on-block (block time in simulated time). */
  blockOffSimMs?: number;
  blockOnSimMs?: number;
  cabin: CabinState | null;
  lastPncPushMs: number;
  // Integrity facts for the review rules; optional so snapshots stored before them restore.
  /** An engine ran on the ground at the departure before the first take-off. */
  engineRunningAtDeparture?: boolean;
  /** Simulated airborne time flown faster than real time. */
  acceleratedAirborneSimMs?: number;
  longestAirborneGapMs?: number;
  /** The latest frame interval too long to measure a touchdown across. */
  lastFrameGap?: { startMs: number; endMs: number } | null;
  /** The frame gap nearest to the last landing's touchdown. */
  touchdownGap?: TouchdownGap | null;
  longestPauseMs?: number;
  /** Lowest fuel of the current airborne stretch, null on the ground. */
  airborneFuelLowKg?: number | null;
  airborneFuelIncreaseKg?: number;
};

/** A serialisable snapshot of an in-progress flight (see `restoreFlightEngine`). */
export type FlightEngineSnapshot = FlightEngineState;
