import { describe, expect, it } from 'vitest';
import { accountFuel, checkFuelReserve, consumedKg, trackAirborneFuel } from '../../../src/flight/engine/fuel';
import type { EngineContext } from '../../../src/flight/engine/engine-context';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';
import { airFrameAt, contextFor, frameAt, keysOf, newCall, setLast } from './support';

const account = (ctx: EngineContext, frame: TTelemetryFrame) => {
  newCall(ctx);
  accountFuel(ctx, frame, ctx.s.last!);
  setLast(ctx, frame);
  return keysOf(ctx);
};

describe('fuel', () => {
  it('follows refuelling before off-block, then counts burn and never lowers it on a rise', () => {
    const ctx = contextFor();
    setLast(ctx, frameAt(0, { fuelKg: 5_000 }));
    account(ctx, frameAt(1, { fuelKg: 8_000 }));
    expect(ctx.s.fuelLoadedKg).toBe(8_000);
    expect(ctx.s.fuelConsumedKg).toBe(0);
    ctx.s.blockOffTimeMs = frameAt(1).timeMs;
    account(ctx, frameAt(2, { fuelKg: 7_900.4 }));
    account(ctx, airFrameAt(3, 5_000, { fuelKg: 7_800 }));
    expect(ctx.s.fuelConsumedKg).toBeCloseTo(200, 6);
    expect(consumedKg(ctx.s)).toBe(200);
    // Airborne burn counts from an airborne frame to the next.
    account(ctx, airFrameAt(4, 5_000, { fuelKg: 7_700 }));
    expect(ctx.s.airborneBurnKg).toBeCloseTo(100, 6);
    expect(account(ctx, airFrameAt(5, 5_000, { fuelKg: 7_710 }))).toEqual([]);
    expect(ctx.s.fuelConsumedKg).toBeCloseTo(300, 6);
  });

  it('reports a rise beyond the tolerance above the lowest level as an illegal increase, once per rise', () => {
    const ctx = contextFor();
    setLast(ctx, frameAt(0, { fuelKg: 8_000 }));
    ctx.s.blockOffTimeMs = frameAt(0).timeMs;
    ctx.s.fuelLowWaterKg = 8_000;
    account(ctx, frameAt(1, { fuelKg: 7_000 }));
    // A slow trickle adds up (the tolerance: 0.5 % of the capacity, at least 20 kg).
    const tolerance = Math.max(20, ctx.s.plan.aircraft.fuelCapacityKg * 0.005);
    expect(account(ctx, frameAt(2, { fuelKg: 7_000 + tolerance / 2 }))).toEqual([]);
    expect(account(ctx, frameAt(3, { fuelKg: 7_000 + tolerance + 1 }))).toEqual(['ILLEGAL_FUEL_INCREASE']);
    expect(account(ctx, frameAt(4, { fuelKg: 7_000 + tolerance + 2 }))).toEqual([]);
  });

  it('keeps the largest rise of the airborne stretch above its lowest level', () => {
    const s = contextFor().s;
    trackAirborneFuel(s, 900, 1_000, true);
    trackAirborneFuel(s, 950, 900, true);
    trackAirborneFuel(s, 800, 950, true);
    trackAirborneFuel(s, 880, 800, true);
    expect(s.airborneFuelIncreaseKg).toBe(80);
    expect(s.airborneFuelLowKg).toBe(800);
    trackAirborneFuel(s, 2_000, 880, false);
    expect(s.airborneFuelLowKg).toBeNull();
    expect(s.airborneFuelIncreaseKg).toBe(80);
  });

  it('raises the fuel reserve once, from the plan burn until the burn can be measured', () => {
    const ctx = newCall(contextFor());
    const reserveKg = (ctx.s.plan.aircraft.fuelBurnKgPerHour * 45) / 60;
    checkFuelReserve(ctx, airFrameAt(0, 5_000, { fuelKg: reserveKg + 1 }));
    expect(keysOf(ctx)).toEqual([]);
    checkFuelReserve(ctx, frameAt(1, { fuelKg: 1 }));
    expect(keysOf(ctx)).toEqual([]);
    checkFuelReserve(ctx, airFrameAt(2, 5_000, { fuelKg: reserveKg - 1 }));
    checkFuelReserve(ctx, airFrameAt(3, 5_000, { fuelKg: reserveKg - 2 }));
    expect(keysOf(ctx)).toEqual(['FUEL_BELOW_RESERVE']);
    // Measured burn: 1,200 kg in one simulated hour gives a 900 kg reserve.
    const measured = newCall(contextFor());
    measured.s.airborneSimMs = 3_600_000;
    measured.s.airborneBurnKg = 1_200;
    checkFuelReserve(measured, airFrameAt(0, 5_000, { fuelKg: 901 }));
    checkFuelReserve(measured, airFrameAt(1, 5_000, { fuelKg: 899 }));
    expect(measured.out.events.map((e) => e.data)).toEqual([{ fuelKg: 899, reserveKg: 900, averageBurnKgPerHour: 1_200 }]);
  });
});
