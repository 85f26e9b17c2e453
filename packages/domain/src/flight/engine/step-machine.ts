import { distanceNm, initialBearingDeg } from '../../geo/great-circle';
import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import {
  AIRPORT_RADIUS_NM,
  APPROACH_MAX_AGL_FT,
  APPROACH_MIN_DESCENT_FT,
  APPROACH_RADIUS_NM,
  BOUNCE_MAX_AIRBORNE_MS,
  BOUNCE_MAX_HEIGHT_AGL_FT,
  CLIMB_MIN_VS_FPM,
  CRUISE_BAND_FT,
  DEBOARDING_DURATION_MS,
  DESCENT_MAX_VS_FPM,
  EMERGENCY_SQUAWKS,
  GO_AROUND_MIN_GAIN_FT,
  GO_AROUND_MIN_VS_FPM,
  INITIAL_CLIMB_TOP_AGL_FT,
  LANDING_ROLL_END_GS_KTS,
  LEVEL_MAX_ABS_VS_FPM,
  LEVEL_MIN_DURATION_MS,
  MAIN_GEAR_CONTACT_MAX_LEAD_MS,
  SLOW_DESCENT_MAX_VS_FPM,
  SLOW_DESCENT_MIN_LOSS_FT,
  STOPPED_MAX_GS_KTS,
  TAKEOFF_ROLL_MIN_GS_KTS,
  TAXI_MIN_GS_KTS,
  VS_SMOOTHING_TAU_MS,
} from '../flight-constants';
import type { FlightEngineState, FrameDigest } from '../flight-engine-types';
import type { FlightStep } from '../flight-step';
import { angleDiffDeg, anyEngineRunning, emit, isGearDown, setStep, type EngineContext } from './engine-context';
import { blockOff, blockOn, liftOff, startTakeoffRoll, touchDown } from './milestones';

/** The smoothed vertical speed the profile steps read, and since when the aircraft has been level. */
export const smoothVerticalSpeed = (s: FlightEngineState, frame: TTelemetryFrame, prev: FrameDigest | null): void => {
  if (prev === null) {
    s.vsAvgFpm = frame.verticalSpeedFpm;
  } else {
    const alpha = 1 - Math.exp(-(frame.timeMs - prev.timeMs) / VS_SMOOTHING_TAU_MS);
    s.vsAvgFpm += alpha * (frame.verticalSpeedFpm - s.vsAvgFpm);
  }
  if (frame.isOnGround || Math.abs(s.vsAvgFpm) >= LEVEL_MAX_ABS_VS_FPM) s.levelSinceMs = null;
  else if (s.levelSinceMs === null) s.levelSinceMs = frame.timeMs;
};

/** A paid flight leaves its departure under power: an engine running on the ground there. */
export const noteEngineAtDeparture = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  if (!frame.isOnGround || !s.startedAtDeparture || !anyEngineRunning(ctx, frame)) return;
  if (distanceNm(frame.position, s.plan.departure.position) <= AIRPORT_RADIUS_NM) s.engineRunningAtDeparture = true;
};

const isMovingBackward = (frame: TTelemetryFrame, prev: FrameDigest): boolean => {
  const moved = distanceNm(prev, frame.position);
  if (moved < 1e-6) return false;
  return angleDiffDeg(initialBearingDeg(prev, frame.position), frame.headingDegTrue) > 90;
};

const groundStep = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const gs = frame.groundSpeedKts;
  const engines = anyEngineRunning(ctx, frame);
  switch (s.step) {
    case 'none':
    case 'ground':
    case 'boarding':
    case 'diversion':
    case 'emergency':
      if (s.takeoffCount > 0) {
        setStep(ctx, gs >= LANDING_ROLL_END_GS_KTS ? 'landing' : 'taxi_in', t);
      } else if (s.blockOffTimeMs === null) {
        if (gs >= STOPPED_MAX_GS_KTS || (!frame.isParkingBrakeSet && engines)) blockOff(ctx, frame);
      } else if (gs >= TAXI_MIN_GS_KTS) {
        setStep(ctx, 'taxi_out', t);
      }
      return;
    case 'block_off':
    case 'pushback':
      if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(ctx, t);
      else if (gs >= STOPPED_MAX_GS_KTS && (isMovingBackward(frame, prev) || !engines)) setStep(ctx, 'pushback', t);
      else if (gs >= TAXI_MIN_GS_KTS && engines) setStep(ctx, 'taxi_out', t);
      return;
    case 'taxi_out':
      if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(ctx, t);
      return;
    case 'takeoff':
      if (gs < LANDING_ROLL_END_GS_KTS) setStep(ctx, 'taxi_out', t); // rejected take-off
      return;
    case 'landing':
      if (gs < LANDING_ROLL_END_GS_KTS) {
        s.taxiInStartMs = t;
        setStep(ctx, 'taxi_in', t);
      }
      return;
    case 'taxi_in':
      if (gs >= TAKEOFF_ROLL_MIN_GS_KTS) startTakeoffRoll(ctx, t);
      else if (gs < STOPPED_MAX_GS_KTS && (frame.isParkingBrakeSet || !engines)) blockOn(ctx, frame);
      return;
    case 'block_on':
      if (!engines) setStep(ctx, 'deboarding', t);
      else if (gs >= TAXI_MIN_GS_KTS) setStep(ctx, 'taxi_in', t);
      return;
    case 'deboarding':
      if (s.stepStartMs !== null && t - s.stepStartMs >= DEBOARDING_DURATION_MS) setStep(ctx, 'parked', t);
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
      setStep(ctx, gs >= LANDING_ROLL_END_GS_KTS ? 'landing' : 'taxi_in', t);
  }
};

/** Feet come down from the level the aircraft left (0 when it is not descending). */
const descentLossFt = (s: FlightEngineState, frame: TTelemetryFrame): number => {
  const from = s.descentFromFt ?? null;
  return from === null ? 0 : from - frame.position.altitudeFtMsl;
};

/** Descending: fast at once, slowly once it has come down from its level (light aircraft). */
const isDescending = (s: FlightEngineState, frame: TTelemetryFrame): boolean =>
  s.vsAvgFpm <= DESCENT_MAX_VS_FPM || (s.vsAvgFpm <= SLOW_DESCENT_MAX_VS_FPM && descentLossFt(s, frame) >= SLOW_DESCENT_MIN_LOSS_FT);

/** The step the vertical profile shows (descent, cruise, climb, level), or null when it shows none. */
export const profileStep = (s: FlightEngineState, frame: TTelemetryFrame): FlightStep | null => {
  const vs = s.vsAvgFpm;
  // Leaving the level downwards is a descent, even inside the cruise band.
  if (isDescending(s, frame)) return 'descent';
  if (Math.abs(frame.position.altitudeFtMsl - s.plan.cruiseLevelFt) <= CRUISE_BAND_FT && Math.abs(vs) < CLIMB_MIN_VS_FPM) return 'cruise';
  if (vs >= CLIMB_MIN_VS_FPM) return 'climb';
  if (s.levelSinceMs !== null && frame.timeMs - s.levelSinceMs >= LEVEL_MIN_DURATION_MS) return 'flight_level';
  return null;
};

/** Airborne bookkeeping of every frame in the air, whatever the step. */
const trackAirborne = (s: FlightEngineState, frame: TTelemetryFrame, prev: FrameDigest | null): void => {
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
const isOnFinalDescent = (s: FlightEngineState, frame: TTelemetryFrame): boolean =>
  s.takeoffCount > 0 &&
  // From the descent step, so the descent is always logged first (a diversion holds its own step).
  (s.step === 'descent' || s.step === 'diversion') &&
  s.vsAvgFpm <= SLOW_DESCENT_MAX_VS_FPM &&
  descentLossFt(s, frame) >= APPROACH_MIN_DESCENT_FT &&
  frame.position.altitudeFtAgl < APPROACH_MAX_AGL_FT;

const airStep = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const agl = frame.position.altitudeFtAgl;
  if (EMERGENCY_SQUAWKS.has(frame.transponder)) {
    setStep(ctx, 'emergency', t);
    return;
  }
  if (s.pendingLiftoff !== null) {
    const p = s.pendingLiftoff;
    if (agl > p.maxAglFt) p.maxAglFt = agl;
    if (t - p.timeMs > BOUNCE_MAX_AIRBORNE_MS || agl > BOUNCE_MAX_HEIGHT_AGL_FT) {
      s.pendingLiftoff = null;
      s.takeoffCount += 1;
      s.lastTakeoffTimeMs = p.timeMs;
      emit(ctx, 'TOUCH_AND_GO', { groundSeconds: Math.round((p.timeMs - p.touchdownTimeMs) / 1000), airportIdent: s.landing?.airportIdent ?? null }, t);
      setStep(ctx, 'initial_climb', t);
    }
    return;
  }
  if (s.step === 'initial_climb') {
    // A circuit levels off at 1,000 ft, below the usual clean-up height: levelling off or
    // descending ends the initial climb too.
    const hasLevelled = s.levelSinceMs !== null && t - s.levelSinceMs >= LEVEL_MIN_DURATION_MS;
    if (agl >= INITIAL_CLIMB_TOP_AGL_FT || hasLevelled || isDescending(s, frame)) setStep(ctx, profileStep(s, frame) ?? 'climb', t);
    return;
  }
  if (s.step === 'approach') {
    if (agl < s.approachMinAglFt) s.approachMinAglFt = agl;
    if (agl >= s.approachMinAglFt + GO_AROUND_MIN_GAIN_FT && s.vsAvgFpm >= GO_AROUND_MIN_VS_FPM) {
      emit(
        ctx,
        'GO_AROUND',
        {
          minimumAltitudeFtAgl: Math.round(s.approachMinAglFt),
          distanceToArrivalNm: Math.round(distanceNm(frame.position, s.plan.arrival.position) * 10) / 10,
        },
        t,
      );
      setStep(ctx, 'climb', t);
    }
    return;
  }
  // An approach follows what the aircraft does (a final descent), never proximity alone.
  if (isOnFinalDescent(s, frame)) {
    const nearArrival = distanceNm(frame.position, s.plan.arrival.position) <= APPROACH_RADIUS_NM;
    // A return to the departure (fixed gear is always down).
    const gearDownNearDeparture = isGearDown(ctx, frame) && distanceNm(frame.position, s.plan.departure.position) <= APPROACH_RADIUS_NM;
    if (nearArrival || gearDownNearDeparture) {
      s.approachMinAglFt = agl;
      setStep(ctx, 'approach', t);
      return;
    }
  }
  if (s.step === 'diversion') return; // held until the approach of the new arrival
  const next = profileStep(s, frame);
  if (next !== null) setStep(ctx, next, t);
};

/**
 * The step machine: moves the flight step on from `prev` to `frame` (first frame, touchdown,
 * lift-off or bounce, ground steps, air steps), raising the milestones' events on the way.
 */
export const updateStep = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest | null): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  if (s.step === 'crashed') return;
  if (prev === null) {
    if (frame.isOnGround) {
      s.startedAtDeparture = distanceNm(frame.position, s.plan.departure.position) <= AIRPORT_RADIUS_NM;
      setStep(ctx, s.startedAtDeparture ? 'boarding' : 'ground', t);
    } else {
      setStep(ctx, EMERGENCY_SQUAWKS.has(frame.transponder) ? 'emergency' : (profileStep(s, frame) ?? 'climb'), t);
    }
    return;
  }
  if (!prev.isOnGround && frame.isOnGround) {
    touchDown(ctx, frame, prev);
    return;
  }
  if (prev.isOnGround && !frame.isOnGround) {
    if (s.step === 'landing' && s.landing !== null) {
      s.pendingLiftoff = { timeMs: t, touchdownTimeMs: s.landing.touchdownTimeMs, maxAglFt: frame.position.altitudeFtAgl };
      return;
    }
    liftOff(ctx, frame);
    return;
  }
  if (frame.isOnGround) groundStep(ctx, frame, prev);
  else {
    trackAirborne(s, frame, prev);
    airStep(ctx, frame);
  }
};
