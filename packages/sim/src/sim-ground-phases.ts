import { destinationPoint, initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import { headingDifferenceDeg, planApproachWaypoints } from './runway-geometry';
import { enter, record, type SimContext } from './sim-context';
import { moveTowards, onGroundAt, rollAlong, taxi, turnTowards } from './sim-motion';

/** Time at the gate before boarding starts (nav lights, seat-belt sign), simulated seconds. */
const PREFLIGHT_SECONDS = 60;
export const TAXI_SPEED_KTS = 15;

export const parked = (ctx: SimContext): void => {
  const s = ctx.s;
  if (s.phaseS >= PREFLIGHT_SECONDS) {
    s.lights.nav = true;
    s.isSeatBeltSignOn = true;
    enter(ctx, 'boarding');
  }
};

export const boarding = (ctx: SimContext): void => {
  const s = ctx.s;
  if (s.phaseS >= ctx.settings.boardingSeconds && !s.isHeldAtGate) {
    s.lights.beacon = true;
    enter(ctx, 'engineStart');
  }
};

/** One engine every 25 s, the first 15 s after the beacon; then the brake is released. */
export const engineStart = (ctx: SimContext): void => {
  const s = ctx.s;
  s.engines = s.engines.map((_, i) => s.phaseS >= 15 + 25 * i);
  if (s.phaseS >= 15 + 25 * s.engines.length) {
    s.isParkingBrakeSet = false;
    enter(ctx, 'pushback');
  }
};

/** Pushed back at 3 kt for about 70 s while the tug turns the nose 90 degrees. */
export const pushback = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const isPushing = s.phaseS < 75;
  s.groundSpeedKts = moveTowards(s.groundSpeedKts, isPushing ? 3 : 0, 0.5 * dt);
  if (isPushing && s.phaseS > 10) {
    const towardsRunwayDeg = initialBearingDeg(s.position, ctx.origin.runway.threshold);
    const sign = headingDifferenceDeg(s.headingDeg, towardsRunwayDeg) >= 0 ? 1 : -1;
    s.headingDeg = normalizeHeadingDeg(s.headingDeg + sign * 1.4 * dt);
  }
  s.position = destinationPoint(s.position, s.headingDeg + 180, (s.groundSpeedKts * dt) / 3_600);
  if (!isPushing && s.groundSpeedKts === 0 && s.phaseS >= 90) {
    s.lights.taxi = true;
    s.flapsRatio = 0;
    enter(ctx, 'taxiOut');
    if (!s.isSafetyDemoSkipped) record(ctx, { kind: 'safetyDemonstration' });
  }
};

export const taxiOut = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.flapsRatio = moveTowards(s.flapsRatio, ctx.performance.takeoffFlapsRatio, 0.1 * dt);
  const leftNm = taxi(s, dt, ctx.origin.runway.threshold, TAXI_SPEED_KTS);
  onGroundAt(s, ctx.origin);
  if (leftNm === 0) {
    s.lights.strobe = true;
    s.lights.landing = true;
    if (s.isSeatBeltFaultActive) s.isSeatBeltSignOn = false;
    enter(ctx, 'lineUp');
  }
};

export const lineUp = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  const runway = ctx.origin.runway;
  s.flapsRatio = moveTowards(s.flapsRatio, ctx.performance.takeoffFlapsRatio, 0.1 * dt);
  const errorDeg = headingDifferenceDeg(s.headingDeg, runway.headingDeg);
  s.groundSpeedKts = Math.abs(errorDeg) > 1 ? 2 : moveTowards(s.groundSpeedKts, 0, 2 * dt);
  turnTowards(s, runway.headingDeg, 10, dt);
  onGroundAt(s, ctx.origin);
  if (Math.abs(errorDeg) <= 1 && s.phaseS >= 20) {
    s.headingDeg = runway.headingDeg;
    enter(ctx, 'takeoffRoll');
  }
};

/** The take-off roll to the rotation speed, then the rotation to lift-off at 8 degrees of pitch. */
export const takeoff = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.groundSpeedKts += ctx.performance.takeoffAccelerationKtsPerS * dt;
  rollAlong(s, dt, ctx.origin.runway.headingDeg);
  onGroundAt(s, ctx.origin);
  if (s.phase === 'takeoffRoll') {
    if (s.iasKts >= ctx.aircraft.rotationSpeedKts) enter(ctx, 'rotation');
    return;
  }
  s.pitchDeg = Math.min(15, s.pitchDeg + 3 * dt);
  if (s.pitchDeg >= 8) {
    s.isOnGround = false;
    s.verticalSpeedFpm = 300;
    s.route = planApproachWaypoints(s.position, s.destination.runway);
    s.routeIndex = 0;
    record(ctx, { kind: 'liftoff' });
    enter(ctx, 'initialClimb');
  }
};
