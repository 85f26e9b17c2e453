import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { loseCalmness } from '../cabin-simulation';
import {
  ATTITUDE_REARM_MARGIN_DEG,
  BEACON_GRACE_MS,
  CABIN_CALMNESS_LOSS_BY_EVENT,
  EMERGENCY_SQUAWKS,
  EXCESSIVE_BANK_DEG,
  EXCESSIVE_PITCH_DOWN_DEG,
  EXCESSIVE_PITCH_UP_DEG,
  LIGHTS_GRACE_MS,
  SPEED_LIMIT_ALTITUDE_FT,
  SPEED_LIMIT_BELOW_10000_FT_KTS,
  SPEED_LIMIT_TOLERANCE_KTS,
  TAXI_OVERSPEED_GRACE_MS,
  TAXI_SPEED_LIMIT_KTS,
} from '../flight-constants';
import type { FlightEngineState, FrameDigest } from '../flight-engine-types';
import { emit, enginesOf, isGearDown, type EngineContext } from './engine-context';
import { checkFuelReserve } from './fuel';

type Monitor = FlightEngineState['monitors']['beacon'];

/**
 * A condition that must hold `graceMs` before it is reported, once, until it clears: true on the
 * frame it becomes due.
 */
export const monitor = (m: Monitor, condition: boolean, t: number, graceMs: number): boolean => {
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

const speedLimit = (ctx: EngineContext, frame: TTelemetryFrame, airborne: boolean): void => {
  const s = ctx.s;
  const msl = frame.position.altitudeFtMsl;
  const ias = frame.indicatedAirspeedKts;
  if (airborne && msl < SPEED_LIMIT_ALTITUDE_FT && ias > SPEED_LIMIT_BELOW_10000_FT_KTS + SPEED_LIMIT_TOLERANCE_KTS) {
    if (!s.isOverspeedActive) {
      s.isOverspeedActive = true;
      emit(ctx, 'OVERSPEED_BELOW_10000_FT', { indicatedAirspeedKts: Math.round(ias), altitudeFtMsl: Math.round(msl), limitKts: SPEED_LIMIT_BELOW_10000_FT_KTS }, frame.timeMs);
    }
  } else if (!airborne || msl >= SPEED_LIMIT_ALTITUDE_FT || ias <= SPEED_LIMIT_BELOW_10000_FT_KTS) {
    s.isOverspeedActive = false;
  }
};

/** Gear, flaps and engines: reported when they change (flaps once the handle has settled). */
const configuration = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest | null, airborne: boolean): boolean => {
  const s = ctx.s;
  const t = frame.timeMs;
  const ias = frame.indicatedAirspeedKts;
  const agl = frame.position.altitudeFtAgl;
  const gearDown = isGearDown(ctx, frame);
  if (prev !== null && gearDown !== s.gearDown) {
    emit(ctx, gearDown ? 'GEAR_DOWN' : 'GEAR_UP', { altitudeFtAgl: Math.round(agl), indicatedAirspeedKts: Math.round(ias) }, t);
  }
  s.gearDown = gearDown;

  if (prev === null) s.flapsReported = frame.flapsRatio;
  else if (Math.abs(frame.flapsRatio - prev.flapsRatio) < 0.01 && Math.abs(frame.flapsRatio - s.flapsReported) >= 0.05) {
    emit(ctx, 'FLAPS_CHANGED', { fromRatio: s.flapsReported, toRatio: frame.flapsRatio, indicatedAirspeedKts: Math.round(ias), altitudeFtAgl: Math.round(agl) }, t);
    s.flapsReported = frame.flapsRatio;
  }

  const engines = enginesOf(ctx, frame);
  const count = Math.max(engines.length, s.enginesRunning.length);
  for (let i = 0; i < count; i += 1) {
    const now = engines[i] ?? false;
    const before = s.enginesRunning[i] ?? false;
    if (prev !== null && now !== before) {
      emit(ctx, now ? 'ENGINE_STARTED' : 'ENGINE_STOPPED', { engineIndex: i, isOnGround: frame.isOnGround }, t);
      if (!now && airborne && s.cabin) loseCalmness(s.cabin, CABIN_CALMNESS_LOSS_BY_EVENT.ENGINE_STOPPED_IN_FLIGHT ?? 0);
    }
  }
  s.enginesRunning = engines.slice();
  return engines.some(Boolean);
};

const lights = (ctx: EngineContext, frame: TTelemetryFrame, airborne: boolean, anyEngine: boolean): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const msl = frame.position.altitudeFtMsl;
  const on = frame.lights;
  const m = s.monitors;
  if (monitor(m.beacon, ctx.systems.beacon && anyEngine && !on.beacon, t, BEACON_GRACE_MS)) emit(ctx, 'BEACON_OFF_WITH_ENGINE_RUNNING', { isOnGround: frame.isOnGround }, t);
  if (monitor(m.nav, anyEngine && !on.nav, t, BEACON_GRACE_MS)) emit(ctx, 'NAV_LIGHTS_OFF_WITH_ENGINE_RUNNING', { isOnGround: frame.isOnGround }, t);
  if (monitor(m.landingLow, airborne && msl < SPEED_LIMIT_ALTITUDE_FT && !on.landing, t, LIGHTS_GRACE_MS)) {
    emit(ctx, 'LANDING_LIGHTS_OFF_BELOW_10000_FT', { altitudeFtMsl: Math.round(msl) }, t);
  }
  if (monitor(m.landingHigh, airborne && msl > SPEED_LIMIT_ALTITUDE_FT && on.landing, t, LIGHTS_GRACE_MS)) {
    emit(ctx, 'LANDING_LIGHTS_ON_ABOVE_10000_FT', { altitudeFtMsl: Math.round(msl) }, t);
  }
  if (monitor(m.strobe, ctx.systems.strobe && airborne && !on.strobe, t, LIGHTS_GRACE_MS)) emit(ctx, 'STROBE_OFF_IN_FLIGHT', { altitudeFtMsl: Math.round(msl) }, t);
};

/** Bank and pitch beyond their limits, reported once until back within a margin. */
const attitude = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const bank = Math.abs(frame.bankDeg);
  if (!s.isBankActive && bank > EXCESSIVE_BANK_DEG) {
    s.isBankActive = true;
    emit(ctx, 'EXCESSIVE_BANK', { bankDeg: Math.round(frame.bankDeg), limitDeg: EXCESSIVE_BANK_DEG }, t);
  } else if (s.isBankActive && bank < EXCESSIVE_BANK_DEG - ATTITUDE_REARM_MARGIN_DEG) s.isBankActive = false;
  if (!s.isPitchUpActive && frame.pitchDeg > EXCESSIVE_PITCH_UP_DEG) {
    s.isPitchUpActive = true;
    emit(ctx, 'EXCESSIVE_PITCH', { pitchDeg: Math.round(frame.pitchDeg), limitDeg: EXCESSIVE_PITCH_UP_DEG }, t);
  } else if (s.isPitchUpActive && frame.pitchDeg < EXCESSIVE_PITCH_UP_DEG - ATTITUDE_REARM_MARGIN_DEG) s.isPitchUpActive = false;
  if (!s.isPitchDownActive && frame.pitchDeg < EXCESSIVE_PITCH_DOWN_DEG) {
    s.isPitchDownActive = true;
    emit(ctx, 'EXCESSIVE_PITCH', { pitchDeg: Math.round(frame.pitchDeg), limitDeg: EXCESSIVE_PITCH_DOWN_DEG }, t);
  } else if (s.isPitchDownActive && frame.pitchDeg > EXCESSIVE_PITCH_DOWN_DEG + ATTITUDE_REARM_MARGIN_DEG) s.isPitchDownActive = false;
};

const pauseInFlight = (ctx: EngineContext, frame: TTelemetryFrame, airborne: boolean): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  if (frame.isPaused && airborne && s.pausedSinceMs === null) {
    s.pausedSinceMs = t;
    emit(ctx, 'PAUSE_IN_FLIGHT_STARTED', { altitudeFtMsl: Math.round(frame.position.altitudeFtMsl) }, t);
  } else if (!frame.isPaused && s.pausedSinceMs !== null) {
    s.pausedInFlightMs += t - s.pausedSinceMs;
    s.longestPauseMs = Math.max(s.longestPauseMs ?? 0, t - s.pausedSinceMs);
    emit(ctx, 'PAUSE_IN_FLIGHT_ENDED', { durationSeconds: Math.round((t - s.pausedSinceMs) / 1000) }, t);
    s.pausedSinceMs = null;
  }
};

/**
 * The events that do not change the step, in a fixed order (the event sequence depends on it):
 * speed limit, configuration, lights, taxi speed, simulation rate, attitude, pauses, emergency
 * squawk, fuel reserve; then the landing load factor settles over the first seconds of the roll.
 */
export const runMonitors = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest | null): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const airborne = !frame.isOnGround;

  speedLimit(ctx, frame, airborne);
  const anyEngine = configuration(ctx, frame, prev, airborne);
  lights(ctx, frame, airborne, anyEngine);

  const taxiing = frame.isOnGround && (s.step === 'taxi_out' || s.step === 'taxi_in');
  if (monitor(s.monitors.taxiSpeed, taxiing && frame.groundSpeedKts > TAXI_SPEED_LIMIT_KTS, t, TAXI_OVERSPEED_GRACE_MS)) {
    emit(ctx, 'TAXI_OVERSPEED', { groundSpeedKts: Math.round(frame.groundSpeedKts), limitKts: TAXI_SPEED_LIMIT_KTS }, t);
  }

  // A flight that starts faster than real time counts as a change from real time (decision 0022-pilot-simulated-time).
  const previousRate = prev?.simulationRate ?? 1;
  if (frame.simulationRate !== previousRate) {
    emit(ctx, 'SIMULATION_RATE_CHANGED', { fromRate: previousRate, toRate: frame.simulationRate, isOnGround: frame.isOnGround }, t);
  }
  if (frame.simulationRate > s.maxSimulationRate) s.maxSimulationRate = frame.simulationRate;

  if (airborne) attitude(ctx, frame);
  pauseInFlight(ctx, frame, airborne);

  if (EMERGENCY_SQUAWKS.has(frame.transponder)) {
    if (s.emergencySquawk !== frame.transponder) emit(ctx, 'EMERGENCY_SQUAWK', { transponder: frame.transponder }, t);
    s.emergencySquawk = frame.transponder;
  } else s.emergencySquawk = null;

  checkFuelReserve(ctx, frame);

  if (s.landing !== null && frame.isOnGround && t <= s.landingSettleUntilMs && frame.gForce > s.landing.gForce) {
    s.landing.gForce = Math.round(frame.gForce * 100) / 100;
  }
};
