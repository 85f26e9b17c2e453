import { describe, expect, it } from 'vitest';
import { SPEED_LIMIT_ALTITUDE_FT } from '../../src/aircraft-performance';
import { approach, enroute, initialClimb } from '../../src/sim-air-phases';
import { distanceToThresholdNm, groundElevationFt, pathAltitudeFt } from '../../src/sim-navigation';
import { climbTargetIasKts, descentIasKts, startGoAround } from '../../src/sim-pilot';
import { planApproachWaypoints } from '../../src/runway-geometry';
import type { SimContext } from '../../src/sim-context';
import { lemd, shortHop } from '../fixtures';
import { kinds, runFor, simContextFor } from './support';

/** Just airborne off the departure runway with its route planned. */
const airborne = (ctx: SimContext) => {
  const s = ctx.s;
  s.phase = 'initialClimb';
  s.isOnGround = false;
  s.engines = [true, true];
  s.headingDeg = ctx.origin.runway.headingDeg;
  s.position = { ...ctx.origin.runway.threshold };
  s.iasKts = ctx.aircraft.rotationSpeedKts;
  s.verticalSpeedFpm = 300;
  s.route = planApproachWaypoints(s.position, s.destination.runway);
  return ctx;
};

describe('simulator air phases', () => {
  it('climbs out to 1,500 ft above the runway with the gear coming up', () => {
    const ctx = airborne(simContextFor());
    runFor(ctx, initialClimb, 600);
    expect(ctx.s.phase).toBe('climb');
    expect(ctx.s.altitudeFt - ctx.origin.runway.elevationFt).toBeGreaterThanOrEqual(1_500);
    expect(ctx.s.gearRatio).toBeLessThan(1);
  });

  it('climbs to the cruise level, cruises, descends on the path and begins the approach 20 NM out', () => {
    const ctx = airborne(simContextFor(shortHop({ arrival: lemd })));
    ctx.s.phase = 'climb';
    const seen = new Set<string>();
    const phase = (): string => ctx.s.phase;
    for (let i = 0; i < 20_000 && phase() !== 'approach'; i += 1) {
      runFor(ctx, enroute, 1, 1);
      seen.add(ctx.s.phase);
    }
    expect([...seen]).toEqual(['climb', 'cruise', 'descent', 'approach']);
    expect(distanceToThresholdNm(ctx.s)).toBeLessThanOrEqual(20.5);
    expect(ctx.s.isSeatBeltSignOn).toBe(true);
    expect(ctx.s.altitudeFt).toBeLessThan(pathAltitudeFt(ctx.s, distanceToThresholdNm(ctx.s)) + 500);
  });

  it('holds 250 KIAS below 10,000 ft unless the overspeed fault says otherwise', () => {
    const ctx = simContextFor();
    ctx.s.altitudeFt = 5_000;
    expect(climbTargetIasKts(ctx)).toBe(ctx.performance.lowAltitudeIasKts);
    expect(ctx.performance.lowAltitudeIasKts).toBeLessThanOrEqual(250);
    ctx.s.overspeedIasKts = 300;
    expect(climbTargetIasKts(ctx)).toBe(300);
    expect(descentIasKts(ctx)).toBe(300);
    ctx.s.altitudeFt = SPEED_LIMIT_ALTITUDE_FT + 5_000;
    expect(climbTargetIasKts(ctx)).toBeGreaterThan(250);
  });

  it('flies a go-around up to 3,000 ft above the runway, then a new approach', () => {
    const ctx = airborne(simContextFor());
    const s = ctx.s;
    s.phase = 'approach';
    s.altitudeFt = s.destination.runway.elevationFt + 200;
    s.position = { ...s.destination.runway.threshold };
    s.iasKts = ctx.aircraft.approachSpeedKts;
    startGoAround(ctx, 'injected');
    expect(s.phase).toBe('goAround');
    expect(s.levelCapFt).toBe(s.destination.runway.elevationFt + 3_000);
    const phase = (): string => s.phase;
    for (let i = 0; i < 2_000 && phase() === 'goAround'; i += 1) runFor(ctx, approach, 0.5);
    expect(s.phase).toBe('approach');
    expect(Math.abs(s.altitudeFt - s.levelCapFt)).toBeLessThan(100);
    expect(kinds(ctx)).toEqual(['goAround', 'phase:goAround', 'phase:approach']);
  });

  it('reads the ground elevation of the airport the aircraft is at or near', () => {
    const ctx = simContextFor();
    expect(groundElevationFt(ctx)).toBe(ctx.origin.runway.elevationFt);
    ctx.s.isOnGround = false;
    ctx.s.position = { ...ctx.s.destination.runway.threshold };
    expect(groundElevationFt(ctx)).toBe(ctx.s.destination.runway.elevationFt);
  });
});
