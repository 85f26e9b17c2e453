import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { loseCalmness, raiseIncident } from '../cabin-simulation';
import {
  AIRPORT_RADIUS_NM,
  CABIN_CALMNESS_LOSS_BY_RATING,
  CRASH_TOUCHDOWN_G,
  CRASH_TOUCHDOWN_VS_FPM,
  DELAY_TOLERANCE_MINUTES,
  MAIN_GEAR_CONTACT_MAX_LEAD_MS,
  TOUCHDOWN_MAX_FRAME_GAP_MS,
  TOUCHDOWN_RATE_MAX_SAMPLE_AGE_MS,
} from '../flight-constants';
import type { FrameDigest } from '../flight-engine-types';
import { matchRunway, nearestAirportWithin, touchdownRatingFor } from '../landing-analysis';
import { cabinEmitter, emit, isGearDown, isSeatBeltMissed, setStep, type EngineContext } from './engine-context';
import { consumedKg, loadFuel } from './fuel';
import { gapBeforeTouchdown } from './integrity';

/** Off-block: the fuel loaded is fixed, the departure delay judged (PNC). */
export const blockOff = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  s.blockOffTimeMs = t;
  s.blockOffSimMs = s.simClockMs ?? 0;
  loadFuel(s, frame.fuelKg);
  emit(ctx, 'FUEL_REPORT', { milestone: 'block_off', fuelKg: Math.round(frame.fuelKg), consumedKg: 0 }, t);
  const scheduled = s.plan.scheduledDepartureTimeMs;
  if (s.cabin && scheduled !== null) {
    const delayMinutes = Math.round((t - (scheduled + s.cabin.addedDepartureMinutes * 60_000)) / 60_000);
    if (delayMinutes > DELAY_TOLERANCE_MINUTES) raiseIncident(s.cabin, 1, [{ key: 'delay', value: delayMinutes }], t, cabinEmitter(ctx, t));
  }
  setStep(ctx, 'block_off', t);
};

/** On-block: the taxi-in and the fuel reported, the arrival delay judged (PNC). */
export const blockOn = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  s.blockOnTimeMs = t;
  s.blockOnSimMs = s.simClockMs ?? 0;
  if (s.taxiInStartMs !== null) emit(ctx, 'TAXI_IN_DURATION', { durationSeconds: Math.round((t - s.taxiInStartMs) / 1000) }, t);
  emit(ctx, 'FUEL_REPORT', { milestone: 'block_on', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg(s) }, t);
  const scheduled = s.plan.scheduledArrivalTimeMs;
  if (s.cabin && scheduled !== null) {
    const delayMinutes = Math.round((t - (scheduled + s.cabin.addedArrivalMinutes * 60_000)) / 60_000);
    if (delayMinutes > DELAY_TOLERANCE_MINUTES) raiseIncident(s.cabin, 2, [{ key: 'delay', value: delayMinutes }], t, cabinEmitter(ctx, t));
  }
  setStep(ctx, 'block_on', t);
};

const reportTaxiOut = (ctx: EngineContext, t: number): void => {
  const s = ctx.s;
  if (s.isTaxiOutReported || s.blockOffTimeMs === null) return;
  s.isTaxiOutReported = true;
  emit(ctx, 'TAXI_OUT_DURATION', { durationSeconds: Math.round((t - s.blockOffTimeMs) / 1000) }, t);
};

export const startTakeoffRoll = (ctx: EngineContext, t: number): void => {
  reportTaxiOut(ctx, t);
  setStep(ctx, 'takeoff', t);
};

/** Leaving the ground (not a bounce): a take-off, with its seat-belt and safety-demonstration checks. */
export const liftOff = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  const t = frame.timeMs;
  reportTaxiOut(ctx, t);
  const isFirst = s.takeoffCount === 0;
  s.takeoffCount += 1;
  if (s.takeoffTimeMs === null) s.takeoffTimeMs = t;
  s.lastTakeoffTimeMs = t;
  if (isSeatBeltMissed(ctx, frame)) emit(ctx, 'TAKEOFF_WITHOUT_SEAT_BELT_SIGN', { flightStep: s.step }, t);
  emit(ctx, 'FUEL_REPORT', { milestone: 'takeoff', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg(s) }, t);
  if (s.cabin && isFirst) {
    const cabinEmit = cabinEmitter(ctx, t);
    if (isSeatBeltMissed(ctx, frame)) raiseIncident(s.cabin, 3, [{ key: 'flightStep', value: s.step }], t, cabinEmit);
    if (!s.cabin.completedAnnouncements.includes(2)) {
      raiseIncident(s.cabin, 5, [{ key: 'type', value: 2 }, { key: 'launched', value: s.cabin.launchedAnnouncements.includes(2) }], t, cabinEmit);
    }
  }
  setStep(ctx, 'initial_climb', t);
};

/** Back on the ground: a landing (analysed), a bounce of the last one, or a crash. */
export const touchDown = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest): void => {
  const s = ctx.s;
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
  const crashReason = !isGearDown(ctx, frame)
    ? ('gear_up_landing' as const)
    : verticalSpeedFpm <= CRASH_TOUCHDOWN_VS_FPM
      ? ('touchdown_rate' as const)
      : gForce >= CRASH_TOUCHDOWN_G
        ? ('load_factor' as const)
        : null;
  if (s.pendingLiftoff !== null && s.landing !== null) {
    // Back on the ground shortly after a touchdown: a bounce of the same landing.
    s.landing.bounces += 1;
    emit(ctx, 'BOUNCE', { bounceCount: s.landing.bounces, maxHeightFtAgl: Math.round(s.pendingLiftoff.maxAglFt) }, t);
    s.pendingLiftoff = null;
    if (gForce > s.landing.gForce) s.landing.gForce = gForce;
  } else {
    const point = fromMains ?? { latitudeDeg: frame.position.latitudeDeg, longitudeDeg: frame.position.longitudeDeg };
    const headingDeg = fromMains?.headingDegTrue ?? frame.headingDegTrue;
    const airport = nearestAirportWithin([s.plan.arrival, s.plan.departure, s.originalArrival], point, AIRPORT_RADIUS_NM);
    const runway = airport ? matchRunway(airport, point, headingDeg) : null;
    const sampleAgeMs = prev.isPaused ? Number.POSITIVE_INFINITY : t - prev.timeMs;
    const isObserved = fromMains !== null || sampleAgeMs <= TOUCHDOWN_MAX_FRAME_GAP_MS;
    const isMeasured = fromMains !== null || (frame.touchdownVerticalSpeedFpm !== undefined && frame.touchdownVerticalSpeedFpm < 0);
    const isRateKnown = isObserved && (isMeasured || sampleAgeMs <= TOUCHDOWN_RATE_MAX_SAMPLE_AGE_MS);
    // A touchdown seen without a sample close to it has no rating: its rate is the last one known, not the touchdown's.
    const rating = isRateKnown ? touchdownRatingFor(verticalSpeedFpm) : 'unobserved';
    s.touchdownCount += 1;
    s.touchdownGap = gapBeforeTouchdown(s, t);
    s.landing = {
      touchdownTimeMs: t,
      latitudeDeg: point.latitudeDeg,
      longitudeDeg: point.longitudeDeg,
      verticalSpeedFpm,
      gForce,
      rating,
      isObserved,
      isRateKnown,
      bounces: 0,
      airportIdent: runway?.airportIdent ?? airport?.ident ?? null,
      runway,
      indicatedAirspeedKts: Math.round(frame.indicatedAirspeedKts),
      pitchDeg: frame.pitchDeg,
      bankDeg: frame.bankDeg,
    };
    s.landingSettleUntilMs = t + 3000;
    emit(
      ctx,
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
    emit(ctx, 'TOUCHDOWN_RATE', { verticalSpeedFpm, gForce, rating, isObserved }, t);
    if (isSeatBeltMissed(ctx, frame)) {
      emit(ctx, 'LANDING_WITHOUT_SEAT_BELT_SIGN', { flightStep: s.step }, t);
      if (s.cabin) raiseIncident(s.cabin, 4, [{ key: 'flightStep', value: s.step }], t, cabinEmitter(ctx, t));
    }
    emit(ctx, 'FUEL_REPORT', { milestone: 'touchdown', fuelKg: Math.round(frame.fuelKg), consumedKg: consumedKg(s) }, t);
    if (s.cabin) {
      const loss = CABIN_CALMNESS_LOSS_BY_RATING[rating];
      if (loss !== undefined) loseCalmness(s.cabin, loss);
      ctx.out.cabinChanged = true;
    }
  }
  if (crashReason !== null) {
    emit(ctx, 'CRASH', { reason: crashReason, verticalSpeedFpm, gForce }, t);
    setStep(ctx, 'crashed', t);
    return;
  }
  setStep(ctx, 'landing', t);
};
