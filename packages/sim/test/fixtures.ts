import type { TSimAircraft, TSimAirport, TSimulatedFlightPlan } from '../src/simulated-flight-plan';

/** A320-like figures (not the catalogue's: the simulator must fly whatever it is given). */
export const a320: TSimAircraft = {
  icao: 'A320',
  name: 'Airbus A320-200',
  cruiseSpeedKts: 450,
  cruiseAltitudeFt: 37_000,
  fuelBurnKgPerHour: 2_500,
  fuelCapacityKg: 18_700,
  approachSpeedKts: 135,
  rotationSpeedKts: 145,
  engineCount: 2,
};

export const b77w: TSimAircraft = {
  icao: 'B77W',
  name: 'Boeing 777-300ER',
  cruiseSpeedKts: 490,
  cruiseAltitudeFt: 35_000,
  fuelBurnKgPerHour: 7_500,
  fuelCapacityKg: 145_000,
  approachSpeedKts: 150,
  rotationSpeedKts: 165,
  engineCount: 2,
};

export const c172: TSimAircraft = {
  icao: 'C172',
  name: 'Cessna 172 Skyhawk',
  cruiseSpeedKts: 115,
  cruiseAltitudeFt: 8_000,
  fuelBurnKgPerHour: 30,
  fuelCapacityKg: 150,
  approachSpeedKts: 65,
  rotationSpeedKts: 55,
  engineCount: 1,
};

// Real coordinates (OurAirports): reference points and runway-end thresholds.
export const egll: TSimAirport = {
  ident: 'EGLL',
  latitudeDeg: 51.4706,
  longitudeDeg: -0.461941,
  elevationFt: 83,
  runway: { ident: '27R', thresholdLatitudeDeg: 51.477681, thresholdLongitudeDeg: -0.433227, headingDegTrue: 270, lengthFt: 12_799, elevationFt: 78 },
};

export const egll09L: TSimAirport = {
  ...egll,
  runway: { ident: '09L', thresholdLatitudeDeg: 51.47749, thresholdLongitudeDeg: -0.489439, headingDegTrue: 90, lengthFt: 12_799, elevationFt: 79 },
};

export const lfpg: TSimAirport = {
  ident: 'LFPG',
  latitudeDeg: 49.012798,
  longitudeDeg: 2.55,
  elevationFt: 392,
  runway: { ident: '27R', thresholdLatitudeDeg: 49.026699, thresholdLongitudeDeg: 2.56169, headingDegTrue: 265.3, lengthFt: 8_858, elevationFt: 392 },
};

export const lfpo: TSimAirport = { ident: 'LFPO', latitudeDeg: 48.7233, longitudeDeg: 2.3794, elevationFt: 291, runwayHeadingDeg: 243 };

export const kjfk: TSimAirport = {
  ident: 'KJFK',
  latitudeDeg: 40.639801,
  longitudeDeg: -73.7789,
  elevationFt: 13,
  runway: { ident: '31L', thresholdLatitudeDeg: 40.627899, thresholdLongitudeDeg: -73.771599, headingDegTrue: 301, lengthFt: 14_511, elevationFt: 13 },
};

export const START_TIME_MS = Date.UTC(2025, 5, 1, 8, 0, 0);

export const shortHop = (overrides: Partial<TSimulatedFlightPlan> = {}): TSimulatedFlightPlan => ({
  departure: egll,
  arrival: lfpg,
  aircraft: a320,
  cruiseLevelFt: 24_000,
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
