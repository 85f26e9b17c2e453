import { describe, expect, it } from 'vitest';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { boarding, engineStart, lineUp, parked, pushback, takeoff, taxiOut } from '../../src/sim-ground-phases';
import { headingDifferenceDeg } from '../../src/runway-geometry';
import { kinds, runFor, simContextFor } from './support';

describe('simulator ground phases', () => {
  it('boards a minute after the start with the nav lights and the seat-belt sign on', () => {
    const ctx = simContextFor();
    runFor(ctx, parked, 59.5);
    expect(ctx.s.phase).toBe('parked');
    runFor(ctx, parked, 0.5);
    expect(ctx.s.phase).toBe('boarding');
    expect(ctx.s.lights.nav && ctx.s.isSeatBeltSignOn).toBe(true);
  });

  it('holds the boarding at the gate until released, then starts the engines one by one', () => {
    const ctx = simContextFor(undefined, { boardingSeconds: 10 });
    ctx.s.phase = 'boarding';
    ctx.s.isHeldAtGate = true;
    runFor(ctx, boarding, 60);
    expect(ctx.s.phase).toBe('boarding');
    ctx.s.isHeldAtGate = false;
    runFor(ctx, boarding, 0.5);
    expect(ctx.s.phase).toBe('engineStart');
    expect(ctx.s.lights.beacon).toBe(true);
    runFor(ctx, engineStart, 20);
    expect(ctx.s.engines).toEqual([true, false]);
    runFor(ctx, engineStart, 25);
    expect(ctx.s.engines).toEqual([true, true]);
    runFor(ctx, engineStart, 20);
    expect(ctx.s.phase).toBe('pushback');
    expect(ctx.s.isParkingBrakeSet).toBe(false);
  });

  it('pushes back tail first, then cues the safety demonstration for the taxi-out (not with the fault)', () => {
    for (const skipped of [false, true]) {
      const ctx = simContextFor();
      ctx.s.phase = 'pushback';
      ctx.s.isSafetyDemoSkipped = skipped;
      const start = { ...ctx.s.position };
      runFor(ctx, pushback, 30);
      expect(ctx.s.groundSpeedKts).toBe(3);
      expect(distanceNm(start, ctx.s.position)).toBeGreaterThan(0.005);
      runFor(ctx, pushback, 70);
      expect(ctx.s.phase).toBe('taxiOut');
      expect(kinds(ctx)).toEqual(skipped ? ['phase:taxiOut'] : ['phase:taxiOut', 'safetyDemonstration']);
    }
  });

  it('taxis to the runway threshold, lines up on the runway heading and rolls to lift-off', () => {
    const ctx = simContextFor();
    ctx.s.phase = 'taxiOut';
    ctx.s.engines = [true, true];
    runFor(ctx, taxiOut, 3_600);
    expect(ctx.s.phase).toBe('lineUp');
    expect(distanceNm(ctx.s.position, ctx.origin.runway.threshold)).toBeLessThan(0.01);
    expect(ctx.s.lights.strobe && ctx.s.lights.landing).toBe(true);
    ctx.s.phaseS = 0;
    runFor(ctx, lineUp, 120);
    expect(ctx.s.phase).toBe('takeoffRoll');
    expect(Math.abs(headingDifferenceDeg(ctx.s.headingDeg, ctx.origin.runway.headingDeg))).toBe(0);
    runFor(ctx, takeoff, 120, 0.1);
    expect(ctx.s.phase).toBe('rotation');
    runFor(ctx, takeoff, 20, 0.1);
    expect(ctx.s.phase).toBe('initialClimb');
    expect(ctx.s.isOnGround).toBe(false);
    expect(ctx.s.iasKts).toBeGreaterThanOrEqual(ctx.aircraft.rotationSpeedKts);
    expect(ctx.s.route.length).toBeGreaterThan(0);
    expect(kinds(ctx)).toEqual(['phase:lineUp', 'phase:takeoffRoll', 'phase:rotation', 'liftoff', 'phase:initialClimb']);
  });

  it('a seat-belt fault switches the sign off at the line-up', () => {
    const ctx = simContextFor();
    ctx.s.phase = 'taxiOut';
    ctx.s.isSeatBeltSignOn = true;
    ctx.s.isSeatBeltFaultActive = true;
    runFor(ctx, taxiOut, 3_600);
    expect(ctx.s.isSeatBeltSignOn).toBe(false);
  });
});
