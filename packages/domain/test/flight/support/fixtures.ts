import type { TFlightAircraft, TFlightAirport } from '../../../src/flight/flight-plan-input';

/** Real airports (reference points and runways from OurAirports). */
export const EGLL: TFlightAirport = {
  ident: 'EGLL',
  position: { latitudeDeg: 51.4706, longitudeDeg: -0.461941, elevationFt: 83 },
  runways: [
    {
      lengthFt: 12799,
      widthFt: 164,
      ends: [
        { ident: '09L', latitudeDeg: 51.47749, longitudeDeg: -0.489439, headingDegTrue: 90, displacedThresholdFt: 1007 },
        { ident: '27R', latitudeDeg: 51.477681, longitudeDeg: -0.433227, headingDegTrue: 270, displacedThresholdFt: 0 },
      ],
    },
    {
      lengthFt: 12001,
      widthFt: 164,
      ends: [
        { ident: '09R', latitudeDeg: 51.46478, longitudeDeg: -0.486808, headingDegTrue: 90, displacedThresholdFt: 1013 },
        { ident: '27L', latitudeDeg: 51.464957, longitudeDeg: -0.434048, headingDegTrue: 270, displacedThresholdFt: 0 },
      ],
    },
  ],
};

export const LFPG: TFlightAirport = {
  ident: 'LFPG',
  position: { latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392 },
  runways: [
    {
      lengthFt: 13829,
      widthFt: 148,
      ends: [
        { ident: '08L', latitudeDeg: 48.99570083618164, longitudeDeg: 2.5527400970458984, headingDegTrue: 85, displacedThresholdFt: 0 },
        { ident: '26R', latitudeDeg: 48.99879837036133, longitudeDeg: 2.610179901123047, headingDegTrue: 265, displacedThresholdFt: 1969 },
      ],
    },
    {
      lengthFt: 13780,
      widthFt: 148,
      ends: [
        { ident: '09R', latitudeDeg: 49.020599365234375, longitudeDeg: 2.5130600929260254, headingDegTrue: 86, displacedThresholdFt: 0 },
        { ident: '27L', latitudeDeg: 49.02370071411133, longitudeDeg: 2.5702900886535645, headingDegTrue: 266, displacedThresholdFt: 1969 },
      ],
    },
  ],
};

export const EGKK: TFlightAirport = {
  ident: 'EGKK',
  position: { latitudeDeg: 51.148102, longitudeDeg: -0.190278, elevationFt: 202 },
  runways: [
    {
      lengthFt: 10883,
      widthFt: 148,
      ends: [
        { ident: '08R', latitudeDeg: 51.145103, longitudeDeg: -0.212345, headingDegTrue: 78, displacedThresholdFt: 1288 },
        { ident: '26L', latitudeDeg: 51.151493, longitudeDeg: -0.165992, headingDegTrue: 258, displacedThresholdFt: 1400 },
      ],
    },
  ],
};

export const KJFK: TFlightAirport = {
  ident: 'KJFK',
  position: { latitudeDeg: 40.639801, longitudeDeg: -73.7789, elevationFt: 13 },
  runways: [
    {
      lengthFt: 14511,
      widthFt: 200,
      ends: [
        { ident: '13R', latitudeDeg: 40.648399, longitudeDeg: -73.816704, headingDegTrue: 121, displacedThresholdFt: 2043 },
        { ident: '31L', latitudeDeg: 40.627899, longitudeDeg: -73.771599, headingDegTrue: 301, displacedThresholdFt: 3263 },
      ],
    },
  ],
};

export const A320: TFlightAircraft = {
  icao: 'A320',
  category: 'MEDIUM_HAUL',
  cruiseSpeedKts: 450,
  fuelBurnKgPerHour: 2500,
  fuelCapacityKg: 19_000,
  engineCount: 2,
};

export const B77W: TFlightAircraft = {
  icao: 'B77W',
  category: 'LARGE_HAUL',
  cruiseSpeedKts: 490,
  fuelBurnKgPerHour: 7500,
  fuelCapacityKg: 145_000,
  engineCount: 2,
};
