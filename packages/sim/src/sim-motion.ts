import { type LatLon, destinationPoint, distanceNm, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import { indicatedAirspeedFromTrueKts, trueAirspeedFromIndicatedKts } from './atmosphere';
import { clamp } from './aircraft-performance';
import { type TResolvedAirport, headingDifferenceDeg } from './runway-geometry';
import type { SimState } from './sim-context';
import { maxTurnRateDegPerS } from './sim-navigation';

export const G_FT_PER_S2 = 32.174;

export const moveTowards = (value: number, target: number, maxDelta: number): number =>
  value < target ? Math.min(target, value + maxDelta) : Math.max(target, value - maxDelta);

/** Turns towards `desiredDeg` at up to `maxRateDegPerS`; returns the turn rate flown, deg/s. */
export const turnTowards = (s: SimState, desiredDeg: number, maxRateDegPerS: number, dt: number): number => {
  const errorDeg = headingDifferenceDeg(s.headingDeg, desiredDeg);
  const rateDegPerS = clamp(errorDeg * 0.5, -maxRateDegPerS, maxRateDegPerS);
  s.headingDeg = normalizeHeadingDeg(s.headingDeg + rateDegPerS * dt);
  return rateDegPerS;
};

export type AirTargets = {
  iasKts: number;
  verticalSpeedFpm: number;
  headingDeg: number;
  accelerationKtsPerS?: number;
  verticalAccelerationFpmPerS?: number;
  pitchOffsetDeg?: number;
};

/** One airborne integration step towards the targets: speed, vertical speed, heading, then the attitude and load that follow. */
export const flyAirborne = (s: SimState, dt: number, t: AirTargets): void => {
  s.iasKts = moveTowards(s.iasKts, t.iasKts, (t.iasKts > s.iasKts ? (t.accelerationKtsPerS ?? 1.5) : 1) * dt);
  const previousVsFpm = s.verticalSpeedFpm;
  s.verticalSpeedFpm = moveTowards(s.verticalSpeedFpm, t.verticalSpeedFpm, (t.verticalAccelerationFpmPerS ?? 200) * dt);
  s.altitudeFt += (s.verticalSpeedFpm * dt) / 60;
  const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  const rateDegPerS = turnTowards(s, t.headingDeg, maxTurnRateDegPerS(trueKts), dt);
  s.groundSpeedKts = trueKts;
  s.position = destinationPoint(s.position, s.headingDeg, (trueKts * dt) / 3_600);
  s.bankDeg = (Math.atan((rateDegPerS * trueKts) / 1_091) * 180) / Math.PI;
  const flightPathDeg = (Math.atan(s.verticalSpeedFpm / Math.max(trueKts * 101.27, 1)) * 180) / Math.PI;
  const angleOfAttackDeg = 2.5 + 4 * s.flapsRatio;
  s.pitchDeg = clamp(angleOfAttackDeg + flightPathDeg + (t.pitchOffsetDeg ?? 0), -20, 25);
  const verticalAccelerationG = (s.verticalSpeedFpm - previousVsFpm) / dt / 60 / G_FT_PER_S2;
  s.gForce = (1 + verticalAccelerationG) / Math.cos((s.bankDeg * Math.PI) / 180);
};

/** Ground movement towards `target` (or along the heading), at up to `speedKts`. Returns the distance left, NM. */
export const taxi = (s: SimState, dt: number, target: LatLon, speedKts: number): number => {
  const toTargetNm = distanceNm(s.position, target);
  const bearingDeg = initialBearingDeg(s.position, target);
  const errorDeg = Math.abs(headingDifferenceDeg(s.headingDeg, bearingDeg));
  const slowDownKts = toTargetNm < 0.05 ? 5 : speedKts;
  const desiredKts = errorDeg > 60 ? 3 : errorDeg > 30 ? 8 : slowDownKts;
  s.groundSpeedKts = moveTowards(s.groundSpeedKts, Math.min(desiredKts, slowDownKts), 1.5 * dt);
  turnTowards(s, bearingDeg, Math.max(2, Math.min(15, s.groundSpeedKts * 1.5)), dt);
  const stepNm = (s.groundSpeedKts * dt) / 3_600;
  if (stepNm >= toTargetNm || toTargetNm < 0.005) {
    s.position = { ...target };
    return 0;
  }
  s.position = destinationPoint(s.position, s.headingDeg, stepNm);
  return toTargetNm - stepNm;
};

export const rollAlong = (s: SimState, dt: number, headingDeg: number): void => {
  s.headingDeg = headingDeg;
  s.position = destinationPoint(s.position, headingDeg, (s.groundSpeedKts * dt) / 3_600);
};

/** Wheels on the ground at `airport`: its elevation, level, the airspeed of the ground speed. */
export const onGroundAt = (s: SimState, airport: TResolvedAirport): void => {
  s.isOnGround = true;
  s.altitudeFt = airport.runway.elevationFt;
  s.verticalSpeedFpm = 0;
  s.bankDeg = 0;
  s.gForce = 1;
  s.iasKts = indicatedAirspeedFromTrueKts(s.groundSpeedKts, s.altitudeFt);
};
