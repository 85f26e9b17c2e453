import { describe, expect, it } from 'vitest';
import { deboarding, flare, rollout, shutdown, taxiIn } from '../../src/sim-landing-phases';
import type { SimContext } from '../../src/sim-context';
import { kinds, runFor, simContextFor } from './support';

/** 30 ft over the destination's threshold, on the runway heading, at the approach speed. */
const overThreshold = (ctx: SimContext) => {
  const s = ctx.s;
  s.phase = 'flare';
  s.isOnGround = false;
  s.engines = [true, true];
  s.gearRatio = 1;
  s.flapsRatio = 1;
  s.headingDeg = s.destination.runway.headingDeg;
  s.position = { ...s.destination.runway.threshold };
  s.altitudeFt = s.destination.runway.elevationFt + 30;
  s.iasKts = ctx.aircraft.approachSpeedKts;
  s.verticalSpeedFpm = -700;
  s.flareStartVsFpm = -700;
  s.isLocalizerCaptured = true;
  return ctx;
};

const touchdowns = (ctx: SimContext) => ctx.events.filter((e) => e.kind === 'touchdown');

describe('simulator landing phases', () => {
  it('flares to the plan touchdown rate, latches it for the frame, and rolls out', () => {
    const ctx = overThreshold(simContextFor());
    runFor(ctx, flare, 30, 0.1);
    expect(ctx.s.phase).toBe('rollout');
    expect(touchdowns(ctx)).toHaveLength(1);
    expect(touchdowns(ctx)[0]).toMatchObject({ verticalSpeedFpm: ctx.normalTouchdownRateFpm, airportIdent: ctx.s.destination.ident });
    expect(ctx.s.touchdownLatch).toMatchObject({ verticalSpeedFpm: ctx.normalTouchdownRateFpm });
    expect(ctx.s.isOnGround).toBe(true);
  });

  it('touches down at a hard-landing fault rate once', () => {
    const ctx = overThreshold(simContextFor());
    ctx.s.hardLandingRateFpm = -700;
    runFor(ctx, flare, 30, 0.1);
    expect(touchdowns(ctx)[0]).toMatchObject({ verticalSpeedFpm: -700 });
    expect(ctx.s.hardLandingRateFpm).toBeNull();
  });

  it('bounces: a first contact at the fault rate, airborne again, then a second touchdown', () => {
    const ctx = overThreshold(simContextFor());
    ctx.s.bounceRateFpm = -400;
    runFor(ctx, flare, 60, 0.1);
    expect(ctx.s.phase).toBe('rollout');
    expect(touchdowns(ctx).map((e) => e.kind === 'touchdown' && e.verticalSpeedFpm)).toEqual([-400, expect.any(Number)]);
    expect(ctx.s.bounce).toBe('none');
  });

  it('rolls out to taxi speed, taxis to the gate, shuts down and deboards', () => {
    const ctx = overThreshold(simContextFor(undefined, { deboardingSeconds: 60 }));
    runFor(ctx, flare, 30, 0.1);
    runFor(ctx, rollout, 120);
    expect(ctx.s.phase).toBe('taxiIn');
    expect(ctx.s.groundSpeedKts).toBeLessThanOrEqual(15);
    ctx.s.phaseS = 0;
    runFor(ctx, taxiIn, 3_600);
    expect(ctx.s.phase).toBe('shutdown');
    expect(ctx.s.isParkingBrakeSet).toBe(true);
    ctx.s.phaseS = 0;
    runFor(ctx, shutdown, 40);
    expect(ctx.s.phase).toBe('deboarding');
    expect(ctx.s.engines).toEqual([false, false]);
    ctx.s.phaseS = 0;
    runFor(ctx, deboarding, 60);
    expect(ctx.s.phase).toBe('finished');
    expect(kinds(ctx).filter((k) => k.startsWith('phase:'))).toEqual(['phase:rollout', 'phase:taxiIn', 'phase:shutdown', 'phase:deboarding', 'phase:finished']);
  });
});
