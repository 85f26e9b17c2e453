import { trueAirspeedFromIndicatedKts } from './atmosphere';
import { SPEED_LIMIT_ALTITUDE_FT, clamp, climbRateFpm } from './aircraft-performance';
import { enter, type SimContext } from './sim-context';
import { flyAirborne, moveTowards } from './sim-motion';
import { distanceToThresholdNm, heightAboveThresholdFt, localizerCrossTrackNm, navigationHeadingDeg, pathAltitudeFt, runwayOf } from './sim-navigation';
import {
  FLARE_HEIGHT_FT,
  approachTargets,
  climbTargetIasKts,
  cruiseIasKts,
  descentIasKts,
  pathVerticalSpeedFpm,
  startGoAround,
  updateAirborneLights,
} from './sim-pilot';

/** Distance to the threshold along the path at which the approach begins, NM. */
const APPROACH_START_NM = 20;
/** Unstable approaches flown again before the aircraft lands anyway. */
const MAX_GO_AROUNDS = 3;

/** Runway heading to 500 ft, gear up once climbing, clean-up by 1,500 ft above the runway. */
export const initialClimb = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const origin = ctx.origin;
  const hatFt = s.altitudeFt - origin.runway.elevationFt;
  const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  flyAirborne(s, dt, {
    iasKts: ctx.aircraft.rotationSpeedKts + 15,
    verticalSpeedFpm: climbRateFpm(ctx.performance, s.altitudeFt),
    headingDeg: hatFt < 500 ? origin.runway.headingDeg : navigationHeadingDeg(s, trueKts),
    accelerationKtsPerS: 2,
    verticalAccelerationFpmPerS: 400,
  });
  // Hold the rotation attitude until the climb is established.
  s.pitchDeg = Math.max(s.pitchDeg, Math.min(12, 8 + s.phaseS));
  if (hatFt > 50 && s.verticalSpeedFpm > 0) {
    s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
    s.lights.taxi = false;
  }
  updateAirborneLights(ctx);
  if (hatFt >= 1_500) enter(ctx, 'climb');
};

/** Climb, cruise and descent: along the route, capped by the level and the descent path. */
export const enroute = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const performance = ctx.performance;
  const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  const headingDeg = navigationHeadingDeg(s, trueKts);
  const toThresholdNm = distanceToThresholdNm(s);
  const pathFt = pathAltitudeFt(s, toThresholdNm);
  const targetFt = Math.min(s.levelCapFt, pathFt);
  let iasKts: number;
  let verticalSpeedFpm = pathVerticalSpeedFpm(ctx, toThresholdNm, trueKts);
  if (s.phase === 'climb') {
    iasKts = climbTargetIasKts(ctx);
    if (s.iasKts < iasKts - 5) verticalSpeedFpm = Math.min(verticalSpeedFpm, climbRateFpm(performance, s.altitudeFt) / 2);
    const vr = ctx.aircraft.rotationSpeedKts;
    // Flaps up by speed, and in any case by 3,000 ft above the runway.
    const hatFt = s.altitudeFt - ctx.origin.runway.elevationFt;
    const flapsTarget =
      hatFt > 3_000 ? 0 : s.iasKts < vr + 25 ? performance.takeoffFlapsRatio : s.iasKts < vr + 50 ? performance.takeoffFlapsRatio / 2 : 0;
    s.flapsRatio = moveTowards(s.flapsRatio, Math.min(s.flapsRatio, flapsTarget), 0.05 * dt);
    s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
    if (s.altitudeFt >= SPEED_LIMIT_ALTITUDE_FT) s.overspeedIasKts = null;
  } else if (s.phase === 'cruise') {
    iasKts = cruiseIasKts(ctx);
    if (s.phaseS >= 120 && !s.isSeatBeltFaultActive) s.isSeatBeltSignOn = false;
  } else {
    iasKts = descentIasKts(ctx);
  }
  flyAirborne(s, dt, { iasKts, verticalSpeedFpm, headingDeg });
  updateAirborneLights(ctx);
  if (toThresholdNm <= APPROACH_START_NM || s.isLocalizerCaptured) {
    s.isSeatBeltSignOn = true;
    enter(ctx, 'approach');
  } else if (s.phase === 'climb' && s.altitudeFt >= targetFt - 30) {
    if (targetFt >= s.levelCapFt - 30) enter(ctx, 'cruise');
    else {
      s.isSeatBeltSignOn = true;
      enter(ctx, 'descent');
    }
  } else if (s.phase === 'cruise' && pathFt < s.altitudeFt - 100) {
    s.isSeatBeltSignOn = true;
    enter(ctx, 'descent');
  } else if (s.phase === 'descent' && targetFt > s.altitudeFt + 1_000) {
    enter(ctx, 'climb');
  }
};

/** The missed-approach climb on the runway heading, then the circuit back to the approach. */
const goAround = (ctx: SimContext, dt: number, trueKts: number, hatFt: number): void => {
  const s = ctx.s;
  const isClimbingOut = s.phaseS < 20 || hatFt < 1_000;
  flyAirborne(s, dt, {
    iasKts: ctx.aircraft.approachSpeedKts + 20,
    verticalSpeedFpm: clamp(((s.levelCapFt - s.altitudeFt) * 60) / 20, -500, Math.min(2_000, climbRateFpm(ctx.performance, s.altitudeFt))),
    headingDeg: isClimbingOut ? runwayOf(s).headingDeg : navigationHeadingDeg(s, trueKts),
    accelerationKtsPerS: 2,
    verticalAccelerationFpmPerS: 400,
  });
  s.flapsRatio = moveTowards(s.flapsRatio, 0.5, 0.1 * dt);
  if (s.verticalSpeedFpm > 300 && hatFt > 100) s.gearRatio = moveTowards(s.gearRatio, 0, dt / 8);
  if (s.phaseS > 60 && Math.abs(s.levelCapFt - s.altitudeFt) < 100) enter(ctx, 'approach');
  updateAirborneLights(ctx);
};

/** The approach on the 3 degree path (flaps and gear by distance) to the flare, or a go-around. */
export const approach = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  const hatFt = heightAboveThresholdFt(s);
  if (s.phase === 'goAround') {
    goAround(ctx, dt, trueKts, hatFt);
    return;
  }
  const headingDeg = navigationHeadingDeg(s, trueKts);
  const toThresholdNm = distanceToThresholdNm(s);
  const targets = approachTargets(ctx, toThresholdNm);
  flyAirborne(s, dt, { iasKts: targets.iasKts, verticalSpeedFpm: pathVerticalSpeedFpm(ctx, toThresholdNm, trueKts), headingDeg });
  s.flapsRatio = moveTowards(s.flapsRatio, targets.flaps, 0.05 * dt);
  if (targets.isGearDue) s.gearRatio = moveTowards(s.gearRatio, 1, dt / 8);
  s.isSeatBeltSignOn = true;
  updateAirborneLights(ctx);
  if (s.isLocalizerCaptured) {
    // Past the threshold still high, or off the centreline low down: a missed approach.
    const isUnstable = hatFt < 300 && Math.abs(localizerCrossTrackNm(s)) > 0.3;
    if (s.goAroundAtAglFt !== null && hatFt <= s.goAroundAtAglFt) startGoAround(ctx, 'injected');
    else if (isUnstable && s.goAroundCount < MAX_GO_AROUNDS) startGoAround(ctx, 'unstable');
    else if (hatFt <= FLARE_HEIGHT_FT && toThresholdNm > 1.5) startGoAround(ctx, 'unstable');
    else if (hatFt <= FLARE_HEIGHT_FT) {
      s.flareStartVsFpm = s.verticalSpeedFpm;
      enter(ctx, 'flare');
    }
  }
};
