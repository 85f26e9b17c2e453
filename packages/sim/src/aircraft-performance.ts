import { distanceNm } from '@contrail/domain/geo/great-circle';
import { indicatedAirspeedFromTrueKts } from './atmosphere';
import type { TSimAircraft } from './simulated-flight-plan';
import type { TSimPhase } from './sim-phase';

/** Speed limit below 10,000 ft, knots IAS. */
export const SPEED_LIMIT_BELOW_10K_KTS = 250;
export const SPEED_LIMIT_ALTITUDE_FT = 10_000;

/**
 * The speeds and rates the simulated pilot flies, derived from the catalogue figures by rules of
 * thumb (a jet's 290 KIAS climb is its cruise IAS plus 40 kt; its 3,000 fpm initial climb is 6.5 fpm
 * per knot of cruise speed). Knots IAS, feet per minute.
 */
export type TPerformance = {
  /** Climb and descent IAS below 10,000 ft, never above 250 KIAS. */
  lowAltitudeIasKts: number;
  /** Climb and descent IAS above 10,000 ft (before the cruise true airspeed caps it). */
  highAltitudeIasKts: number;
  /** Rate of climb near sea level; it falls with altitude. */
  initialClimbFpm: number;
  /** Steepest descent the pilot uses to catch the path. */
  maxDescentFpm: number;
  /** Climb ceiling used to thin the rate of climb. */
  ceilingFt: number;
  /** Take-off acceleration, knots per second. */
  takeoffAccelerationKtsPerS: number;
  /** Flap setting for take-off (handle ratio). */
  takeoffFlapsRatio: number;
};

export const getPerformance = (aircraft: TSimAircraft, cruiseLevelFt: number): TPerformance => {
  // The type's own cruise IAS (at its typical cruise altitude), whatever level this flight chose.
  const cruiseIasKts = indicatedAirspeedFromTrueKts(aircraft.cruiseSpeedKts, aircraft.cruiseAltitudeFt);
  const lowAltitudeIasKts = Math.min(
    SPEED_LIMIT_BELOW_10K_KTS - 5,
    Math.max(aircraft.approachSpeedKts * 1.2, 0.75 * aircraft.cruiseSpeedKts),
  );
  return {
    lowAltitudeIasKts,
    highAltitudeIasKts: Math.max(lowAltitudeIasKts, cruiseIasKts + 40),
    initialClimbFpm: clamp(aircraft.cruiseSpeedKts * 6.5, 700, 3_000),
    maxDescentFpm: clamp(aircraft.cruiseSpeedKts * 8, 800, 4_000),
    ceilingFt: Math.max(aircraft.cruiseAltitudeFt, cruiseLevelFt) * 1.25,
    takeoffAccelerationKtsPerS: clamp(aircraft.rotationSpeedKts / 38, 1.5, 4),
    takeoffFlapsRatio: 0.25,
  };
};

/** Rate of climb at an altitude, feet per minute: it falls linearly to 30 % at the ceiling. */
export const climbRateFpm = (performance: TPerformance, altitudeFt: number): number =>
  Math.max(500, performance.initialClimbFpm * (1 - 0.7 * Math.min(1, Math.max(0, altitudeFt) / performance.ceilingFt)));

/**
 * Fuel flow by phase as a multiple of the catalogue's cruise burn (engines running). Take-off power
 * burns about 2.2 times the cruise flow, climb 1.5, idle descent 0.3, ground idle 0.1.
 */
export const FUEL_FLOW_FACTOR: Record<TSimPhase, number> = {
  parked: 0,
  boarding: 0,
  engineStart: 0.1,
  pushback: 0.1,
  taxiOut: 0.12,
  lineUp: 0.12,
  takeoffRoll: 2.2,
  rotation: 2.2,
  initialClimb: 2,
  climb: 1.5,
  cruise: 1,
  descent: 0.3,
  approach: 0.5,
  goAround: 2,
  flare: 0.3,
  rollout: 0.4,
  taxiIn: 0.1,
  shutdown: 0.1,
  deboarding: 0,
  finished: 0,
};

/** Contingency fuel, as a share of trip fuel. */
const CONTINGENCY_RATIO = 0.05;
const RESERVE_MINUTES = 45;
const TAXI_MINUTES = 30;

/**
 * Default block fuel: trip (great-circle time at cruise speed plus 20 minutes for climb, descent and
 * approach, 10 % heavier climbs included) + 5 % contingency + 45 min reserve + taxi, capped by the
 * tanks. Kilograms.
 */
export const estimateBlockFuelKg = (
  aircraft: TSimAircraft,
  from: { latitudeDeg: number; longitudeDeg: number },
  to: { latitudeDeg: number; longitudeDeg: number },
): number => {
  const burnKgPerMinute = aircraft.fuelBurnKgPerHour / 60;
  const tripMinutes = (distanceNm(from, to) / aircraft.cruiseSpeedKts) * 60 + 20;
  const tripKg = tripMinutes * burnKgPerMinute * 1.1;
  const blockKg =
    tripKg * (1 + CONTINGENCY_RATIO) + RESERVE_MINUTES * burnKgPerMinute + TAXI_MINUTES * burnKgPerMinute * FUEL_FLOW_FACTOR.taxiOut;
  return Math.round(Math.min(aircraft.fuelCapacityKg, blockKg));
};

/**
 * Vertical load at touchdown for a sink rate, by a rule of thumb fitted to airline figures:
 * -150 fpm gives about 1.15 g, -400 fpm 1.5 g, -700 fpm 2.0 g.
 */
export const touchdownGForce = (verticalSpeedFpm: number): number => 1 + (Math.abs(verticalSpeedFpm) / 700) ** 1.15;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
