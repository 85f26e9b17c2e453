import { indicatedAirspeedFromTrueKts } from './atmosphere';
import { FUEL_FLOW_FACTOR, SPEED_LIMIT_ALTITUDE_FT, SPEED_LIMIT_BELOW_10K_KTS, clamp, climbRateFpm, touchdownGForce } from './aircraft-performance';
import { planGoAroundWaypoints } from './runway-geometry';
import { enter, record, type SimContext } from './sim-context';
import { onGroundAt } from './sim-motion';
import { PATH_FT_PER_NM, heightAboveThresholdFt, pathAltitudeFt, runwayOf } from './sim-navigation';

/** Height above the threshold at which the flare begins, feet. */
export const FLARE_HEIGHT_FT = 30;
/** Height above the runway the missed-approach climb levels at, feet. */
const GO_AROUND_HEIGHT_FT = 3_000;

/** The simulated pilot's speeds: 250 KIAS below 10,000 ft (unless the overspeed fault), then the type's. */
export const climbTargetIasKts = (ctx: SimContext): number => {
  const s = ctx.s;
  if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT) return s.overspeedIasKts ?? ctx.performance.lowAltitudeIasKts;
  return Math.min(ctx.performance.highAltitudeIasKts, indicatedAirspeedFromTrueKts(ctx.aircraft.cruiseSpeedKts, s.altitudeFt));
};

export const cruiseIasKts = (ctx: SimContext): number => {
  const s = ctx.s;
  const ias = indicatedAirspeedFromTrueKts(ctx.aircraft.cruiseSpeedKts, s.altitudeFt);
  return s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT + 500 ? Math.min(ias, SPEED_LIMIT_BELOW_10K_KTS - 5) : ias;
};

export const descentIasKts = (ctx: SimContext): number => {
  const s = ctx.s;
  // Slow down from 13,000 ft at 1 kt/s so that 250 KIAS is held by 10,000 ft.
  if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT && s.overspeedIasKts !== null) return s.overspeedIasKts;
  if (s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT + 3_000) return Math.min(ctx.performance.lowAltitudeIasKts, cruiseIasKts(ctx));
  return Math.min(ctx.performance.highAltitudeIasKts, indicatedAirspeedFromTrueKts(ctx.aircraft.cruiseSpeedKts, s.altitudeFt));
};

/** Vertical speed that follows the descent path, capped by the level the aircraft may not exceed. */
export const pathVerticalSpeedFpm = (ctx: SimContext, toThresholdNm: number, trueKts: number): number => {
  const s = ctx.s;
  const pathFt = pathAltitudeFt(s, toThresholdNm);
  const command =
    pathFt < s.levelCapFt ? (-trueKts * PATH_FT_PER_NM) / 60 + ((pathFt - s.altitudeFt) * 60) / 20 : ((s.levelCapFt - s.altitudeFt) * 60) / 20;
  let vs = clamp(command, -ctx.performance.maxDescentFpm, climbRateFpm(ctx.performance, s.altitudeFt));
  // Speed before path: level off just above 10,000 ft until slowed to 250 KIAS (the aircraft then
  // catches the path again at its steepest descent).
  if (s.iasKts > SPEED_LIMIT_BELOW_10K_KTS && s.overspeedIasKts === null) {
    vs = Math.max(vs, s.altitudeFt >= SPEED_LIMIT_ALTITUDE_FT ? ((SPEED_LIMIT_ALTITUDE_FT + 50 - s.altitudeFt) * 60) / 10 : 0);
  }
  return vs;
};

/** Landing lights on below 10,000 ft. */
export const updateAirborneLights = (ctx: SimContext): void => {
  ctx.s.lights.landing = ctx.s.altitudeFt < SPEED_LIMIT_ALTITUDE_FT;
};

/** Speed, flaps and gear for the distance to the threshold on the approach. */
export const approachTargets = (ctx: SimContext, toThresholdNm: number): { iasKts: number; flaps: number; isGearDue: boolean } => {
  const s = ctx.s;
  const vApp = ctx.aircraft.approachSpeedKts;
  const hatFt = heightAboveThresholdFt(s);
  let iasKts: number;
  let flaps: number;
  if (toThresholdNm > 12) {
    iasKts = Math.min(descentIasKts(ctx), vApp + 60);
    flaps = toThresholdNm < 16 ? 0.25 : 0;
  } else if (toThresholdNm > 8) {
    iasKts = vApp + 35;
    flaps = 0.5;
  } else if (toThresholdNm > 5) {
    iasKts = vApp + 15;
    flaps = toThresholdNm < 6.5 ? 0.75 : 0.5;
  } else {
    iasKts = vApp;
    flaps = 1;
  }
  const isGearDue = (hatFt < 2_000 && toThresholdNm < 10) || toThresholdNm < 6;
  return { iasKts, flaps: Math.max(flaps, s.phase === 'approach' ? Math.min(s.flapsRatio, 0.5) : 0), isGearDue };
};

/** A missed approach: climb to 3,000 ft above the runway on the go-around route. */
export const startGoAround = (ctx: SimContext, reason: 'injected' | 'unstable'): void => {
  const s = ctx.s;
  record(ctx, { kind: 'goAround', reason });
  s.goAroundCount += 1;
  s.goAroundAtAglFt = null;
  s.isLocalizerCaptured = false;
  s.route = planGoAroundWaypoints(runwayOf(s));
  s.routeIndex = 0;
  s.levelCapFt = runwayOf(s).elevationFt + GO_AROUND_HEIGHT_FT;
  enter(ctx, 'goAround');
};

/** Wheels on the destination's runway: the rate and load are latched for the next frame. */
export const touchDown = (ctx: SimContext, verticalSpeedFpm: number): void => {
  const s = ctx.s;
  const gForce = touchdownGForce(verticalSpeedFpm);
  onGroundAt(s, s.destination);
  s.touchdownLatch = { verticalSpeedFpm, gForce };
  s.spoilersRatio = 1;
  record(ctx, { kind: 'touchdown', verticalSpeedFpm, gForce, airportIdent: s.destination.ident });
};

/** Fuel flow of the running engines at the phase's share of the type's burn. */
export const burnFuel = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const running = s.engines.filter(Boolean).length;
  if (running === 0) return;
  const flowKgPerS = (ctx.aircraft.fuelBurnKgPerHour / 3_600) * FUEL_FLOW_FACTOR[s.phase] * (running / s.engines.length);
  s.fuelKg = Math.max(0, s.fuelKg - flowKgPerS * dt);
};
