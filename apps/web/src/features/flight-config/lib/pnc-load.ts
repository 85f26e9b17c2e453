import { PLANNER_CONSTANTS } from '@contrail/domain/flight-plan/generate-flight-plan';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';
import type { SeatCounts } from '@contrail/domain/reference/aircraft-configuration';

/** Mass of one passenger with hand and checked baggage, kg (EASA standard masses of the planner). */
export const PASSENGER_WITH_BAGS_KG = PLANNER_CONSTANTS.paxMassKg + PLANNER_CONSTANTS.bagMassKg;

export type PncLoad = { pax: TPaxByClass; cargoKg: number };
export type PncLoadField = 'first' | 'business' | 'economy' | 'cargoKg';
export type PncLoadProblem = { field: PncLoadField; key: string; values: Record<string, number> };

/** Payload of a load, kg. */
export const payloadKg = (load: PncLoad): number =>
  (load.pax.first + load.pax.business + load.pax.economy) * PASSENGER_WITH_BAGS_KG + load.cargoKg;

/**
 * The "Seat configuration" rules for a PNC flight: each class carries at most the seats the
 * configuration has (a selected passenger count must not exceed the available passengers), the
 * cabin at most the aircraft's capacity, someone must be on board, and the flight must not be
 * overloaded (passengers with bags plus cargo within the type's maximum payload). Messages are
 * keys of `flightConfig:pnc.errors`.
 */
export const checkPncLoad = (load: PncLoad, seats: SeatCounts, aircraft: { maxPaxCapacity: number; maxCargoKg: number }): PncLoadProblem[] => {
  const problems: PncLoadProblem[] = [];
  const classes = [
    ['first', load.pax.first, seats.first],
    ['business', load.pax.business, seats.business],
    ['economy', load.pax.economy, seats.eco],
  ] as const;
  for (const [field, count, available] of classes) {
    if (!Number.isInteger(count) || count < 0) problems.push({ field, key: 'wholeNumber', values: {} });
    else if (count > available) problems.push({ field, key: 'overSeats', values: { count, available } });
  }
  const total = load.pax.first + load.pax.business + load.pax.economy;
  if (problems.length === 0 && total === 0) problems.push({ field: 'economy', key: 'noPassengers', values: {} });
  if (problems.length === 0 && total > aircraft.maxPaxCapacity) {
    problems.push({ field: 'economy', key: 'overCapacity', values: { count: total, available: aircraft.maxPaxCapacity } });
  }
  if (!Number.isFinite(load.cargoKg) || load.cargoKg < 0) {
    problems.push({ field: 'cargoKg', key: 'cargoInvalid', values: {} });
  } else if (payloadKg(load) > aircraft.maxCargoKg) {
    problems.push({ field: 'cargoKg', key: 'overloaded', values: { payload: Math.round(payloadKg(load)), max: aircraft.maxCargoKg } });
  }
  return problems;
};
