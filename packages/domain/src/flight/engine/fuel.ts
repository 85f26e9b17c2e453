import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { FUEL_BURN_MEASURE_MIN_MS, FUEL_INCREASE_TOLERANCE_KG, FUEL_INCREASE_TOLERANCE_RATIO, FUEL_RESERVE_MINUTES } from '../flight-constants';
import type { FlightEngineState, FrameDigest } from '../flight-engine-types';
import { emit, type EngineContext } from './engine-context';

/** Fuel burnt since off-block, kg, rounded (what the fuel reports carry). */
export const consumedKg = (s: FlightEngineState): number => Math.round(s.fuelConsumedKg);

/** The fuel on board becomes the fuel loaded (before off-block, refuelling is loading). */
export const loadFuel = (s: FlightEngineState, fuelKg: number): void => {
  s.fuelLoadedKg = fuelKg;
  s.fuelLowWaterKg = fuelKg;
};

/**
 * Any rise of fuel in the air beyond gauge noise is a refuel: keep the largest rise above the
 * lowest level of the airborne stretch (so a slow trickle adds up too). The review rule judges it.
 */
export const trackAirborneFuel = (s: FlightEngineState, fuelKg: number, prevFuelKg: number, isAirborneInterval: boolean): void => {
  if (!isAirborneInterval) {
    s.airborneFuelLowKg = null;
    return;
  }
  const lowKg = Math.min(s.airborneFuelLowKg ?? prevFuelKg, prevFuelKg);
  s.airborneFuelLowKg = Math.min(lowKg, fuelKg);
  const riseKg = fuelKg - lowKg;
  if (riseKg > (s.airborneFuelIncreaseKg ?? 0)) s.airborneFuelIncreaseKg = riseKg;
};

/**
 * The fuel of the interval from `prev` to `frame`. Before off-block, the fuel loaded follows
 * refuelling; after it, decreases are burn and any rise beyond the tolerance is an illegal increase
 * (measured from the lowest level since the last one, so a slow refuel is caught too).
 */
export const accountFuel = (ctx: EngineContext, frame: TTelemetryFrame, prev: FrameDigest): void => {
  const s = ctx.s;
  const wasAirborne = !prev.isOnGround;
  trackAirborneFuel(s, frame.fuelKg, prev.fuelKg, wasAirborne && !frame.isOnGround);
  const fuel = frame.fuelKg;
  if (s.blockOffTimeMs === null) {
    loadFuel(s, fuel);
    return;
  }
  const delta = fuel - prev.fuelKg;
  if (delta < 0) {
    s.fuelConsumedKg -= delta;
    if (wasAirborne) s.airborneBurnKg -= delta;
  }
  if (fuel < s.fuelLowWaterKg) s.fuelLowWaterKg = fuel;
  const tolerance = Math.max(FUEL_INCREASE_TOLERANCE_KG, s.plan.aircraft.fuelCapacityKg * FUEL_INCREASE_TOLERANCE_RATIO);
  if (fuel > s.fuelLowWaterKg + tolerance) {
    emit(ctx, 'ILLEGAL_FUEL_INCREASE', { fromKg: Math.round(s.fuelLowWaterKg), toKg: Math.round(fuel), isOnGround: frame.isOnGround }, frame.timeMs);
    s.fuelLowWaterKg = fuel;
  }
};

/** The fuel reserve (45 minutes of the average burn, the plan's until it can be measured), raised once in the air. */
export const checkFuelReserve = (ctx: EngineContext, frame: TTelemetryFrame): void => {
  const s = ctx.s;
  if (frame.isOnGround || s.isFuelReserveRaised) return;
  const averageBurnKgPerHour = s.airborneSimMs >= FUEL_BURN_MEASURE_MIN_MS ? s.airborneBurnKg / (s.airborneSimMs / 3_600_000) : s.plan.aircraft.fuelBurnKgPerHour;
  const reserveKg = (averageBurnKgPerHour * FUEL_RESERVE_MINUTES) / 60;
  if (frame.fuelKg < reserveKg) {
    s.isFuelReserveRaised = true;
    emit(
      ctx,
      'FUEL_BELOW_RESERVE',
      { fuelKg: Math.round(frame.fuelKg), reserveKg: Math.round(reserveKg), averageBurnKgPerHour: Math.round(averageBurnKgPerHour) },
      frame.timeMs,
    );
  }
};
