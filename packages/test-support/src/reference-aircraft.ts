import type { TFlightAircraft } from '@contrail/domain/flight/flight-plan-input';
import type { TSimAircraft } from '@contrail/sim/simulated-flight-plan';

/**
 * Airliner-like figures (not the catalogue's: the simulator and the engine must take whatever they
 * are given). The two fuel capacities are the figures each tier's tests were recorded with.
 */
export type TReferenceAircraft = Omit<TSimAircraft, 'fuelCapacityKg'> &
  Pick<TFlightAircraft, 'category'> & { simFuelCapacityKg: number; flightFuelCapacityKg: number };

export const A320: TReferenceAircraft = {
  icao: 'A320',
  name: 'Airbus A320-200',
  category: 'MEDIUM_HAUL',
  cruiseSpeedKts: 450,
  cruiseAltitudeFt: 37_000,
  fuelBurnKgPerHour: 2_500,
  simFuelCapacityKg: 18_700,
  flightFuelCapacityKg: 19_000,
  approachSpeedKts: 135,
  rotationSpeedKts: 145,
  engineCount: 2,
};

export const B77W: TReferenceAircraft = {
  icao: 'B77W',
  name: 'Boeing 777-300ER',
  category: 'LARGE_HAUL',
  cruiseSpeedKts: 490,
  cruiseAltitudeFt: 35_000,
  fuelBurnKgPerHour: 7_500,
  simFuelCapacityKg: 145_000,
  flightFuelCapacityKg: 145_000,
  approachSpeedKts: 150,
  rotationSpeedKts: 165,
  engineCount: 2,
};

export const C172: TReferenceAircraft = {
  icao: 'C172',
  name: 'Cessna 172 Skyhawk',
  category: 'SMALL_HAUL',
  cruiseSpeedKts: 115,
  cruiseAltitudeFt: 8_000,
  fuelBurnKgPerHour: 30,
  simFuelCapacityKg: 150,
  flightFuelCapacityKg: 150,
  approachSpeedKts: 65,
  rotationSpeedKts: 55,
  engineCount: 1,
};

/** The aircraft as the simulator flies it. */
export const simAircraft = ({ simFuelCapacityKg, flightFuelCapacityKg: _, category: __, ...figures }: TReferenceAircraft): TSimAircraft => ({
  ...figures,
  fuelCapacityKg: simFuelCapacityKg,
});

/** The aircraft as the flight engine takes it. */
export const flightAircraft = ({ icao, category, cruiseSpeedKts, fuelBurnKgPerHour, flightFuelCapacityKg, engineCount }: TReferenceAircraft): TFlightAircraft => ({
  icao,
  category,
  cruiseSpeedKts,
  fuelBurnKgPerHour,
  fuelCapacityKg: flightFuelCapacityKg,
  engineCount,
});
