import { distanceNm } from '../../geo/great-circle';
import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import {
  POSITION_JUMP_MIN_DISTANCE_NM,
  POSITION_JUMP_MIN_LIMIT_KTS,
  POSITION_JUMP_SPEED_MARGIN_KTS,
  TELEMETRY_GAP_MS,
  TOUCHDOWN_MAX_FRAME_GAP_MS,
} from '../flight-constants';
import type { FlightEngineState, FrameDigest, TouchdownGap } from '../flight-engine-types';
import { emit, type EngineContext } from './engine-context';

/** The fastest the aircraft may seem to move at real time before a segment is a position jump, knots. */
export const jumpLimitKts = (s: FlightEngineState): number =>
  Math.max(POSITION_JUMP_MIN_LIMIT_KTS, s.plan.aircraft.cruiseSpeedKts + POSITION_JUMP_SPEED_MARGIN_KTS);

/** A frame interval too long to measure a touchdown across (pauses are measured as pauses). */
export const noteFrameGap = (s: FlightEngineState, startMs: number, endMs: number, isAirborne: boolean): void => {
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
export const gapBeforeTouchdown = (s: FlightEngineState, touchdownMs: number): TouchdownGap | null => {
  const gap = s.lastFrameGap ?? null;
  if (gap === null) return null;
  return { seconds: Math.round((gap.endMs - gap.startMs) / 1000), offsetSeconds: Math.max(0, Math.round((touchdownMs - gap.endMs) / 1000)) };
};

/**
 * The interval from `prev` to `frame`: telemetry gaps, position jumps (distance that earns
 * nothing), the distance flown, the simulated and airborne clocks, and frame gaps near a touchdown.
 */
export const integrateInterval = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  const dtMs = t - prev.timeMs;
  if (dtMs > TELEMETRY_GAP_MS) emit(ctx, 'TELEMETRY_GAP', { seconds: Math.round(dtMs / 1000), wasOnGround: prev.isOnGround, isOnGround: frame.isOnGround }, t);

  const segmentNm = distanceNm(prev, frame.position);
  const hours = dtMs / 3_600_000;
  const impliedKts = segmentNm / hours;
  const limitKts = jumpLimitKts(s) * Math.max(1, frame.simulationRate, prev.simulationRate);
  const wasAirborne = !prev.isOnGround;
  // The interval after a paused frame is paused time.
  const isPaused = prev.isPaused;
  if (segmentNm >= POSITION_JUMP_MIN_DISTANCE_NM && impliedKts > limitKts) {
    s.jumpedNm += segmentNm;
    emit(
      ctx,
      'POSITION_JUMP',
      { distanceNm: Math.round(segmentNm * 10) / 10, seconds: Math.round(dtMs / 100) / 10, impliedSpeedKts: Math.round(impliedKts), limitKts: Math.round(limitKts) },
      t,
    );
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
  if (dtMs > TOUCHDOWN_MAX_FRAME_GAP_MS && !isPaused) noteFrameGap(s, prev.timeMs, t, wasAirborne || !frame.isOnGround);
};
