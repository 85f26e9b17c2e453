import { describe, expect, it } from 'vitest';
import { applyFault, changeCruiseLevel, fireDueFaults, scheduleFaults } from '../../src/sim-fault-schedule';
import { frameOf } from '../../src/sim-frame';
import { advance, advanceBy } from '../../src/sim-phases';
import { burnFuel } from '../../src/sim-pilot';
import { moveTowards, taxi } from '../../src/sim-motion';
import { ZTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { shortHop } from '../fixtures';
import { kinds, simContextFor } from './support';

describe('simulator fault schedule', () => {
  it('applies flag faults at once and fires the others when their phase is reached or skipped', () => {
    const ctx = simContextFor();
    scheduleFaults(ctx, [{ kind: 'noSafetyDemo' }, { kind: 'fuelJump', amountKg: 1_000 }, { kind: 'pause', at: { phase: 'climb', afterSeconds: 30 } }]);
    expect(ctx.s.isSafetyDemoSkipped).toBe(true);
    expect(ctx.scheduled).toHaveLength(2);
    const fuel = ctx.s.fuelKg;
    // A flight that skips its cruise has reached the cruise's faults once it descends.
    ctx.s.phase = 'descent';
    fireDueFaults(ctx);
    expect(ctx.s.fuelKg).toBe(fuel + 1_000);
    expect(ctx.scheduled).toHaveLength(0);
    expect(kinds(ctx)).toEqual(['faultApplied', 'faultApplied', 'faultApplied']);
  });

  it('waits for the seconds in the trigger phase', () => {
    const ctx = simContextFor();
    scheduleFaults(ctx, [{ kind: 'simRateChange', rate: 8, at: { phase: 'parked', afterSeconds: 10 } }]);
    ctx.s.phaseSeconds.parked = 9.5;
    fireDueFaults(ctx);
    expect(ctx.s.rateOverride).toBeNull();
    ctx.s.phaseSeconds.parked = 10;
    fireDueFaults(ctx);
    expect(ctx.s.rateOverride).toEqual({ rate: 8, untilS: 600 });
  });

  it('refuses a diversion with no airport to divert to', () => {
    expect(() => scheduleFaults(simContextFor(shortHop({ diversion: undefined })), [{ kind: 'diversion' }])).toThrow(/diversion airport/);
    expect(() => applyFault(simContextFor(shortHop({ diversion: undefined })), { kind: 'diversion' })).toThrow(/diversion airport/);
  });

  it('changes the cruise level before the approach only, within the ceiling', () => {
    const ctx = simContextFor();
    expect(changeCruiseLevel(ctx, 80_000)).toBe(ctx.performance.ceilingFt);
    expect(changeCruiseLevel(ctx, Number.NaN)).toBeNull();
    ctx.s.phase = 'approach';
    expect(changeCruiseLevel(ctx, 20_000)).toBeNull();
  });
});

describe('simulator integration step and frame', () => {
  it('moves nothing but the clocks while paused', () => {
    const ctx = simContextFor();
    applyFault(ctx, { kind: 'pause', durationSeconds: 60 });
    advanceBy(ctx, 30);
    expect(ctx.s.elapsedS).toBe(30);
    expect(ctx.s.phaseS).toBe(0);
    expect(frameOf(ctx).isPaused).toBe(true);
    advance(ctx, 40);
    expect(ctx.s.phaseS).toBe(40);
  });

  it('burns fuel only with an engine running, at half the flow with one of two', () => {
    const ctx = simContextFor();
    const fuel = ctx.s.fuelKg;
    burnFuel(ctx, 60);
    expect(ctx.s.fuelKg).toBe(fuel);
    ctx.s.engines = [true, false];
    burnFuel(ctx, 60);
    const half = fuel - ctx.s.fuelKg;
    ctx.s.engines = [true, true];
    burnFuel(ctx, 60);
    expect(fuel - half - ctx.s.fuelKg).toBeCloseTo(half * 2, 6);
  });

  it('gives a valid frame, with a touchdown latch shown instead of the current rate', () => {
    const ctx = simContextFor();
    ctx.s.touchdownLatch = { verticalSpeedFpm: -321, gForce: 1.4 };
    const frame = frameOf(ctx);
    expect(ZTelemetryFrame.safeParse(frame).success).toBe(true);
    expect(frame).toMatchObject({ verticalSpeedFpm: -321, gForce: 1.4, transponder: '2000', isOnGround: true });
    expect(() => advanceBy(ctx, -1)).toThrow(RangeError);
  });

  it('taxis onto its target and stops there', () => {
    const ctx = simContextFor();
    const target = ctx.origin.runway.threshold;
    let left = Infinity;
    for (let i = 0; i < 10_000 && left > 0; i += 1) left = taxi(ctx.s, 0.5, target, 15);
    expect(left).toBe(0);
    expect(ctx.s.position).toEqual(target);
    expect(moveTowards(10, 0, 3)).toBe(7);
    expect(moveTowards(-1, 0, 3)).toBe(0);
  });
});
