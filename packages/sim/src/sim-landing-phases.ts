import { destinationPoint } from '@contrail/domain/geo/great-circle';
import { trueAirspeedFromIndicatedKts } from './atmosphere';
import { clamp } from './aircraft-performance';
import { enter, type SimContext } from './sim-context';
import { G_FT_PER_S2, moveTowards, onGroundAt, rollAlong, taxi, turnTowards } from './sim-motion';
import { heightAboveThresholdFt, navigationHeadingDeg, runwayOf } from './sim-navigation';
import { TAXI_SPEED_KTS } from './sim-ground-phases';
import { FLARE_HEIGHT_FT, touchDown } from './sim-pilot';

/** Wheels on the runway for a moment before the bounce, then airborne again. */
const bounceContact = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.bounceS += dt;
  s.groundSpeedKts = Math.max(0, s.groundSpeedKts - 2 * dt);
  rollAlong(s, dt, s.headingDeg);
  if (s.bounceS >= 1.2) {
    s.isOnGround = false;
    s.spoilersRatio = 0;
    s.bounce = 'airborne';
    s.verticalSpeedFpm = 400;
    s.bounceRateFpm = null;
  }
};

/** The flare from 30 ft to the touchdown rate (the plan's, or a landing fault's), and a bounce when one is due. */
export const flare = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.iasKts = moveTowards(s.iasKts, ctx.aircraft.approachSpeedKts - 5, 1.5 * dt);
  const trueKts = trueAirspeedFromIndicatedKts(s.iasKts, s.altitudeFt);
  s.groundSpeedKts = trueKts;
  const normalRateFpm = ctx.normalTouchdownRateFpm;
  const targetRateFpm = s.bounceRateFpm ?? s.hardLandingRateFpm ?? normalRateFpm;
  if (s.bounce === 'contact') {
    bounceContact(ctx, dt);
    return;
  }
  const hatFt = heightAboveThresholdFt(s);
  const headingDeg = navigationHeadingDeg(s, trueKts);
  let verticalSpeedFpm: number;
  if (s.bounce === 'airborne') verticalSpeedFpm = Math.max(normalRateFpm, s.verticalSpeedFpm - 150 * dt);
  else verticalSpeedFpm = targetRateFpm + (s.flareStartVsFpm - targetRateFpm) * clamp(hatFt / FLARE_HEIGHT_FT, 0, 1);
  const previousVsFpm = s.verticalSpeedFpm;
  s.verticalSpeedFpm = verticalSpeedFpm;
  const nextHatFt = hatFt + (verticalSpeedFpm * dt) / 60;
  turnTowards(s, headingDeg, 3, dt);
  s.position = destinationPoint(s.position, s.headingDeg, (trueKts * dt) / 3_600);
  s.pitchDeg = moveTowards(s.pitchDeg, 2.5 + 4 * s.flapsRatio + 2, 1 * dt);
  s.gForce = 1 + (verticalSpeedFpm - previousVsFpm) / dt / 60 / G_FT_PER_S2;
  s.bankDeg = 0;
  if (nextHatFt > 0) {
    s.altitudeFt = runwayOf(s).elevationFt + nextHatFt;
    return;
  }
  const touchdownRateFpm = s.bounce === 'airborne' ? verticalSpeedFpm : targetRateFpm;
  touchDown(ctx, touchdownRateFpm);
  if (s.bounceRateFpm !== null) {
    s.bounce = 'contact';
    s.bounceS = 0;
  } else {
    s.bounce = 'none';
    s.hardLandingRateFpm = null;
    enter(ctx, 'rollout');
  }
};

export const rollout = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.spoilersRatio = 1;
  s.groundSpeedKts = Math.max(0, s.groundSpeedKts - (s.groundSpeedKts > 60 ? 4.5 : 2.5) * dt);
  s.pitchDeg = moveTowards(s.pitchDeg, 0, 2 * dt);
  rollAlong(s, dt, s.headingDeg);
  onGroundAt(s, s.destination);
  if (s.groundSpeedKts <= 15) {
    s.lights.strobe = false;
    s.lights.landing = false;
    s.lights.taxi = true;
    s.spoilersRatio = 0;
    enter(ctx, 'taxiIn');
  }
};

export const taxiIn = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.flapsRatio = moveTowards(s.flapsRatio, 0, 0.1 * dt);
  const leftNm = taxi(s, dt, s.destination.gate, TAXI_SPEED_KTS);
  onGroundAt(s, s.destination);
  if (leftNm === 0) {
    s.groundSpeedKts = 0;
    s.iasKts = 0;
    s.isParkingBrakeSet = true;
    s.lights.taxi = false;
    enter(ctx, 'shutdown');
  }
};

export const shutdown = (ctx: SimContext, dt: number): void => {
  const s = ctx.s;
  s.flapsRatio = moveTowards(s.flapsRatio, 0, 0.1 * dt);
  if (s.phaseS >= 30) s.engines = s.engines.map(() => false);
  if (s.phaseS >= 35) s.isSeatBeltSignOn = false;
  if (s.phaseS >= 40) {
    s.lights.beacon = false;
    enter(ctx, 'deboarding');
  }
};

export const deboarding = (ctx: SimContext): void => {
  const s = ctx.s;
  if (s.phaseS >= ctx.settings.deboardingSeconds) {
    s.lights.nav = false;
    enter(ctx, 'finished');
  }
};
