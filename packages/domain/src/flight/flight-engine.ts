import { AppError } from '../errors/app-error';
import { aircraftSystemsFor } from '../reference/aircraft-catalogue';
import { ErrorCode } from '../errors/error-codes';
import { distanceNm, initialBearingDeg, timeMinutesFor } from '../geo/great-circle';
import type { TTelemetryFrame } from '../telemetry/telemetry-frame';
import {
  advanceCabin,
  cabinResultOf,
  createCabinState,
  launchAnnouncement,
  loseCalmness,
  onCabinStepChanged,
  pncDataOf,
  raiseIncident,
  serveFood,
  type CabinCommandResult,
  type CabinEmitter,
  type PncData,
  type PncIncident,
} from './cabin-simulation';
import {
  AIRPORT_RADIUS_NM,
  APPROACH_MAX_AGL_FT,
  APPROACH_MIN_DESCENT_FT,
  APPROACH_RADIUS_NM,
  ATTITUDE_REARM_MARGIN_DEG,
  BEACON_GRACE_MS,
  BOUNCE_MAX_AIRBORNE_MS,
  BOUNCE_MAX_HEIGHT_AGL_FT,
  CABIN_CALMNESS_LOSS_BY_EVENT,
  CABIN_CALMNESS_LOSS_BY_RATING,
  CABIN_PUSH_INTERVAL_MS,
  CLIMB_MIN_VS_FPM,
  CRASH_TOUCHDOWN_G,
  CRASH_TOUCHDOWN_VS_FPM,
  CRUISE_BAND_FT,
  DEBOARDING_DURATION_MS,
  DELAY_TOLERANCE_MINUTES,
  DESCENT_MAX_VS_FPM,
  EMERGENCY_SQUAWKS,
  ESTIMATE_MIN_GS_KTS,
  EXCESSIVE_BANK_DEG,
  EXCESSIVE_PITCH_DOWN_DEG,
  EXCESSIVE_PITCH_UP_DEG,
  FUEL_BURN_MEASURE_MIN_MS,
  FUEL_INCREASE_TOLERANCE_KG,
  FUEL_INCREASE_TOLERANCE_RATIO,
  FUEL_RESERVE_MINUTES,
  GEAR_DOWN_MIN_RATIO,
  GO_AROUND_MIN_GAIN_FT,
  GO_AROUND_MIN_VS_FPM,
  INITIAL_CLIMB_TOP_AGL_FT,
  LANDING_ROLL_END_GS_KTS,
  LEVEL_MAX_ABS_VS_FPM,
  LEVEL_MIN_DURATION_MS,
  LIGHTS_GRACE_MS,
  SLOW_DESCENT_MAX_VS_FPM,
  SLOW_DESCENT_MIN_LOSS_FT,
  LOCAL_FLIGHT_MIN_AWAY_NM,
  MAIN_GEAR_CONTACT_MAX_LEAD_MS,
  MAX_STORED_EVENTS,
  MAX_STORED_STEPS,
  POSITION_JUMP_MIN_DISTANCE_NM,
  POSITION_JUMP_MIN_LIMIT_KTS,
  POSITION_JUMP_SPEED_MARGIN_KTS,
  SPEED_LIMIT_ALTITUDE_FT,
  SPEED_LIMIT_BELOW_10000_FT_KTS,
  SPEED_LIMIT_TOLERANCE_KTS,
  STATUTE_MILES_PER_NM,
  STOPPED_MAX_GS_KTS,
  TAKEOFF_ROLL_MIN_GS_KTS,
  TAXI_MIN_GS_KTS,
  TAXI_OVERSPEED_GRACE_MS,
  TAXI_SPEED_LIMIT_KTS,
  TELEMETRY_GAP_MS,
  TOUCHDOWN_MAX_FRAME_GAP_MS,
  TRACK_HEADING_CHANGE_DEG,
  TRACK_INTERVAL_MS,
  TRACK_MAX_POINTS,
  TRACK_MIN_INTERVAL_MS,
  VS_SMOOTHING_TAU_MS,
} from './flight-constants';
import {
  ZEngineCommand,
  type EngineUpdate,
  type FlightEngineSnapshot,
  type FlightEngineState,
  type FlightOutcome,
  type FlightStatistics,
  type FrameDigest,
  type LivePosition,
  type StopPosition,
  type TEngineCommand,
  type TouchdownGap,
  type TrackPoint,
} from './flight-engine-types';
import { FLIGHT_EVENT_CODE, LAST_FLIGHT_EVENT_CODE, type FlightEvent, type FlightEventDataByKey, type FlightEventKey } from './flight-event-codes';
import { ZFlightAirport, ZFlightPlanInput, type TFlightAirport, type TFlightPlanInputRaw } from './flight-plan-input';
import { displayedSpeedKindFor, type FlightStep } from './flight-step';
import { matchRunway, nearestAirportWithin, touchdownRatingFor } from './landing-analysis';

/**
 * The flight engine: fed telemetry frames in order, it yields the flight step, flight events,
 * statistics, landing analysis and (PNC flights) the cabin simulation, incrementally: a frame
 * costs O(1) work. Frames whose `timeMs` is not after the last accepted one are ignored, so
 * duplicated or reordered frames never change the outcome. The engine reads no clock: every time
 * comes from the frames (commands use the last frame's time).
 *
 * Frames must be valid by `ZTelemetryFrame` (the server parses them at its boundary); the engine
 * only rejects non-finite times and positions.
 */
export type FlightEngine = {
  /** Feeds one frame; returns what changed (see `EngineUpdate`). */
  ingest(frame: TTelemetryFrame): EngineUpdate;
  /**
   * Applies a pilot control (spec hub messages). Throws `AppError` (VALIDATION_ERROR, 400) for a
   * malformed command; a refused command returns `commandResult.accepted === false` with its
   * reason (and the spec's incident where one applies) and changes nothing else.
   */
  cabinCommand(command: TEngineCommand): EngineUpdate;
  /** Changes the arrival airport in flight (same as the `DivertFlight` command). */
  divert(arrival: TFlightAirport): EngineUpdate;
  /** The whole state as plain JSON (persist it; `restoreFlightEngine` continues identically). */
  snapshot(): FlightEngineSnapshot;
  /** True once the flight may be completed: stopped at the arrival airport after a flight, or crashed. */
  isReadyToEndFlight(): boolean;
  currentStep(): FlightStep;
  statistics(): FlightStatistics;
  pncData(): PncData | null;
  /** Ends the flight (later frames are ignored) and returns its outcome. Idempotent. */
  complete(): FlightOutcome;
};

const newMonitor = () => ({ sinceMs: null, raised: false });

const angleDiffDeg = (a: number, b: number): number => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
};

const initialState = (planInput: TFlightPlanInputRaw): FlightEngineState => {
  const parsed = ZFlightPlanInput.safeParse(planInput);
  if (!parsed.success) {
    throw new AppError(ErrorCode.validation, `Invalid flight plan: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const plan = parsed.data;
  return {
    version: 1,
    plan,
    originalArrival: plan.arrival,
    totalDistanceNm: distanceNm(plan.departure.position, plan.arrival.position),
    completed: false,
    frameCount: 0,
    firstTimeMs: null,
    last: null,
    step: 'none',
    stepStartMs: null,
    steps: [],
    startedAtDeparture: false,
    blockOffTimeMs: null,
    blockOnTimeMs: null,
    takeoffTimeMs: null,
    lastTakeoffTimeMs: null,
    taxiInStartMs: null,
    isTaxiOutReported: false,
    takeoffCount: 0,
    touchdownCount: 0,
    airborneMs: 0,
    airborneSimMs: 0,
    airborneNm: 0,
    pausedInFlightMs: 0,
    vsAvgFpm: 0,
    levelSinceMs: null,
    approachMinAglFt: 0,
    descentFromFt: null,
    maxAwayNm: 0,
    mainGearContact: null,
    pendingLiftoff: null,
    landing: null,
    landingSettleUntilMs: 0,
    flownNm: 0,
    jumpedNm: 0,
    maxProgressPercent: 0,
    fuelLoadedKg: 0,
    fuelConsumedKg: 0,
    airborneBurnKg: 0,
    fuelLowWaterKg: 0,
    isFuelReserveRaised: false,
    gearDown: true,
    flapsReported: 0,
    enginesRunning: [],
    maxSimulationRate: 1,
    isOverspeedActive: false,
    isBankActive: false,
    isPitchUpActive: false,
    isPitchDownActive: false,
    pausedSinceMs: null,
    emergencySquawk: null,
    monitors: { beacon: newMonitor(), nav: newMonitor(), landingLow: newMonitor(), landingHigh: newMonitor(), strobe: newMonitor(), taxiSpeed: newMonitor() },
    events: [],
    eventSequence: 0,
    eventCounts: new Array<number>(LAST_FLIGHT_EVENT_CODE + 1).fill(0),
    track: [],
    lastTrackHeadingDeg: 0,
    cabin: plan.isPNC ? createCabinState(plan.pax) : null,
    lastPncPushMs: 0,
    engineRunningAtDeparture: false,
    acceleratedAirborneSimMs: 0,
    longestAirborneGapMs: 0,
    lastFrameGap: null,
    touchdownGap: null,
    longestPauseMs: 0,
    airborneFuelLowKg: null,
    airborneFuelIncreaseKg: 0,
  };
};

/** Creates an engine for a flight plan. Throws `AppError` (VALIDATION_ERROR) for an invalid plan. */
export const createFlightEngine = (plan: TFlightPlanInputRaw): FlightEngine => engineFor(initialState(plan));

/**
 * Rebuilds an engine from `snapshot()` output (e.g. after a server restart): it continues exactly
 * as the original would have. Throws `AppError` (VALIDATION_ERROR) for a snapshot it cannot read.
 */
export const restoreFlightEngine = (snapshot: FlightEngineSnapshot): FlightEngine => {
  if (snapshot === null || typeof snapshot !== 'object' || snapshot.version !== 1 || !ZFlightPlanInput.safeParse(snapshot.plan).success) {
    throw new AppError(ErrorCode.validation, 'Unreadable flight engine snapshot');
  }
  return engineFor(JSON.parse(JSON.stringify(snapshot)) as FlightEngineState);
};

const ignored = (s: FlightEngineState, reason: EngineUpdate['ignoredReason'], ready: boolean): EngineUpdate => ({
  accepted: false,
  ignoredReason: reason,
  step: s.step,
  stepChanges: [],
  events: [],
  incidents: [],
  statistics: null,
  position: null,
  trackPoint: null,
  pncData: null,
  isReadyToEndFlight: ready,
  commandResult: null,
});

const engineFor = (s: FlightEngineState): FlightEngine => {
  // The collector of the call in progress; reset by each ingest / command.
  let out: { stepChanges: EngineUpdate['stepChanges']; events: FlightEvent[]; incidents: PncIncident[]; cabinChanged: boolean } = {
    stepChanges: [],
    events: [],
    incidents: [],
    cabinChanged: false,
  };

  const emit = <K extends FlightEventKey>(key: K, data: FlightEventDataByKey[K], timeMs: number) => {
    const eventCode = FLIGHT_EVENT_CODE[key];
    s.eventCounts[eventCode] = (s.eventCounts[eventCode] ?? 0) + 1;
    const event = { sequence: s.eventSequence, eventCode, key, createdAtMs: timeMs, data } as FlightEvent;
    s.eventSequence += 1;
    if (s.events.length < MAX_STORED_EVENTS) s.events.push(event);
    out.events.push(event);
    if (s.cabin) {
      const loss = CABIN_CALMNESS_LOSS_BY_EVENT[key];
      if (loss !== undefined) {
        loseCalmness(s.cabin, loss);
        out.cabinChanged = true;
      }
    }
  };

  const cabinEmitter = (timeMs: number): CabinEmitter => ({
    event: (key, data) => {
      out.cabinChanged = true;
      emit(key, data, timeMs);
    },
    incident: (incident) => {
      out.cabinChanged = true;
      out.incidents.push(incident);
    },
  });

  const setStep = (step: FlightStep, timeMs: number) => {
    if (step === s.step) return;
    const previousStep = s.step;
    s.step = step;
    s.stepStartMs = timeMs;
    if (s.steps.length < MAX_STORED_STEPS) s.steps.push({ step, timeMs });
    out.stepChanges.push({ step, previousStep, timeMs });
    emit('FLIGHT_STEP_UPDATED', { step, previousStep }, timeMs);
    if (s.cabin) onCabinStepChanged(s.cabin, step, cabinEmitter(timeMs));
  };

  // The systems of the type: a rule about a system it lacks does not apply. Plans stored before
  // they carried the systems read the catalogue's.
  const systems = s.plan.aircraft.systems ?? aircraftSystemsFor(s.plan.aircraft.icao);
  const engineCount = s.plan.aircraft.engineCount;
  /** The engines the type has (a connector may report more flags than engines). */
  const enginesOf = (frame: TTelemetryFrame) => (frame.enginesRunning.length > engineCount ? frame.enginesRunning.slice(0, engineCount) : frame.enginesRunning);
  /** Fixed gear is always down, whatever a simulator reports for it. */
  const isGearDown = (frame: TTelemetryFrame) => !systems.retractableGear || frame.gearDownRatio >= GEAR_DOWN_MIN_RATIO;
  /**
   * The cabin's clock: simulated time since the first frame, so an announcement or a meal lasts its
   * simulated duration at any rate (a safety demonstration at 32x ends before the take-off it
   * precedes, as it would at 1x). Decision 0022-pilot-simulated-time.
   */
  const cabinClockMs = (): number => (s.firstTimeMs ?? s.last?.timeMs ?? 0) + (s.simClockMs ?? 0);

  const isSeatBeltOn = (frame: TTelemetryFrame) => frame.isSeatBeltSignOn || (s.cabin?.seatBelt ?? false);
  /** A missing seat-belt sign is never "off". */
  const isSeatBeltMissed = (frame: TTelemetryFrame) => systems.seatBeltSign && !isSeatBeltOn(frame);
  const isLocalFlight = () => s.plan.arrival.ident === s.plan.departure.ident;

  const consumedKg = () => Math.round(s.fuelConsumedKg);

  // ---- milestones ------------------------------------------------------------------------

  const blockOff = (frame: TTelemetryFrame) => {
    const t = frame.timeMs;
    s.blockOffTimeMs = t;
    s.blockOffSimMs = s.simClockMs ?? 0;
    s.fuelLoadedKg = frame.fuelKg;
    s.fuelLowWaterKg = frame.fuelKg;
    emit('FUEL_REPORT', { milestone: 'block_off', fuelKg: Math.round(frame.fuelKg), consumedKg: 0 }, t);
    const scheduled = s.plan.scheduledDepartureTimeMs;
    if (s.cabin && scheduled !== null) {
      const delayMinutes = Math.round((t - (scheduled + s.cabin.addedDepartureMinutes * 60_000)) / 60_000);
      if (delayMinutes > DELAY_TOLERANCE_MINUTES) raiseIncident(s.cabin, 1, [{ key: 'delay', value: delayMinutes }], t, cabinEmitter(t));
    }
    setStep('block_off', t);
  };

  const blockOn = (frame: TTelemetryFrame) => {
    const t = frame.timeMs;
    s.blockOnTimeMs = t;
    s.blockOnSimMs = s.simClockMs ?? 0;
    if (s.taxiInStartMs !== null) emit('TAXI_IN_DURATION', { durationSeconds: Math.round((t - s.taxiInStartMs) / 1000) }, t);
    emit('FUEL_REPORT', { milestone: 'block_on', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg() }, t);
    const scheduled = s.plan.scheduledArrivalTimeMs;
    if (s.cabin && scheduled !== null) {
      const delayMinutes = Math.round((t - (scheduled + s.cabin.addedArrivalMinutes * 60_000)) / 60_000);
      if (delayMinutes > DELAY_TOLERANCE_MINUTES) raiseIncident(s.cabin, 2, [{ key: 'delay', value: delayMinutes }], t, cabinEmitter(t));
    }
    setStep('block_on', t);
  };

  const reportTaxiOut = (t: number) => {
    if (s.isTaxiOutReported || s.blockOffTimeMs === null) return;
    s.isTaxiOutReported = true;
    emit('TAXI_OUT_DURATION', { durationSeconds: Math.round((t - s.blockOffTimeMs) / 1000) }, t);
  };

  const startTakeoffRoll = (t: number) => {
    reportTaxiOut(t);
    setStep('takeoff', t);
  };

  const liftOff = (frame: TTelemetryFrame) => {
    const t = frame.timeMs;
    reportTaxiOut(t);
    const isFirst = s.takeoffCount === 0;
    s.takeoffCount += 1;
    if (s.takeoffTimeMs === null) s.takeoffTimeMs = t;
    s.lastTakeoffTimeMs = t;
    if (isSeatBeltMissed(frame)) emit('TAKEOFF_WITHOUT_SEAT_BELT_SIGN', { flightStep: s.step }, t);
    emit('FUEL_REPORT', { milestone: 'takeoff', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg() }, t);
    if (s.cabin && isFirst) {
      const cabinEmit = cabinEmitter(t);
      if (isSeatBeltMissed(frame)) raiseIncident(s.cabin, 3, [{ key: 'flightStep', value: s.step }], t, cabinEmit);
      if (!s.cabin.completedAnnouncements.includes(2)) {
        raiseIncident(s.cabin, 5, [{ key: 'type', value: 2 }, { key: 'launched', value: s.cabin.launchedAnnouncements.includes(2) }], t, cabinEmit);
      }
    }
    setStep('initial_climb', t);
  };

  const touchDown = (frame: TTelemetryFrame, prev: FrameDigest) => {
    // The mains touched before the aggregate flag (a connector reading the nose wheel): the landing
    // happened there, at the rate of that frame.
    const contact = s.mainGearContact ?? null;
    s.mainGearContact = null;
    const fromMains = contact !== null && frame.timeMs - contact.timeMs <= MAIN_GEAR_CONTACT_MAX_LEAD_MS ? contact : null;
    const t = fromMains?.timeMs ?? frame.timeMs;
    // Simulators report the contact rate on the first frame on the ground; one that zeroes it there
    // leaves the last airborne frame's rate (at most a second before contact) as the best estimate.
    // The simulator's own touchdown measure, where it gives one, is better than both.
    const verticalSpeedFpm = Math.round(
      fromMains !== null
        ? fromMains.verticalSpeedFpm
        : frame.touchdownVerticalSpeedFpm !== undefined && frame.touchdownVerticalSpeedFpm < 0
          ? frame.touchdownVerticalSpeedFpm
          : frame.verticalSpeedFpm < 0
            ? frame.verticalSpeedFpm
            : Math.min(0, prev.verticalSpeedFpm),
    );
    const gForce = Math.round(frame.gForce * 100) / 100;
    const crashReason =
      !isGearDown(frame)
        ? ('gear_up_landing' as const)
        : verticalSpeedFpm <= CRASH_TOUCHDOWN_VS_FPM
          ? ('touchdown_rate' as const)
          : gForce >= CRASH_TOUCHDOWN_G
            ? ('load_factor' as const)
            : null;
    if (s.pendingLiftoff !== null && s.landing !== null) {
      // Back on the ground shortly after a touchdown: a bounce of the same landing.
      s.landing.bounces += 1;
      emit('BOUNCE', { bounceCount: s.landing.bounces, maxHeightFtAgl: Math.round(s.pendingLiftoff.maxAglFt) }, t);
      s.pendingLiftoff = null;
      if (gForce > s.landing.gForce) s.landing.gForce = gForce;
    } else {
      const point = fromMains ?? { latitudeDeg: frame.position.latitudeDeg, longitudeDeg: frame.position.longitudeDeg };
      const headingDeg = fromMains?.headingDegTrue ?? frame.headingDegTrue;
      const airport = nearestAirportWithin([s.plan.arrival, s.plan.departure, s.originalArrival], point, AIRPORT_RADIUS_NM);
      const runway = airport ? matchRunway(airport, point, headingDeg) : null;
      const isObserved = fromMains !== null || (t - prev.timeMs <= TOUCHDOWN_MAX_FRAME_GAP_MS && !prev.isPaused);
      // A touchdown the tracker did not see has no rating: its rate is the last one known, not the touchdown's.
      const rating = isObserved ? touchdownRatingFor(verticalSpeedFpm) : 'unobserved';
      s.touchdownCount += 1;
      s.touchdownGap = gapBeforeTouchdown(t);
      s.landing = {
        touchdownTimeMs: t,
        latitudeDeg: point.latitudeDeg,
        longitudeDeg: point.longitudeDeg,
        verticalSpeedFpm,
        gForce,
        rating,
        isObserved,
        isRateKnown: isObserved,
        bounces: 0,
        airportIdent: runway?.airportIdent ?? airport?.ident ?? null,
        runway,
        indicatedAirspeedKts: Math.round(frame.indicatedAirspeedKts),
        pitchDeg: frame.pitchDeg,
        bankDeg: frame.bankDeg,
      };
      s.landingSettleUntilMs = t + 3000;
      emit(
        'TOUCHDOWN_POSITION',
        {
          latitudeDeg: point.latitudeDeg,
          longitudeDeg: point.longitudeDeg,
          airportIdent: s.landing.airportIdent,
          runwayIdent: runway?.runwayIdent ?? null,
          distanceFromThresholdFt: runway?.distanceFromThresholdFt ?? null,
          centerlineOffsetFt: runway?.centerlineOffsetFt ?? null,
        },
        t,
      );
      emit('TOUCHDOWN_RATE', { verticalSpeedFpm, gForce, rating, isObserved }, t);
      if (isSeatBeltMissed(frame)) {
        emit('LANDING_WITHOUT_SEAT_BELT_SIGN', { flightStep: s.step }, t);
        if (s.cabin) raiseIncident(s.cabin, 4, [{ key: 'flightStep', value: s.step }], t, cabinEmitter(t));
      }
      emit('FUEL_REPORT', { milestone: 'touchdown', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg() }, t);
      if (s.cabin) {
        const loss = CABIN_CALMNESS_LOSS_BY_RATING[rating];
        if (loss !== undefined) loseCalmness(s.cabin, loss);
        out.cabinChanged = true;
      }
    }
    if (crashReason !== null) {
      emit('CRASH', { reason: crashReason, verticalSpeedFpm, gForce }, t);
      setStep('crashed', t);
      return;
    }
    setStep('landing', t);
  };

  // ---- steps -----------------------------------------------------------------------------

  const anyEngineRunning = (frame: TTelemetryFrame) => enginesOf(frame).some(Boolean);

  /** A paid flight leaves its departure under power: an engine running on the ground there. */
  const noteEngineAtDeparture = (frame: TTelemetryFrame) => {
    if (!frame.isOnGround || !s.startedAtDeparture || !anyEngineRunning(frame)) return;
    if (distanceNm(frame.position, s.plan.departure.position) <= AIRPORT_RADIUS_NM) s.engineRunningAtDeparture = true;
  };

  const isMovingBackward = (frame: TTelemetryFrame, prev: FrameDigest): boolean => {
    const moved = distanceNm(prev, frame.position);
    if (moved < 1e-6) return false;
    return angleDiffDeg(initialBearingDeg(prev, frame.position), frame.headingDegTrue) > 90;
  };

  const groundStep = (frame: TTelemetryFrame, prev: FrameDigest) => {
    const t = frame.timeMs;
    const gs = frame.groundSpeedKts;
    const engines = anyEngineRunning(frame);
    switch (s.step) {
      case 'none':
      case 'ground':
      case 'boarding':
      case 'diversion':
      case 'emergency':
        if (s.takeoffCount > 0) {
          setStep(gs >= LANDING_ROLL_END_GS_KTS ? 'landing' : 'taxi_in', t);
        } else if (s.blockOffTimeMs === null) {
          if (gs >= STOPPED_MAX_GS_KTS || (!frame.isParkingBrakeSet && engines)) blockOff(frame);
        } else if (gs >= TAXI_MIN_GS_KTS) {
          setStep('taxi_out', t);
        }
        return;
      case 'block_off':
      case 'pushback':
        if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(t);
        else if (gs >= STOPPED_MAX_GS_KTS && (isMovingBackward(frame, prev) || !engines)) setStep('pushback', t);
        else if (gs >= TAXI_MIN_GS_KTS && engines) setStep('taxi_out', t);
        return;
      case 'taxi_out':
        if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(t);
        return;
      case 'takeoff':
        if (gs < LANDING_ROLL_END_GS_KTS) setStep('taxi_out', t); // rejected take-off
        return;
      case 'landing':
        if (gs < LANDING_ROLL_END_GS_KTS) {
          s.taxiInStartMs = t;
          setStep('taxi_in', t);
        }
        return;
      case 'taxi_in':
        if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(t);
        else if (gs < STOPPED_MAX_GS_KTS && (frame.isParkingBrakeSet || !engines)) blockOn(frame);
        return;
      case 'block_on':
        if (!engines) setStep('deboarding', t);
        else if (gs >= TAXI_MIN_GS_KTS) setStep('taxi_in', t);
        return;
      case 'deboarding':
        if (s.stepStartMs !== null && t - s.stepStartMs >= DEBOARDING_DURATION_MS) setStep('parked', t);
        return;
      case 'parked':
      case 'crashed':
        return;
      case 'initial_climb':
      case 'climb':
      case 'cruise':
      case 'descent':
      case 'approach':
      case 'flight_level':
        // An air step on the ground without a touchdown transition cannot happen; be safe.
        setStep(gs >= LANDING_ROLL_END_GS_KTS ? 'landing' : 'taxi_in', t);
    }
  };

  /** Feet come down from the level the aircraft left (0 when it is not descending). */
  const descentLossFt = (frame: TTelemetryFrame): number => {
    const from = s.descentFromFt ?? null;
    return from === null ? 0 : from - frame.position.altitudeFtMsl;
  };

  /** Descending: fast at once, slowly once it has come down from its level (light aircraft). */
  const isDescending = (frame: TTelemetryFrame): boolean =>
    s.vsAvgFpm <= DESCENT_MAX_VS_FPM || (s.vsAvgFpm <= SLOW_DESCENT_MAX_VS_FPM && descentLossFt(frame) >= SLOW_DESCENT_MIN_LOSS_FT);

  const profileStep = (frame: TTelemetryFrame): FlightStep | null => {
    const vs = s.vsAvgFpm;
    // Leaving the level downwards is a descent, even inside the cruise band.
    if (isDescending(frame)) return 'descent';
    if (Math.abs(frame.position.altitudeFtMsl - s.plan.cruiseLevelFt) <= CRUISE_BAND_FT && Math.abs(vs) < CLIMB_MIN_VS_FPM) return 'cruise';
    if (vs >= CLIMB_MIN_VS_FPM) return 'climb';
    if (s.levelSinceMs !== null && frame.timeMs - s.levelSinceMs >= LEVEL_MIN_DURATION_MS) return 'flight_level';
    return null;
  };

  /** Airborne bookkeeping of every frame in the air, whatever the step. */
  const trackAirborne = (frame: TTelemetryFrame, prev: FrameDigest | null) => {
    const awayNm = distanceNm(frame.position, s.plan.departure.position);
    if (awayNm > (s.maxAwayNm ?? 0)) s.maxAwayNm = awayNm;
    // The level the aircraft leaves downwards (followed while it is not descending): descent and
    // approach are measured from it.
    if (s.vsAvgFpm > SLOW_DESCENT_MAX_VS_FPM || s.descentFromFt === null || s.descentFromFt === undefined) s.descentFromFt = frame.position.altitudeFtMsl;
    // The mains touched while the aggregate flag still reads airborne (nose wheel): keep the first contact.
    if (frame.isMainGearOnGround === true) {
      const contact = s.mainGearContact ?? null;
      if (contact === null || frame.timeMs - contact.timeMs > MAIN_GEAR_CONTACT_MAX_LEAD_MS) {
        s.mainGearContact = {
          timeMs: frame.timeMs,
          verticalSpeedFpm: frame.verticalSpeedFpm < 0 ? frame.verticalSpeedFpm : Math.min(0, prev?.verticalSpeedFpm ?? 0),
          latitudeDeg: frame.position.latitudeDeg,
          longitudeDeg: frame.position.longitudeDeg,
          headingDegTrue: frame.headingDegTrue,
        };
      }
    }
  };

  /** On a final descent: descending, come down far enough from the level left, low and near the field. */
  const isOnFinalDescent = (frame: TTelemetryFrame): boolean =>
    s.takeoffCount > 0 &&
    // From the descent step, so the descent is always logged first (a diversion holds its own step).
    (s.step === 'descent' || s.step === 'diversion') &&
    s.vsAvgFpm <= SLOW_DESCENT_MAX_VS_FPM &&
    descentLossFt(frame) >= APPROACH_MIN_DESCENT_FT &&
    frame.position.altitudeFtAgl < APPROACH_MAX_AGL_FT;

  const airStep = (frame: TTelemetryFrame) => {
    const t = frame.timeMs;
    const agl = frame.position.altitudeFtAgl;
    if (EMERGENCY_SQUAWKS.has(frame.transponder)) {
      setStep('emergency', t);
      return;
    }
    if (s.pendingLiftoff !== null) {
      const p = s.pendingLiftoff;
      if (agl > p.maxAglFt) p.maxAglFt = agl;
      if (t - p.timeMs > BOUNCE_MAX_AIRBORNE_MS || agl > BOUNCE_MAX_HEIGHT_AGL_FT) {
        s.pendingLiftoff = null;
        s.takeoffCount += 1;
        s.lastTakeoffTimeMs = p.timeMs;
        emit('TOUCH_AND_GO', { groundSeconds: Math.round((p.timeMs - p.touchdownTimeMs) / 1000), airportIdent: s.landing?.airportIdent ?? null }, t);
        setStep('initial_climb', t);
      }
      return;
    }
    if (s.step === 'initial_climb') {
      // A circuit levels off at 1,000 ft, below the usual clean-up height: levelling off or
      // descending ends the initial climb too.
      const hasLevelled = s.levelSinceMs !== null && t - s.levelSinceMs >= LEVEL_MIN_DURATION_MS;
      if (agl >= INITIAL_CLIMB_TOP_AGL_FT || hasLevelled || isDescending(frame)) setStep(profileStep(frame) ?? 'climb', t);
      return;
    }
    if (s.step === 'approach') {
      if (agl < s.approachMinAglFt) s.approachMinAglFt = agl;
      if (agl >= s.approachMinAglFt + GO_AROUND_MIN_GAIN_FT && s.vsAvgFpm >= GO_AROUND_MIN_VS_FPM) {
        emit(
          'GO_AROUND',
          {
            minimumAltitudeFtAgl: Math.round(s.approachMinAglFt),
            distanceToArrivalNm: Math.round(distanceNm(frame.position, s.plan.arrival.position) * 10) / 10,
          },
          t,
        );
        setStep('climb', t);
      }
      return;
    }
    // An approach follows what the aircraft does (a final descent), never proximity alone.
    if (isOnFinalDescent(frame)) {
      const nearArrival = distanceNm(frame.position, s.plan.arrival.position) <= APPROACH_RADIUS_NM;
      // A return to the departure (fixed gear is always down).
      const gearDownNearDeparture = isGearDown(frame) && distanceNm(frame.position, s.plan.departure.position) <= APPROACH_RADIUS_NM;
      if (nearArrival || gearDownNearDeparture) {
        s.approachMinAglFt = agl;
        setStep('approach', t);
        return;
      }
    }
    if (s.step === 'diversion') return; // held until the approach of the new arrival
    const next = profileStep(frame);
    if (next !== null) setStep(next, t);
  };

  const updateStep = (frame: TTelemetryFrame, prev: FrameDigest | null) => {
    const t = frame.timeMs;
    if (s.step === 'crashed') return;
    if (prev === null) {
      if (frame.isOnGround) {
        s.startedAtDeparture = distanceNm(frame.position, s.plan.departure.position) <= AIRPORT_RADIUS_NM;
        setStep(s.startedAtDeparture ? 'boarding' : 'ground', t);
      } else {
        setStep(EMERGENCY_SQUAWKS.has(frame.transponder) ? 'emergency' : (profileStep(frame) ?? 'climb'), t);
      }
      return;
    }
    if (!prev.isOnGround && frame.isOnGround) {
      touchDown(frame, prev);
      return;
    }
    if (prev.isOnGround && !frame.isOnGround) {
      if (s.step === 'landing' && s.landing !== null) {
        s.pendingLiftoff = { timeMs: t, touchdownTimeMs: s.landing.touchdownTimeMs, maxAglFt: frame.position.altitudeFtAgl };
        return;
      }
      liftOff(frame);
      return;
    }
    if (frame.isOnGround) groundStep(frame, prev);
    else {
      trackAirborne(frame, prev);
      airStep(frame);
    }
  };

  // ---- monitors (events that do not change the step) -------------------------------------

  const monitor = (m: { sinceMs: number | null; raised: boolean }, condition: boolean, t: number, graceMs: number): boolean => {
    if (!condition) {
      m.sinceMs = null;
      m.raised = false;
      return false;
    }
    if (m.sinceMs === null) m.sinceMs = t;
    if (!m.raised && t - m.sinceMs >= graceMs) {
      m.raised = true;
      return true;
    }
    return false;
  };

  const runMonitors = (frame: TTelemetryFrame, prev: FrameDigest | null) => {
    const t = frame.timeMs;
    const airborne = !frame.isOnGround;
    const msl = frame.position.altitudeFtMsl;
    const ias = frame.indicatedAirspeedKts;
    const agl = frame.position.altitudeFtAgl;

    // Speed limit below 10,000 ft.
    if (airborne && msl < SPEED_LIMIT_ALTITUDE_FT && ias > SPEED_LIMIT_BELOW_10000_FT_KTS + SPEED_LIMIT_TOLERANCE_KTS) {
      if (!s.isOverspeedActive) {
        s.isOverspeedActive = true;
        emit('OVERSPEED_BELOW_10000_FT', { indicatedAirspeedKts: Math.round(ias), altitudeFtMsl: Math.round(msl), limitKts: SPEED_LIMIT_BELOW_10000_FT_KTS }, t);
      }
    } else if (!airborne || msl >= SPEED_LIMIT_ALTITUDE_FT || ias <= SPEED_LIMIT_BELOW_10000_FT_KTS) {
      s.isOverspeedActive = false;
    }

    // Gear.
    const gearDown = isGearDown(frame);
    if (prev !== null && gearDown !== s.gearDown) {
      emit(gearDown ? 'GEAR_DOWN' : 'GEAR_UP', { altitudeFtAgl: Math.round(agl), indicatedAirspeedKts: Math.round(ias) }, t);
    }
    s.gearDown = gearDown;

    // Flaps: reported once the handle has settled at a new position.
    if (prev === null) s.flapsReported = frame.flapsRatio;
    else if (Math.abs(frame.flapsRatio - prev.flapsRatio) < 0.01 && Math.abs(frame.flapsRatio - s.flapsReported) >= 0.05) {
      emit('FLAPS_CHANGED', { fromRatio: s.flapsReported, toRatio: frame.flapsRatio, indicatedAirspeedKts: Math.round(ias), altitudeFtAgl: Math.round(agl) }, t);
      s.flapsReported = frame.flapsRatio;
    }

    // Engines.
    const engines = enginesOf(frame);
    const count = Math.max(engines.length, s.enginesRunning.length);
    for (let i = 0; i < count; i += 1) {
      const now = engines[i] ?? false;
      const before = s.enginesRunning[i] ?? false;
      if (prev !== null && now !== before) {
        emit(now ? 'ENGINE_STARTED' : 'ENGINE_STOPPED', { engineIndex: i, isOnGround: frame.isOnGround }, t);
        if (!now && airborne && s.cabin) loseCalmness(s.cabin, CABIN_CALMNESS_LOSS_BY_EVENT.ENGINE_STOPPED_IN_FLIGHT ?? 0);
      }
    }
    s.enginesRunning = engines.slice();
    const anyEngine = engines.some(Boolean);

    // Lights.
    const lights = frame.lights;
    if (monitor(s.monitors.beacon, systems.beacon && anyEngine && !lights.beacon, t, BEACON_GRACE_MS)) emit('BEACON_OFF_WITH_ENGINE_RUNNING', { isOnGround: frame.isOnGround }, t);
    if (monitor(s.monitors.nav, anyEngine && !lights.nav, t, BEACON_GRACE_MS)) emit('NAV_LIGHTS_OFF_WITH_ENGINE_RUNNING', { isOnGround: frame.isOnGround }, t);
    if (monitor(s.monitors.landingLow, airborne && msl < SPEED_LIMIT_ALTITUDE_FT && !lights.landing, t, LIGHTS_GRACE_MS)) {
      emit('LANDING_LIGHTS_OFF_BELOW_10000_FT', { altitudeFtMsl: Math.round(msl) }, t);
    }
    if (monitor(s.monitors.landingHigh, airborne && msl > SPEED_LIMIT_ALTITUDE_FT && lights.landing, t, LIGHTS_GRACE_MS)) {
      emit('LANDING_LIGHTS_ON_ABOVE_10000_FT', { altitudeFtMsl: Math.round(msl) }, t);
    }
    if (monitor(s.monitors.strobe, systems.strobe && airborne && !lights.strobe, t, LIGHTS_GRACE_MS)) emit('STROBE_OFF_IN_FLIGHT', { altitudeFtMsl: Math.round(msl) }, t);

    // Taxi speed.
    const taxiing = frame.isOnGround && (s.step === 'taxi_out' || s.step === 'taxi_in');
    if (monitor(s.monitors.taxiSpeed, taxiing && frame.groundSpeedKts > TAXI_SPEED_LIMIT_KTS, t, TAXI_OVERSPEED_GRACE_MS)) {
      emit('TAXI_OVERSPEED', { groundSpeedKts: Math.round(frame.groundSpeedKts), limitKts: TAXI_SPEED_LIMIT_KTS }, t);
    }

    // Simulation rate.
    // A flight that starts faster than real time counts as a change from real time (decision 0022-pilot-simulated-time).
    const previousRate = prev?.simulationRate ?? 1;
    if (frame.simulationRate !== previousRate) {
      emit('SIMULATION_RATE_CHANGED', { fromRate: previousRate, toRate: frame.simulationRate, isOnGround: frame.isOnGround }, t);
    }
    if (frame.simulationRate > s.maxSimulationRate) s.maxSimulationRate = frame.simulationRate;

    // Attitude.
    if (airborne) {
      const bank = Math.abs(frame.bankDeg);
      if (!s.isBankActive && bank > EXCESSIVE_BANK_DEG) {
        s.isBankActive = true;
        emit('EXCESSIVE_BANK', { bankDeg: Math.round(frame.bankDeg), limitDeg: EXCESSIVE_BANK_DEG }, t);
      } else if (s.isBankActive && bank < EXCESSIVE_BANK_DEG - ATTITUDE_REARM_MARGIN_DEG) s.isBankActive = false;
      if (!s.isPitchUpActive && frame.pitchDeg > EXCESSIVE_PITCH_UP_DEG) {
        s.isPitchUpActive = true;
        emit('EXCESSIVE_PITCH', { pitchDeg: Math.round(frame.pitchDeg), limitDeg: EXCESSIVE_PITCH_UP_DEG }, t);
      } else if (s.isPitchUpActive && frame.pitchDeg < EXCESSIVE_PITCH_UP_DEG - ATTITUDE_REARM_MARGIN_DEG) s.isPitchUpActive = false;
      if (!s.isPitchDownActive && frame.pitchDeg < EXCESSIVE_PITCH_DOWN_DEG) {
        s.isPitchDownActive = true;
        emit('EXCESSIVE_PITCH', { pitchDeg: Math.round(frame.pitchDeg), limitDeg: EXCESSIVE_PITCH_DOWN_DEG }, t);
      } else if (s.isPitchDownActive && frame.pitchDeg > EXCESSIVE_PITCH_DOWN_DEG + ATTITUDE_REARM_MARGIN_DEG) s.isPitchDownActive = false;
    }

    // Pause in flight.
    if (frame.isPaused && airborne && s.pausedSinceMs === null) {
      s.pausedSinceMs = t;
      emit('PAUSE_IN_FLIGHT_STARTED', { altitudeFtMsl: Math.round(msl) }, t);
    } else if (!frame.isPaused && s.pausedSinceMs !== null) {
      s.pausedInFlightMs += t - s.pausedSinceMs;
      s.longestPauseMs = Math.max(s.longestPauseMs ?? 0, t - s.pausedSinceMs);
      emit('PAUSE_IN_FLIGHT_ENDED', { durationSeconds: Math.round((t - s.pausedSinceMs) / 1000) }, t);
      s.pausedSinceMs = null;
    }

    // Emergency squawk.
    if (EMERGENCY_SQUAWKS.has(frame.transponder)) {
      if (s.emergencySquawk !== frame.transponder) emit('EMERGENCY_SQUAWK', { transponder: frame.transponder }, t);
      s.emergencySquawk = frame.transponder;
    } else s.emergencySquawk = null;

    // Fuel reserve (spec section 9: 45 minutes of average consumption).
    if (airborne && !s.isFuelReserveRaised) {
      const averageBurnKgPerHour =
        s.airborneSimMs >= FUEL_BURN_MEASURE_MIN_MS ? s.airborneBurnKg / (s.airborneSimMs / 3_600_000) : s.plan.aircraft.fuelBurnKgPerHour;
      const reserveKg = (averageBurnKgPerHour * FUEL_RESERVE_MINUTES) / 60;
      if (frame.fuelKg < reserveKg) {
        s.isFuelReserveRaised = true;
        emit('FUEL_BELOW_RESERVE', { fuelKg: Math.round(frame.fuelKg), reserveKg: Math.round(reserveKg), averageBurnKgPerHour: Math.round(averageBurnKgPerHour) }, t);
      }
    }

    // Landing load factor settles over the first seconds of the roll.
    if (s.landing !== null && frame.isOnGround && t <= s.landingSettleUntilMs && frame.gForce > s.landing.gForce) {
      s.landing.gForce = Math.round(frame.gForce * 100) / 100;
    }
  };

  // ---- distance, fuel, integrity ---------------------------------------------------------

  const jumpLimitKts = () =>
    Math.max(POSITION_JUMP_MIN_LIMIT_KTS, s.plan.aircraft.cruiseSpeedKts + POSITION_JUMP_SPEED_MARGIN_KTS);

  /** A frame interval too long to measure a touchdown across (pauses are measured as pauses). */
  const noteFrameGap = (startMs: number, endMs: number, isAirborne: boolean) => {
    const gapMs = endMs - startMs;
    if (isAirborne && gapMs > (s.longestAirborneGapMs ?? 0)) s.longestAirborneGapMs = gapMs;
    s.lastFrameGap = { startMs, endMs };
    // A gap after the touchdown (the roll, a bounce): keep it when nearer than the one before.
    const landing = s.landing;
    if (landing === null || startMs < landing.touchdownTimeMs) return;
    const offsetSeconds = Math.round((startMs - landing.touchdownTimeMs) / 1000);
    const nearest = s.touchdownGap ?? null;
    if (nearest === null || offsetSeconds < nearest.offsetSeconds) s.touchdownGap = { seconds: Math.round(gapMs / 1000), offsetSeconds };
  };

  /** The latest frame gap before (or across) a touchdown at `touchdownMs`. */
  const gapBeforeTouchdown = (touchdownMs: number): TouchdownGap | null => {
    const gap = s.lastFrameGap ?? null;
    if (gap === null) return null;
    return { seconds: Math.round((gap.endMs - gap.startMs) / 1000), offsetSeconds: Math.max(0, Math.round((touchdownMs - gap.endMs) / 1000)) };
  };

  /**
   * Any rise of fuel in the air beyond gauge noise is a refuel: keep the largest rise above the
   * lowest level of the airborne stretch (so a slow trickle adds up too). The review rule judges it.
   */
  const trackAirborneFuel = (fuelKg: number, prevFuelKg: number, isAirborneInterval: boolean) => {
    if (!isAirborneInterval) {
      s.airborneFuelLowKg = null;
      return;
    }
    const lowKg = Math.min(s.airborneFuelLowKg ?? prevFuelKg, prevFuelKg);
    s.airborneFuelLowKg = Math.min(lowKg, fuelKg);
    const riseKg = fuelKg - lowKg;
    if (riseKg > (s.airborneFuelIncreaseKg ?? 0)) s.airborneFuelIncreaseKg = riseKg;
  };

  const integrate = (frame: TTelemetryFrame, prev: FrameDigest) => {
    const t = frame.timeMs;
    const dtMs = t - prev.timeMs;
    if (dtMs > TELEMETRY_GAP_MS) emit('TELEMETRY_GAP', { seconds: Math.round(dtMs / 1000), wasOnGround: prev.isOnGround, isOnGround: frame.isOnGround }, t);

    const segmentNm = distanceNm(prev, frame.position);
    const hours = dtMs / 3_600_000;
    const impliedKts = segmentNm / hours;
    const limitKts = jumpLimitKts() * Math.max(1, frame.simulationRate, prev.simulationRate);
    const wasAirborne = !prev.isOnGround;
    // The interval after a paused frame is paused time.
    const isPaused = prev.isPaused;
    if (segmentNm >= POSITION_JUMP_MIN_DISTANCE_NM && impliedKts > limitKts) {
      s.jumpedNm += segmentNm;
      emit('POSITION_JUMP', { distanceNm: Math.round(segmentNm * 10) / 10, seconds: Math.round(dtMs / 100) / 10, impliedSpeedKts: Math.round(impliedKts), limitKts: Math.round(limitKts) }, t);
    } else {
      s.flownNm += segmentNm;
      if (wasAirborne && !isPaused) s.airborneNm += segmentNm;
    }
    if (!isPaused) s.simClockMs = (s.simClockMs ?? 0) + dtMs * Math.max(1, prev.simulationRate);
    if (wasAirborne && !isPaused) {
      s.airborneMs += dtMs;
      // Simulated time (wall clock x rate): fuel burns at the simulated pace.
      s.airborneSimMs += dtMs * Math.max(1, prev.simulationRate);
      if (prev.simulationRate > 1) s.acceleratedAirborneSimMs = (s.acceleratedAirborneSimMs ?? 0) + dtMs * prev.simulationRate;
    }
    if (dtMs > TOUCHDOWN_MAX_FRAME_GAP_MS && !isPaused) noteFrameGap(prev.timeMs, t, wasAirborne || !frame.isOnGround);
    trackAirborneFuel(frame.fuelKg, prev.fuelKg, wasAirborne && !frame.isOnGround);

    // Fuel: before off-block, the fuel loaded follows refuelling; after it, decreases are burn and
    // any rise beyond the tolerance is an illegal increase (measured from the lowest level since
    // the last one, so a slow refuel is caught too).
    const fuel = frame.fuelKg;
    if (s.blockOffTimeMs === null) {
      s.fuelLoadedKg = fuel;
      s.fuelLowWaterKg = fuel;
      return;
    }
    const delta = fuel - prev.fuelKg;
    if (delta < 0) {
      s.fuelConsumedKg -= delta;
      if (wasAirborne) s.airborneBurnKg -= delta;
    }
    if (fuel < s.fuelLowWaterKg) s.fuelLowWaterKg = fuel;
    const tolerance = Math.max(FUEL_INCREASE_TOLERANCE_KG, s.plan.aircraft.fuelCapacityKg * FUEL_INCREASE_TOLERANCE_RATIO);
    if (fuel > s.fuelLowWaterKg + tolerance) {
      emit('ILLEGAL_FUEL_INCREASE', { fromKg: Math.round(s.fuelLowWaterKg), toKg: Math.round(fuel), isOnGround: frame.isOnGround }, t);
      s.fuelLowWaterKg = fuel;
    }
  };

  const smoothVerticalSpeed = (frame: TTelemetryFrame, prev: FrameDigest | null) => {
    if (prev === null) {
      s.vsAvgFpm = frame.verticalSpeedFpm;
    } else {
      const alpha = 1 - Math.exp(-(frame.timeMs - prev.timeMs) / VS_SMOOTHING_TAU_MS);
      s.vsAvgFpm += alpha * (frame.verticalSpeedFpm - s.vsAvgFpm);
    }
    if (frame.isOnGround || Math.abs(s.vsAvgFpm) >= LEVEL_MAX_ABS_VS_FPM) s.levelSinceMs = null;
    else if (s.levelSinceMs === null) s.levelSinceMs = frame.timeMs;
  };

  // ---- statistics, track -----------------------------------------------------------------

  const isAtArrival = (): boolean => {
    const last = s.last;
    if (last === null) return false;
    // A local flight arrives once it has been away: a hop along the runway is no circuit.
    if (isLocalFlight() && (s.maxAwayNm ?? LOCAL_FLIGHT_MIN_AWAY_NM) < LOCAL_FLIGHT_MIN_AWAY_NM) return false;
    if (remainingNm() <= AIRPORT_RADIUS_NM) return true;
    return s.landing?.runway?.airportIdent === s.plan.arrival.ident && last.isOnGround;
  };

  const hasLandedAfterTakeoff = () =>
    s.landing !== null && s.lastTakeoffTimeMs !== null && s.landing.touchdownTimeMs > s.lastTakeoffTimeMs && s.pendingLiftoff === null;

  const updateProgress = (frame: TTelemetryFrame) => {
    if (s.takeoffCount === 0 && frame.isOnGround) return;
    const total = s.totalDistanceNm;
    let percent: number;
    if (frame.isOnGround && hasLandedAfterTakeoff() && isAtArrival()) percent = 100;
    else if (total <= 0) percent = 0;
    else {
      const remaining = remainingNm();
      const ratio = (total - remaining) / total;
      percent = Math.floor(100 * (ratio < 0 ? 0 : ratio > 1 ? 1 : ratio));
      if (percent === 100) percent = 99; // 100 only once landed there
    }
    if (percent > s.maxProgressPercent) s.maxProgressPercent = percent;
  };

  // Distance from the last frame to the arrival, computed once per frame (or after a diversion).
  let remainingCache = { timeMs: -1, arrivalIdent: '', nm: 0 };
  const remainingNm = (): number => {
    const last = s.last;
    if (last === null) return s.totalDistanceNm;
    if (remainingCache.timeMs !== last.timeMs || remainingCache.arrivalIdent !== s.plan.arrival.ident) {
      remainingCache = { timeMs: last.timeMs, arrivalIdent: s.plan.arrival.ident, nm: distanceNm(last, s.plan.arrival.position) };
    }
    return remainingCache.nm;
  };

  const statistics = (): FlightStatistics => {
    const last = s.last;
    const remaining = remainingNm();
    const gs = last?.groundSpeedKts ?? 0;
    const ete = gs > ESTIMATE_MIN_GS_KTS ? timeMinutesFor(remaining, gs) : null;
    const blockEnd = s.blockOnTimeMs ?? last?.timeMs ?? null;
    return {
      // Simulated airborne time: a flight at 128x lasts what it lasted in the simulator, not 1/128 of it.
      flightDurationSeconds: Math.round(s.airborneSimMs / 1000),
      // Simulated time where the snapshot has the simulated clock (all flights since it exists).
      blockTimeSeconds:
        s.blockOffTimeMs === null || blockEnd === null
          ? 0
          : s.blockOffSimMs !== undefined
            ? Math.round(((s.blockOnSimMs ?? s.simClockMs ?? 0) - s.blockOffSimMs) / 1000)
            : Math.round((blockEnd - s.blockOffTimeMs) / 1000),
      blockOffTimeMs: s.blockOffTimeMs,
      blockOnTimeMs: s.blockOnTimeMs,
      takeoffTimeMs: s.takeoffTimeMs,
      landingTimeMs: s.landing?.touchdownTimeMs ?? null,
      distanceNm: Math.round(s.totalDistanceNm),
      nauticalDistanceNm: Math.round(s.flownNm),
      airborneDistanceNm: Math.round(s.airborneNm),
      miles: Math.round(s.flownNm * STATUTE_MILES_PER_NM),
      fuelLoadedKg: Math.round(s.fuelLoadedKg),
      fuelConsumedKg: Math.round(s.fuelConsumedKg),
      fuelRemainingKg: Math.round(last?.fuelKg ?? 0),
      // Simulated airborne time: at a simulation rate of 4 the aircraft flies 4 times faster than the clock.
      averageSpeedKts: s.airborneSimMs > 0 ? Math.round(s.airborneNm / (s.airborneSimMs / 3_600_000)) : 0,
      progressPercent: s.maxProgressPercent,
      remainingDistanceNm: Math.round(remaining),
      estimatedTimeEnrouteMinutes: ete === null ? null : Math.round(ete),
      estimatedArrivalTimeMs: ete === null || last === null ? null : Math.round(last.timeMs + ete * 60_000),
      jumpedDistanceNm: Math.round(s.jumpedNm * 10) / 10,
    };
  };

  const recordTrack = (frame: TTelemetryFrame, stepChanged: boolean): TrackPoint | null => {
    const t = frame.timeMs;
    const lastPoint = s.track[s.track.length - 1];
    // Intervals in simulated time (see simClockMs); frame times are wall clock.
    const simNowMs = s.simClockMs ?? 0;
    // A snapshot from before the simulated clock has no lastTrackSimMs: the next frame makes a point.
    const sinceLastMs = lastPoint === undefined || s.lastTrackSimMs === undefined ? Infinity : simNowMs - s.lastTrackSimMs;
    const due =
      lastPoint === undefined ||
      stepChanged ||
      sinceLastMs >= TRACK_INTERVAL_MS ||
      (sinceLastMs >= TRACK_MIN_INTERVAL_MS && angleDiffDeg(frame.headingDegTrue, s.lastTrackHeadingDeg) >= TRACK_HEADING_CHANGE_DEG);
    if (!due) return null;
    s.lastTrackSimMs = simNowMs;
    const point: TrackPoint = {
      timeMs: t,
      latitudeDeg: frame.position.latitudeDeg,
      longitudeDeg: frame.position.longitudeDeg,
      altitudeFt: Math.round(frame.position.altitudeFtMsl),
      groundSpeedKts: Math.round(frame.groundSpeedKts),
    };
    s.track.push(point);
    s.lastTrackHeadingDeg = frame.headingDegTrue;
    if (s.track.length > TRACK_MAX_POINTS) {
      // Halve the resolution, keeping the first and the newest points (amortised O(1) per frame).
      s.track = s.track.filter((_, i) => i % 2 === 0 || i === s.track.length - 1);
    }
    return point;
  };

  const digest = (frame: TTelemetryFrame): FrameDigest => ({
    timeMs: frame.timeMs,
    latitudeDeg: frame.position.latitudeDeg,
    longitudeDeg: frame.position.longitudeDeg,
    altitudeFtMsl: frame.position.altitudeFtMsl,
    altitudeFtAgl: frame.position.altitudeFtAgl,
    groundSpeedKts: frame.groundSpeedKts,
    indicatedAirspeedKts: frame.indicatedAirspeedKts,
    verticalSpeedFpm: frame.verticalSpeedFpm,
    headingDegTrue: frame.headingDegTrue,
    isOnGround: frame.isOnGround,
    isPaused: frame.isPaused,
    flapsRatio: frame.flapsRatio,
    fuelKg: frame.fuelKg,
    simulationRate: frame.simulationRate,
    transponder: frame.transponder,
  });

  const copyDigest = (d: FrameDigest, frame: TTelemetryFrame) => {
    d.timeMs = frame.timeMs;
    d.latitudeDeg = frame.position.latitudeDeg;
    d.longitudeDeg = frame.position.longitudeDeg;
    d.altitudeFtMsl = frame.position.altitudeFtMsl;
    d.altitudeFtAgl = frame.position.altitudeFtAgl;
    d.groundSpeedKts = frame.groundSpeedKts;
    d.indicatedAirspeedKts = frame.indicatedAirspeedKts;
    d.verticalSpeedFpm = frame.verticalSpeedFpm;
    d.headingDegTrue = frame.headingDegTrue;
    d.isOnGround = frame.isOnGround;
    d.isPaused = frame.isPaused;
    d.flapsRatio = frame.flapsRatio;
    d.fuelKg = frame.fuelKg;
    d.simulationRate = frame.simulationRate;
    d.transponder = frame.transponder;
  };

  const livePosition = (): LivePosition | null => {
    const last = s.last;
    if (last === null) return null;
    const kind = displayedSpeedKindFor(s.step, last.isOnGround);
    return {
      latitudeDeg: last.latitudeDeg,
      longitudeDeg: last.longitudeDeg,
      altitudeFtMsl: Math.round(last.altitudeFtMsl),
      headingDegTrue: Math.round(last.headingDegTrue),
      groundSpeedKts: Math.round(last.groundSpeedKts),
      indicatedAirspeedKts: Math.round(last.indicatedAirspeedKts),
      displayedSpeedKind: kind,
      displayedSpeedKts: Math.round(kind === 'groundSpeed' ? last.groundSpeedKts : last.indicatedAirspeedKts),
    };
  };

  const isReadyToEndFlight = (): boolean => {
    if (s.step === 'crashed') return true;
    const last = s.last;
    if (last === null || !last.isOnGround || last.groundSpeedKts >= STOPPED_MAX_GS_KTS) return false;
    return hasLandedAfterTakeoff() && isAtArrival();
  };

  const beginCall = () => {
    out = { stepChanges: [], events: [], incidents: [], cabinChanged: false };
  };

  const finishCall = (accepted: boolean, trackPoint: TrackPoint | null, commandResult: CabinCommandResult | null): EngineUpdate => {
    let pnc: PncData | null = null;
    const now = s.last?.timeMs ?? 0;
    if (s.cabin && (out.cabinChanged || now - s.lastPncPushMs >= CABIN_PUSH_INTERVAL_MS)) {
      s.lastPncPushMs = now;
      pnc = pncDataOf(s.cabin);
    }
    return {
      accepted,
      ignoredReason: null,
      step: s.step,
      stepChanges: out.stepChanges,
      events: out.events,
      incidents: out.incidents,
      statistics: statistics(),
      position: livePosition(),
      trackPoint,
      pncData: pnc,
      isReadyToEndFlight: isReadyToEndFlight(),
      commandResult,
    };
  };

  // ---- public API ------------------------------------------------------------------------

  const ingest = (frame: TTelemetryFrame): EngineUpdate => {
    if (s.completed) return ignored(s, 'completed', isReadyToEndFlight());
    if (
      !Number.isFinite(frame.timeMs) ||
      !Number.isFinite(frame.position.latitudeDeg) ||
      !Number.isFinite(frame.position.longitudeDeg) ||
      !Number.isFinite(frame.fuelKg)
    ) {
      return ignored(s, 'invalid', isReadyToEndFlight());
    }
    const prev = s.last;
    if (prev !== null && frame.timeMs <= prev.timeMs) return ignored(s, 'stale', isReadyToEndFlight());
    beginCall();
    const t = frame.timeMs;
    s.frameCount += 1;
    if (s.firstTimeMs === null) {
      s.firstTimeMs = t;
      s.fuelLoadedKg = frame.fuelKg;
      s.fuelLowWaterKg = frame.fuelKg;
    }
    if (prev !== null) integrate(frame, prev);
    smoothVerticalSpeed(frame, prev);
    const stepsBefore = out.stepChanges.length;
    updateStep(frame, prev);
    if (s.engineRunningAtDeparture === false && s.takeoffCount === 0) noteEngineAtDeparture(frame);
    runMonitors(frame, prev);
    if (s.cabin) {
      advanceCabin(
        s.cabin,
        { timeMs: cabinClockMs(), step: s.step, isAirborne: !frame.isOnGround, gForce: frame.gForce, isSeatBeltOn: isSeatBeltOn(frame), isPaused: frame.isPaused },
        cabinEmitter(t),
      );
    }
    if (s.last === null) s.last = digest(frame);
    else copyDigest(s.last, frame); // prev is no longer read: reuse its object
    updateProgress(frame);
    const trackPoint = recordTrack(frame, out.stepChanges.length > stepsBefore);
    return finishCall(true, trackPoint, null);
  };

  const divertTo = (arrival: TFlightAirport): CabinCommandResult => {
    if (arrival.ident === s.plan.arrival.ident) return { accepted: false, rejection: 'SAME_ARRIVAL' };
    const t = s.last?.timeMs ?? 0;
    const from = s.plan.arrival.ident;
    s.plan = { ...s.plan, arrival };
    s.totalDistanceNm = distanceNm(s.plan.departure.position, arrival.position);
    s.maxProgressPercent = 0;
    emit('DIVERSION', { fromArrivalIdent: from, toArrivalIdent: arrival.ident }, t);
    const airborne = s.last !== null && !s.last.isOnGround;
    if (airborne && s.step !== 'approach' && s.step !== 'landing' && s.step !== 'crashed' && s.step !== 'emergency') setStep('diversion', t);
    return { accepted: true, rejection: null };
  };

  const applyCommand = (command: TEngineCommand): CabinCommandResult => {
    const t = s.last?.timeMs ?? 0;
    const cabin = s.cabin;
    const isCabinCommand = command.type !== 'UpdateCruiseLevel' && command.type !== 'DivertFlight';
    if (isCabinCommand && cabin === null) return { accepted: false, rejection: 'NOT_PNC_FLIGHT' };
    const cabinEmit = cabinEmitter(t);
    if (isCabinCommand) out.cabinChanged = true;
    if (command.type === 'UpdateCruiseLevel') {
      if (command.cruiseLevelFt === s.plan.cruiseLevelFt) return { accepted: false, rejection: 'SAME_CRUISE_LEVEL' };
      const fromFt = s.plan.cruiseLevelFt;
      s.plan = { ...s.plan, cruiseLevelFt: command.cruiseLevelFt };
      emit('CRUISE_LEVEL_CHANGED', { fromFt, toFt: command.cruiseLevelFt }, t);
      return { accepted: true, rejection: null };
    }
    if (command.type === 'DivertFlight') return divertTo(command.arrival);
    if (cabin === null) return { accepted: false, rejection: 'NOT_PNC_FLIGHT' };
    switch (command.type) {
      case 'LaunchAnnouncement':
        return launchAnnouncement(cabin, command.announcementType, s.step, cabinClockMs(), cabinEmit);
      case 'ServeFood':
        return serveFood(cabin, command.foodType, s.step, cabinClockMs(), cabinEmit);
      case 'SwitchSeatBeltSign':
        cabin.seatBelt = !cabin.seatBelt;
        emit('SEAT_BELT_SIGN_SWITCHED', { isOn: cabin.seatBelt }, t);
        return { accepted: true, rejection: null };
      case 'SwitchIfe':
        cabin.ife = !cabin.ife;
        emit('IFE_SWITCHED', { isOn: cabin.ife }, t);
        return { accepted: true, rejection: null };
      case 'SwitchDutyFree':
        cabin.dutyFree = !cabin.dutyFree;
        emit('DUTY_FREE_SWITCHED', { isOn: cabin.dutyFree }, t);
        return { accepted: true, rejection: null };
      case 'AddTimeOnEstimateDepartureTime':
        if (s.blockOffTimeMs !== null) return { accepted: false, rejection: 'ALREADY_DEPARTED' };
        cabin.addedDepartureMinutes += command.minutes;
        emit('TIME_ADDED_ON_DEPARTURE', { minutes: command.minutes, totalMinutes: cabin.addedDepartureMinutes }, t);
        raiseIncident(cabin, 6, [{ key: 'minutes', value: command.minutes }], t, cabinEmit);
        return { accepted: true, rejection: null };
      case 'AddTimeOnEstimateArrivalTime':
        if (s.blockOnTimeMs !== null) return { accepted: false, rejection: 'ALREADY_ARRIVED' };
        cabin.addedArrivalMinutes += command.minutes;
        emit('TIME_ADDED_ON_ARRIVAL', { minutes: command.minutes, totalMinutes: cabin.addedArrivalMinutes }, t);
        raiseIncident(cabin, 7, [{ key: 'minutes', value: command.minutes }], t, cabinEmit);
        return { accepted: true, rejection: null };
    }
  };

  const cabinCommand = (command: TEngineCommand): EngineUpdate => {
    const parsed = ZEngineCommand.safeParse(command);
    if (!parsed.success) {
      throw new AppError(ErrorCode.validation, `Invalid flight command: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    if (s.completed) return { ...ignored(s, 'completed', isReadyToEndFlight()), commandResult: { accepted: false, rejection: 'FLIGHT_COMPLETED' } };
    beginCall();
    const result = applyCommand(parsed.data);
    return finishCall(result.accepted, null, result);
  };

  const stopPositionOf = (last: FrameDigest): StopPosition => ({
    latitudeDeg: last.latitudeDeg,
    longitudeDeg: last.longitudeDeg,
    isOnGround: last.isOnGround,
    distanceToArrivalNm: Math.round(remainingNm() * 10) / 10,
    airportIdent: nearestAirportWithin([s.plan.arrival, s.plan.departure, s.originalArrival], last, AIRPORT_RADIUS_NM)?.ident ?? null,
  });

  const complete = (): FlightOutcome => {
    s.completed = true;
    const last = s.last;
    const isCrashed = s.step === 'crashed';
    const landed = s.takeoffCount > 0 && hasLandedAfterTakeoff();
    const isArrived = !isCrashed && last !== null && last.isOnGround && landed && isAtArrival();
    const ongoingPauseMs = s.pausedSinceMs !== null && last ? last.timeMs - s.pausedSinceMs : 0;
    const counts = s.eventCounts;
    return JSON.parse(
      JSON.stringify({
        status: 'complete',
        departureIdent: s.plan.departure.ident,
        arrivalIdent: s.plan.arrival.ident,
        originalArrivalIdent: s.originalArrival.ident,
        isDiverted: s.plan.arrival.ident !== s.originalArrival.ident,
        cruiseLevelFt: s.plan.cruiseLevelFt,
        aircraftIcao: s.plan.aircraft.icao,
        aircraftCategory: s.plan.aircraft.category,
        isPNC: s.plan.isPNC,
        startTimeMs: s.firstTimeMs,
        endTimeMs: last?.timeMs ?? null,
        finalStep: s.step,
        steps: s.steps,
        events: s.events,
        eventCounts: counts,
        statistics: statistics(),
        landing: landed ? s.landing : null,
        takeoffCount: s.takeoffCount,
        touchdownCount: s.touchdownCount,
        isArrived,
        isCrashed,
        startedAtDeparture: s.startedAtDeparture,
        integrity: {
          positionJumps: counts[FLIGHT_EVENT_CODE.POSITION_JUMP] ?? 0,
          jumpedDistanceNm: Math.round(s.jumpedNm * 10) / 10,
          illegalFuelIncreases: counts[FLIGHT_EVENT_CODE.ILLEGAL_FUEL_INCREASE] ?? 0,
          telemetryGaps: counts[FLIGHT_EVENT_CODE.TELEMETRY_GAP] ?? 0,
          maxSimulationRate: s.maxSimulationRate,
          pausedInFlightSeconds: Math.round((s.pausedInFlightMs + ongoingPauseMs) / 1000),
          acceleratedAirborneSeconds: Math.round((s.acceleratedAirborneSimMs ?? 0) / 1000),
          longestAirborneGapSeconds: Math.round((s.longestAirborneGapMs ?? 0) / 1000),
          touchdownGap: landed ? (s.touchdownGap ?? null) : null,
          longestPauseSeconds: Math.round(Math.max(s.longestPauseMs ?? 0, ongoingPauseMs) / 1000),
          airborneFuelIncreaseKg: Math.round((s.airborneFuelIncreaseKg ?? 0) * 10) / 10,
        },
        flown: {
          hasFrames: last !== null,
          // Snapshots from before the fact was kept cannot tell: given the benefit of the doubt.
          engineRunningAtDeparture: s.engineRunningAtDeparture ?? true,
          airborne: s.takeoffCount > 0,
          landed,
          stopped: last !== null && last.isOnGround && last.groundSpeedKts < STOPPED_MAX_GS_KTS,
        },
        stoppedAt: last === null ? null : stopPositionOf(last),
        cabin: s.cabin ? cabinResultOf(s.cabin) : null,
        positionHistory: s.track,
      } satisfies FlightOutcome),
    ) as FlightOutcome;
  };

  return {
    ingest,
    cabinCommand,
    divert: (arrival) => {
      const parsed = ZFlightAirport.safeParse(arrival);
      if (!parsed.success) throw new AppError(ErrorCode.validation, 'Invalid diversion airport');
      return cabinCommand({ type: 'DivertFlight', arrival: parsed.data });
    },
    snapshot: () => JSON.parse(JSON.stringify(s)) as FlightEngineSnapshot,
    isReadyToEndFlight,
    currentStep: () => s.step,
    statistics,
    pncData: () => (s.cabin ? pncDataOf(s.cabin) : null),
    complete,
  };
};
