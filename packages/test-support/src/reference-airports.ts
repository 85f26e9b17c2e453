import type { TFlightAirport, TRunway, TRunwayEnd } from '@contrail/domain/flight/flight-plan-input';
import type { TSimAirport } from '@contrail/sim/simulated-flight-plan';

/** One end of a runway, as OurAirports' runways.csv gives it (threshold of the end, not displaced). */
export type TReferenceRunwayEnd = {
  ident: string;
  latitudeDeg: number;
  longitudeDeg: number;
  headingDegTrue: number;
  displacedThresholdFt: number;
  elevationFt: number;
};

export type TReferenceRunway = { lengthFt: number; widthFt: number; ends: [TReferenceRunwayEnd, TReferenceRunwayEnd] };

/** An airport as OurAirports gives it: reference point, elevation and the runways the tests use. */
export type TReferenceAirport = {
  ident: string;
  latitudeDeg: number;
  longitudeDeg: number;
  elevationFt: number;
  runways: TReferenceRunway[];
};

// Real airports (OurAirports, checked against the data the server ships by test/reference-airports.test.ts).
// Runway order is the order the engine's tests were written against.

export const EGLL: TReferenceAirport = {
  ident: 'EGLL',
  latitudeDeg: 51.4706,
  longitudeDeg: -0.461941,
  elevationFt: 83,
  runways: [
    {
      lengthFt: 12_799,
      widthFt: 164,
      ends: [
        { ident: '09L', latitudeDeg: 51.47749, longitudeDeg: -0.489439, headingDegTrue: 90, displacedThresholdFt: 1007, elevationFt: 79 },
        { ident: '27R', latitudeDeg: 51.477681, longitudeDeg: -0.433227, headingDegTrue: 270, displacedThresholdFt: 0, elevationFt: 78 },
      ],
    },
    {
      lengthFt: 12_001,
      widthFt: 164,
      ends: [
        { ident: '09R', latitudeDeg: 51.46478, longitudeDeg: -0.486808, headingDegTrue: 90, displacedThresholdFt: 1013, elevationFt: 75 },
        { ident: '27L', latitudeDeg: 51.464957, longitudeDeg: -0.434048, headingDegTrue: 270, displacedThresholdFt: 0, elevationFt: 77 },
      ],
    },
  ],
};

// The engine's LFPG thresholds keep the float32 digits they were first written with (equal to
// OurAirports' to 1e-6 degree, 0.1 m): golden engine outputs were recorded with them.
export const LFPG: TReferenceAirport = {
  ident: 'LFPG',
  latitudeDeg: 49.012798,
  longitudeDeg: 2.55,
  elevationFt: 392,
  runways: [
    {
      lengthFt: 13_829,
      widthFt: 148,
      ends: [
        { ident: '08L', latitudeDeg: 48.99570083618164, longitudeDeg: 2.5527400970458984, headingDegTrue: 85, displacedThresholdFt: 0, elevationFt: 338 },
        { ident: '26R', latitudeDeg: 48.99879837036133, longitudeDeg: 2.610179901123047, headingDegTrue: 265, displacedThresholdFt: 1969, elevationFt: 318 },
      ],
    },
    {
      lengthFt: 13_780,
      widthFt: 148,
      ends: [
        { ident: '09R', latitudeDeg: 49.020599365234375, longitudeDeg: 2.5130600929260254, headingDegTrue: 86, displacedThresholdFt: 0, elevationFt: 370 },
        { ident: '27L', latitudeDeg: 49.02370071411133, longitudeDeg: 2.5702900886535645, headingDegTrue: 266, displacedThresholdFt: 1969, elevationFt: 387 },
      ],
    },
    {
      lengthFt: 8_858,
      widthFt: 197,
      ends: [
        { ident: '09L', latitudeDeg: 49.0247, longitudeDeg: 2.52489, headingDegTrue: 85.3, displacedThresholdFt: 0, elevationFt: 378 },
        { ident: '27R', latitudeDeg: 49.026699, longitudeDeg: 2.56169, headingDegTrue: 265.3, displacedThresholdFt: 0, elevationFt: 392 },
      ],
    },
  ],
};

export const EGKK: TReferenceAirport = {
  ident: 'EGKK',
  latitudeDeg: 51.148102,
  longitudeDeg: -0.190278,
  elevationFt: 202,
  runways: [
    {
      lengthFt: 10_883,
      widthFt: 148,
      ends: [
        { ident: '08R', latitudeDeg: 51.145103, longitudeDeg: -0.212345, headingDegTrue: 78, displacedThresholdFt: 1288, elevationFt: 196 },
        { ident: '26L', latitudeDeg: 51.151493, longitudeDeg: -0.165992, headingDegTrue: 258, displacedThresholdFt: 1400, elevationFt: 196 },
      ],
    },
  ],
};

// The reference point of an earlier OurAirports revision (about 40 m from today's): flight tests were recorded with it.
export const KJFK: TReferenceAirport = {
  ident: 'KJFK',
  latitudeDeg: 40.639801,
  longitudeDeg: -73.7789,
  elevationFt: 13,
  runways: [
    {
      lengthFt: 14_511,
      widthFt: 200,
      ends: [
        { ident: '13R', latitudeDeg: 40.648399, longitudeDeg: -73.816704, headingDegTrue: 121, displacedThresholdFt: 2043, elevationFt: 13 },
        { ident: '31L', latitudeDeg: 40.627899, longitudeDeg: -73.771599, headingDegTrue: 301, displacedThresholdFt: 3263, elevationFt: 13 },
      ],
    },
  ],
};

/** Reference point rounded to 4 decimals (about 10 m); no runway: the simulator's diversion tests give it a heading only. */
export const LFPO: TReferenceAirport = { ident: 'LFPO', latitudeDeg: 48.7233, longitudeDeg: 2.3794, elevationFt: 291, runways: [] };

export const REFERENCE_AIRPORTS: readonly TReferenceAirport[] = [EGLL, LFPG, EGKK, KJFK, LFPO];

const endOf = (airport: TReferenceAirport, endIdent: string) => {
  for (const runway of airport.runways) {
    const end = runway.ends.find((candidate) => candidate.ident === endIdent);
    if (end) return { runway, end };
  }
  throw new Error(`${airport.ident} has no runway end ${endIdent} in the reference data`);
};

/** The airport as the simulator flies it: from (onto) `runwayEndIdent`'s threshold, or with no runway when absent. */
export const simAirport = (airport: TReferenceAirport, runwayEndIdent?: string): TSimAirport => {
  const { ident, latitudeDeg, longitudeDeg, elevationFt } = airport;
  if (runwayEndIdent === undefined) return { ident, latitudeDeg, longitudeDeg, elevationFt };
  const { runway, end } = endOf(airport, runwayEndIdent);
  return {
    ident,
    latitudeDeg,
    longitudeDeg,
    elevationFt,
    runway: {
      ident: end.ident,
      thresholdLatitudeDeg: end.latitudeDeg,
      thresholdLongitudeDeg: end.longitudeDeg,
      headingDegTrue: end.headingDegTrue,
      lengthFt: runway.lengthFt,
      elevationFt: end.elevationFt,
    },
  };
};

/** Ident and reference point only, as the flight engine takes an airport whose runways are unknown. */
export const flightAirportPosition = ({ ident, latitudeDeg, longitudeDeg, elevationFt }: TReferenceAirport): TFlightAirport => ({
  ident,
  position: { latitudeDeg, longitudeDeg, elevationFt },
});

const flightRunwayEnd = ({ ident, latitudeDeg, longitudeDeg, headingDegTrue, displacedThresholdFt }: TReferenceRunwayEnd): TRunwayEnd => ({
  ident,
  latitudeDeg,
  longitudeDeg,
  headingDegTrue,
  displacedThresholdFt,
});

const flightRunway = ({ lengthFt, widthFt, ends }: TReferenceRunway): TRunway => ({
  lengthFt,
  widthFt,
  ends: [flightRunwayEnd(ends[0]), flightRunwayEnd(ends[1])],
});

/** The airport as the flight engine takes it, with its runways (or only those holding one of `runwayEndIdents`). */
export const flightAirport = (airport: TReferenceAirport, runwayEndIdents?: readonly string[]): TFlightAirport => ({
  ...flightAirportPosition(airport),
  runways: airport.runways
    .filter((runway) => !runwayEndIdents || runway.ends.some((end) => runwayEndIdents.includes(end.ident)))
    .map(flightRunway),
});
