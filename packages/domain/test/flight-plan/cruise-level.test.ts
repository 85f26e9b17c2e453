import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TFlightAirport } from '../../src/flight/flight-plan-input';
import {
  cruiseDistanceAtNm,
  isSemicircularLevel,
  semicircularDirectionOf,
  suggestCruiseLevelForRoute,
  type TProfileGeometry,
} from '../../src/flight-plan/cruise-level';
import { generateFlightPlan } from '../../src/flight-plan/generate-flight-plan';
import { PLANNER_CONSTANTS } from '../../src/flight-plan/planner-constants';
import { destinationPoint } from '../../src/geo/great-circle';
import { aircraftCatalogue, findAircraftByIcao } from '../../src/reference/aircraft-catalogue';
import type { TAircraftInformation } from '../../src/reference/aircraft-information';
import { embeddedNavaids } from './embedded-navaids';

const airport = (ident: string, latitudeDeg: number, longitudeDeg: number, elevationFt: number): TFlightAirport => ({
  ident,
  position: { latitudeDeg, longitudeDeg, elevationFt },
});
// Frankfurt to Stuttgart: 85 NM, a short jet hop (the 96 NM hop was planned at FL350).
const EDDF = airport('EDDF', 50.033333, 8.570556, 364);
const EDDS = airport('EDDS', 48.689899, 9.22196, 1276);
const EGLL = airport('EGLL', 51.4706, -0.461941, 83);
const LFPG = airport('LFPG', 49.012798, 2.55, 392);
const KJFK = airport('KJFK', 40.639801, -73.7789, 13);

const type = (icao: string): TAircraftInformation => findAircraftByIcao(icao)!;
const plan = (departure: TFlightAirport, arrival: TFlightAirport, aircraft: TAircraftInformation, cruiseLevelFt?: number) =>
  generateFlightPlan({
    departure,
    arrival,
    aircraft,
    ...(cruiseLevelFt === undefined ? {} : { cruiseLevelFt }),
    navaids: embeddedNavaids,
    flightNumber: 'CTR1',
    scheduledOut: 0,
  });
const tocTod = (result: ReturnType<typeof plan>) => ({
  toc: result.navlog.find((fix) => fix.ident === 'TOC')!,
  tod: result.navlog.find((fix) => fix.ident === 'TOD')!,
});

describe('semicircular rule', () => {
  it('flies odd thousands eastbound (000-179) and even thousands westbound, 4,000 ft apart above FL410', () => {
    expect(semicircularDirectionOf(90)).toBe('east');
    expect(semicircularDirectionOf(179.9)).toBe('east');
    expect(semicircularDirectionOf(180)).toBe('west');
    expect(semicircularDirectionOf(359)).toBe('west');
    // The rule reads the magnetic track: 178 deg true with 5 deg of west variation is 183 deg magnetic.
    expect(semicircularDirectionOf(178, -5)).toBe('west');
    expect(semicircularDirectionOf(2, 5)).toBe('west');
    expect([31000, 33000, 11000, 41000, 45000].every((level) => isSemicircularLevel(level, 'east'))).toBe(true);
    expect([30000, 32000, 10000, 40000, 43000, 47000].every((level) => isSemicircularLevel(level, 'west'))).toBe(true);
    expect([32000, 43000, 35500].some((level) => isSemicircularLevel(level, 'east'))).toBe(false);
    expect([31000, 41000, 45000].some((level) => isSemicircularLevel(level, 'west'))).toBe(false);
  });

  it('puts the default level on the rule for the direction of flight', () => {
    // EGLL-LFPG heads south-east (about 130 deg magnetic): odd; LFPG-EGLL: even.
    expect(plan(EGLL, LFPG, type('A320')).general.initialAltitudeFt / 1000 % 2).toBe(1);
    expect(plan(LFPG, EGLL, type('A320')).general.initialAltitudeFt / 1000 % 2).toBe(0);
  });
});

describe('default cruise level (the pilot did not choose one)', () => {
  it('plans a short jet hop between FL100 and FL200, with a real cruise between TOC and TOD', () => {
    const result = plan(EDDF, EDDS, type('A320'));
    const level = result.general.initialAltitudeFt;
    expect(level).toBeGreaterThanOrEqual(10000);
    expect(level).toBeLessThanOrEqual(20000);
    // EDDF-EDDS tracks about 160 deg: eastbound, odd.
    expect(isSemicircularLevel(level, 'east')).toBe(true);
    const { toc, tod } = tocTod(result);
    expect(toc.altitudeFt).toBe(level);
    expect(tod.altitudeFt).toBe(level);
    expect(tod.cumulativeDistanceNm - toc.cumulativeDistanceNm).toBeGreaterThanOrEqual(PLANNER_CONSTANTS.minCruiseFraction * result.general.routeDistanceNm - 1);
    expect(result.notes).toEqual([]);
  });

  it('keeps a piston low and never above a type ceiling from the catalogue', () => {
    const c172 = type('C172');
    const piston = plan(EGLL, LFPG, c172).general.initialAltitudeFt;
    expect(piston).toBeLessThanOrEqual(c172.cruiseAltitudeFt);
    expect(piston).toBeLessThan(10000);
    // Across the Atlantic the B77W's level is capped by its catalogue altitude (FL370: westbound FL360).
    const long = plan(KJFK, EGLL, type('B77W')).general.initialAltitudeFt;
    expect(long).toBeLessThanOrEqual(type('B77W').cruiseAltitudeFt);
    expect(long).toBe(37000);
    expect(plan(EGLL, KJFK, type('B77W')).general.initialAltitudeFt).toBe(36000);
  });

  it('is on the rule, within the ceiling and held for a while (minCruiseFraction), for any aircraft and route', () => {
    const flying = aircraftCatalogue.filter((entry) => entry.classification !== 'Helicopter');
    fc.assert(
      fc.property(fc.constantFrom(...flying), fc.double({ min: 40, max: 2500, noNaN: true }), fc.double({ min: 0, max: 359.9, noNaN: true }), (aircraft, nm, bearing) => {
        const origin = { latitudeDeg: 20, longitudeDeg: 10, elevationFt: 200 };
        const end = destinationPoint(origin, bearing, nm);
        const level = suggestCruiseLevelForRoute({ departure: origin, arrival: { ...end, elevationFt: 500 }, aircraft });
        const geometry: TProfileGeometry = {
          routeNm: nm,
          departureElevationFt: 200,
          arrivalElevationFt: 500,
          climbGradientFtPerNm: PLANNER_CONSTANTS.climbGradientFtPerNm[aircraft.classification] ?? PLANNER_CONSTANTS.defaultClimbGradientFtPerNm,
          descentGradientFtPerNm: PLANNER_CONSTANTS.descentGradientFtPerNm,
        };
        expect(level % 1000).toBe(0);
        expect(level).toBeLessThanOrEqual(Math.max(aircraft.cruiseAltitudeFt, 3000));
        expect(cruiseDistanceAtNm(level, geometry)).toBeGreaterThanOrEqual(PLANNER_CONSTANTS.minCruiseFraction * nm - 1e-6);
      }),
      { numRuns: 300 },
    );
  });
});

describe('vertical profile', () => {
  it('lowers a requested FL350 on a short hop to a level it can hold, on the rule, and says so', () => {
    const result = plan(EDDF, EDDS, type('A320'), 35000);
    const level = result.general.initialAltitudeFt;
    expect(level).toBeLessThanOrEqual(20000);
    expect(isSemicircularLevel(level, 'east')).toBe(true);
    expect(result.notes).toContain(`The route is too short to reach 35000 ft and hold it: planned cruise at ${level} ft`);
    const { toc, tod } = tocTod(result);
    expect(toc.cumulativeDistanceNm).toBeLessThan(tod.cumulativeDistanceNm);
  });

  it('keeps the level the pilot chose when the route allows it, even off the rule', () => {
    const result = plan(EGLL, LFPG, type('A320'), 16000);
    expect(result.general.initialAltitudeFt).toBe(16000);
    expect(result.notes).toEqual([]);
  });

  it('places TOC before TOD at the documented gradients, on the route legs', () => {
    const result = plan(EGLL, LFPG, type('A320'));
    const level = result.general.initialAltitudeFt;
    const { toc, tod } = tocTod(result);
    expect(toc.cumulativeDistanceNm).toBeCloseTo((level - 83) / PLANNER_CONSTANTS.climbGradientFtPerNm.Jet!, 0);
    expect(result.general.routeDistanceNm - tod.cumulativeDistanceNm).toBeCloseTo((level - 392) / PLANNER_CONSTANTS.descentGradientFtPerNm, 0);
    expect(tod.cumulativeDistanceNm - toc.cumulativeDistanceNm).toBeGreaterThan(20);
    expect(toc).toMatchObject({ stage: 'CLB', altitudeFt: level });
    expect(tod).toMatchObject({ stage: 'CRZ', altitudeFt: level });
    // The navlog is in order along the route; TOC and TOD lie on it, between the fixes around them.
    const cumulative = result.navlog.map((fix) => fix.cumulativeDistanceNm);
    expect([...cumulative].sort((a, b) => a - b)).toEqual(cumulative);
  });
});
