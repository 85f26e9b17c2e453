import { distanceNm, timeMinutesFor } from '../../geo/great-circle';
import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { AIRPORT_RADIUS_NM, ESTIMATE_MIN_GS_KTS, LOCAL_FLIGHT_MIN_AWAY_NM, STATUTE_MILES_PER_NM, STOPPED_MAX_GS_KTS } from '../flight-constants';
import type { FlightStatistics, FrameDigest, LivePosition, StopPosition } from '../flight-engine-types';
import { displayedSpeedKindFor } from '../flight-step';
import { nearestAirportWithin } from '../landing-analysis';
import type { EngineContext } from './engine-context';

/** Great-circle distance from the last frame to the (current) arrival, NM; cached per frame and arrival. */
export const remainingNm = (ctx: EngineContext): number => {
  const s = ctx.s;
  const last = s.last;
  if (last === null) return s.totalDistanceNm;
  const cache = ctx.remainingCache;
  if (cache.timeMs !== last.timeMs || cache.arrivalIdent !== s.plan.arrival.ident) {
    // Updated in place: a new object every frame would live until the flight's next frame.
    cache.timeMs = last.timeMs;
    cache.arrivalIdent = s.plan.arrival.ident;
    cache.nm = distanceNm(last, s.plan.arrival.position);
  }
  return cache.nm;
};

/** At the arrival airport (a local flight only once it has been away: a hop along the runway is no circuit). */
export const isAtArrival = (ctx: EngineContext): boolean => {
  const s = ctx.s;
  const last = s.last;
  if (last === null) return false;
  const isLocalFlight = s.plan.arrival.ident === s.plan.departure.ident;
  if (isLocalFlight && (s.maxAwayNm ?? LOCAL_FLIGHT_MIN_AWAY_NM) < LOCAL_FLIGHT_MIN_AWAY_NM) return false;
  if (remainingNm(ctx) <= AIRPORT_RADIUS_NM) return true;
  return s.landing?.runway?.airportIdent === s.plan.arrival.ident && last.isOnGround;
};

/** Touched down after the last take-off, and not in the air again since (a bounce or touch-and-go pending). */
export const hasLandedAfterTakeoff = (ctx: EngineContext): boolean => {
  const s = ctx.s;
  return s.landing !== null && s.lastTakeoffTimeMs !== null && s.landing.touchdownTimeMs > s.lastTakeoffTimeMs && s.pendingLiftoff === null;
};

/** True once the flight may be completed: stopped at the arrival airport after a flight, or crashed. */
export const isReadyToEndFlight = (ctx: EngineContext): boolean => {
  const s = ctx.s;
  if (s.step === 'crashed') return true;
  const last = s.last;
  if (last === null || !last.isOnGround || last.groundSpeedKts >= STOPPED_MAX_GS_KTS) return false;
  return hasLandedAfterTakeoff(ctx) && isAtArrival(ctx);
};

/** Progress never decreases; 100 only once landed at the arrival (reset by a diversion). */
export const updateProgress = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  if (s.takeoffCount === 0 && frame.isOnGround) return;
  const total = s.totalDistanceNm;
  let percent: number;
  if (frame.isOnGround && hasLandedAfterTakeoff(ctx) && isAtArrival(ctx)) percent = 100;
  else if (total <= 0) percent = 0;
  else {
    const remaining = remainingNm(ctx);
    const ratio = (total - remaining) / total;
    percent = Math.floor(100 * (ratio < 0 ? 0 : ratio > 1 ? 1 : ratio));
    if (percent === 100) percent = 99; // 100 only once landed there
  }
  if (percent > s.maxProgressPercent) s.maxProgressPercent = percent;
};

export const statisticsOf = (ctx: EngineContext): FlightStatistics => {
  const s = ctx.s;
  const last = s.last;
  const remaining = remainingNm(ctx);
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

/** What the live map shows: ground steps the ground speed, air steps the indicated airspeed. */
export const livePositionOf = (ctx: EngineContext): LivePosition | null => {
  const s = ctx.s;
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

export const stopPositionOf = (ctx: EngineContext, last: FrameDigest): StopPosition => {
  const s = ctx.s;
  return {
    latitudeDeg: last.latitudeDeg,
    longitudeDeg: last.longitudeDeg,
    isOnGround: last.isOnGround,
    distanceToArrivalNm: Math.round(remainingNm(ctx) * 10) / 10,
    airportIdent: nearestAirportWithin([s.plan.arrival, s.plan.departure, s.originalArrival], last, AIRPORT_RADIUS_NM)?.ident ?? null,
  };
};
