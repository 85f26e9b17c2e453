import { A320, B77W, C172, simAircraft } from '@contrail/test-support/reference-aircraft';
import { EGLL, KJFK, LFPG, LFPO, simAirport } from '@contrail/test-support/reference-airports';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
import type { TSimAirport, TSimulatedFlightPlan } from '../src/simulated-flight-plan';

export const a320 = simAircraft(A320);
export const b77w = simAircraft(B77W);
export const c172 = simAircraft(C172);

export const egll = simAirport(EGLL, '27R');
export const egll09L = simAirport(EGLL, '09L');
export const lfpg = simAirport(LFPG, '27R');
// A heading only: the diversion lands on a runway centred on the reference point.
export const lfpo: TSimAirport = { ...simAirport(LFPO), runwayHeadingDeg: 243 };
export const kjfk = simAirport(KJFK, '31L');
// Madrid-Barajas by its reference point alone: two hours from EGLL (no runway, so a straight-in).
export const lemd: TSimAirport = { ident: 'LEMD', latitudeDeg: 40.4719, longitudeDeg: -3.5626, elevationFt: 1_998 };

export const START_TIME_MS = Date.UTC(2025, 5, 1, 8, 0, 0);

export const shortHop = (overrides: Partial<TSimulatedFlightPlan> = {}): TSimulatedFlightPlan => ({
  departure: egll,
  arrival: lfpg,
  aircraft: a320,
  cruiseLevelFt: REFERENCE_FLIGHT.cruiseLevelFt,
  startTimeMs: START_TIME_MS,
  diversion: lfpo,
  ...overrides,
});

export const longHaul = (overrides: Partial<TSimulatedFlightPlan> = {}): TSimulatedFlightPlan => ({
  departure: kjfk,
  arrival: egll09L,
  aircraft: b77w,
  cruiseLevelFt: 35_000,
  startTimeMs: START_TIME_MS,
  ...overrides,
});
