import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TFlightAirport } from '../../src/flight/flight-plan-input';
import { ZFlightPlanData } from '../../src/flight-plan/flight-plan-data';
import {
  FlightPlanGenerationError,
  generateFlightPlan,
  icaoLatLonIdent,
  PLANNER_CONSTANTS,
  type TGenerateFlightPlanInput,
} from '../../src/flight-plan/generate-flight-plan';
import { destinationPoint, distanceNm } from '../../src/geo/great-circle';
import { aircraftCatalogue, findAircraftByIcao } from '../../src/reference/aircraft-catalogue';
import type { TAircraftInformation } from '../../src/reference/aircraft-information';

const airport = (ident: string, latitudeDeg: number, longitudeDeg: number, elevationFt: number, runways?: TFlightAirport['runways']): TFlightAirport => ({
  ident,
  position: { latitudeDeg, longitudeDeg, elevationFt },
  ...(runways ? { runways } : {}),
});

const EGLL = airport('EGLL', 51.4706, -0.461941, 83, [
  {
    lengthFt: 12799,
    widthFt: 164,
    ends: [
      { ident: '09L', latitudeDeg: 51.4775, longitudeDeg: -0.484917, headingDegTrue: 89.6, displacedThresholdFt: 1013 },
      { ident: '27R', latitudeDeg: 51.4777, longitudeDeg: -0.433164, headingDegTrue: 269.7, displacedThresholdFt: 0 },
    ],
  },
]);
const LFPG = airport('LFPG', 49.012798, 2.55, 392, [
  {
    lengthFt: 13829,
    widthFt: 148,
    ends: [
      { ident: '08R', latitudeDeg: 49.0246, longitudeDeg: 2.52469, headingDegTrue: 85.4, displacedThresholdFt: 0 },
      { ident: '26L', latitudeDeg: 49.0266, longitudeDeg: 2.5613, headingDegTrue: 265.4, displacedThresholdFt: 0 },
    ],
  },
]);
const KJFK = airport('KJFK', 40.639801, -73.7789, 13);

const aircraft = (icao: string): TAircraftInformation => {
  const found = findAircraftByIcao(icao);
  if (!found) throw new Error(`${icao} missing from the catalogue`);
  return found;
};

const input = (overrides: Partial<TGenerateFlightPlanInput> = {}): TGenerateFlightPlanInput => ({
  departure: EGLL,
  arrival: LFPG,
  aircraft: aircraft('A320'),
  cruiseLevelFt: 35000,
  flightNumber: 'CTR123',
  scheduledOut: 1_700_000_000,
  ...overrides,
});

describe('generateFlightPlan', () => {
  it('plans EGLL to LFPG: ~188 NM, a valid Flight plan data, runways aligned with the route', () => {
    const plan = generateFlightPlan(input());
    expect(ZFlightPlanData.safeParse(plan).success).toBe(true);
    expect(plan.source).toBe('CONTRAIL');
    expect(plan.general.routeDistanceNm).toBeGreaterThanOrEqual(186);
    expect(plan.general.routeDistanceNm).toBeLessThanOrEqual(190);
    expect(plan.origin).toMatchObject({ icaoCode: 'EGLL', latitude: 51.4706, longitude: -0.461941, elevationFt: 83 });
    expect(plan.destination.icaoCode).toBe('LFPG');
    // The course is about 130 deg true out of London and 140 deg into Paris.
    expect(plan.origin.runway).toBe('09L');
    expect(plan.destination.runway).toBe('08R');
    expect(plan.aircraftIcao).toBe('A320');
    expect(plan.general.flightNumber).toBe('CTR123');
  });

  it('lowers the level on a route too short for FL350 to one held for a while, and says so', () => {
    const plan = generateFlightPlan(input());
    // 188 NM: FL230 is the highest eastbound (odd) level with 15 % of the route in level flight.
    expect(plan.general.initialAltitudeFt).toBe(23000);
    expect(plan.notes.some((note) => note.includes('too short to reach 35000 ft'))).toBe(true);
    const toc = plan.navlog.find((fix) => fix.ident === 'TOC');
    const tod = plan.navlog.find((fix) => fix.ident === 'TOD');
    // Not the same point any more (issue 20): climb to FL230, cruise, then descend.
    expect((tod?.cumulativeDistanceNm ?? 0) - (toc?.cumulativeDistanceNm ?? 0)).toBeGreaterThanOrEqual(0.15 * plan.general.routeDistanceNm - 1);
  });

  it('plans KJFK to EGLL on a B77W: ~2999 NM, waypoints every ~100 NM, TOC and TOD by the documented gradients', () => {
    const plan = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: aircraft('B77W'), cruiseLevelFt: 37000 }));
    // 2,999 NM is the ellipsoidal figure; the spherical great circle used here gives ~2,991 NM.
    expect(Math.abs(plan.general.routeDistanceNm - 2999)).toBeLessThanOrEqual(10);
    expect(plan.general.initialAltitudeFt).toBe(37000);
    expect(plan.notes).toEqual([]);

    const waypoints = plan.navlog.filter((fix) => fix.name.startsWith('WPT'));
    expect(waypoints).toHaveLength(Math.ceil(plan.general.routeDistanceNm / 100) - 1);
    expect(waypoints[0]?.name).toBe('WPT01');
    expect(waypoints[0]?.ident).toMatch(/^\d{4}[NS]\d{5}[EW]$/);
    const cumulative = plan.navlog.map((fix) => fix.cumulativeDistanceNm);
    expect([...cumulative].sort((a, b) => a - b)).toEqual(cumulative);
    for (let i = 1; i < waypoints.length; i += 1) {
      const leg = distanceNm(
        { latitudeDeg: waypoints[i - 1]!.latitude, longitudeDeg: waypoints[i - 1]!.longitude },
        { latitudeDeg: waypoints[i]!.latitude, longitudeDeg: waypoints[i]!.longitude },
      );
      expect(leg).toBeGreaterThan(95);
      expect(leg).toBeLessThanOrEqual(100.1);
    }

    const toc = plan.navlog.find((fix) => fix.ident === 'TOC')!;
    const tod = plan.navlog.find((fix) => fix.ident === 'TOD')!;
    // Climb 270 ft/NM from 13 ft to 37000 ft; descent 318 ft/NM from 37000 ft to 83 ft.
    expect(toc.cumulativeDistanceNm).toBeCloseTo((37000 - 13) / 270, 0);
    expect(plan.general.routeDistanceNm - tod.cumulativeDistanceNm).toBeCloseTo((37000 - 83) / 318, 0);
    expect(toc).toMatchObject({ altitudeFt: 37000, stage: 'CLB', type: 'ltlg', name: 'TOP OF CLIMB' });
    expect(tod).toMatchObject({ altitudeFt: 37000, stage: 'CRZ' });
    expect(plan.navlog.at(-1)).toMatchObject({ ident: 'EGLL', type: 'apt', stage: 'DSC', altitudeFt: 83 });
    expect(plan.navlog.at(-1)?.cumulativeDistanceNm).toBeCloseTo(plan.general.routeDistanceNm, 0);
    expect(plan.general.route.startsWith(`DCT ${waypoints[0]?.ident} DCT`)).toBe(true);

    // Block time: about 6 h 40 airborne at 482 kt plus climb/descent/approach and 15 min of taxi.
    expect(plan.times.estimatedEnrouteSec / 3600).toBeGreaterThan(6.3);
    expect(plan.times.estimatedEnrouteSec / 3600).toBeLessThan(6.9);
    expect(plan.times.estimatedBlockSec).toBe(plan.times.estimatedEnrouteSec + PLANNER_CONSTANTS.taxiOutSec + PLANNER_CONSTANTS.taxiInSec);
    expect(plan.times.estimatedIn).toBe(1_700_000_000 + plan.times.estimatedBlockSec);
    expect(plan.navlog.at(-1)?.timeTotalSec).toBe(plan.times.estimatedEnrouteSec - PLANNER_CONSTANTS.approachAllowanceSec);
  });

  it('builds the fuel plan: reserve = 45 min x burn, contingency 5 %, alternate 30 min, block = sum', () => {
    const b77w = aircraft('B77W');
    const plan = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: b77w, cruiseLevelFt: 37000, extraFuelKg: 1000 }));
    const { fuel } = plan;
    expect(fuel.finalReserveKg).toBe(Math.round(b77w.fuelBurnKgPerHour * 0.75));
    expect(fuel.alternateKg).toBe(Math.round(b77w.fuelBurnKgPerHour * 0.5));
    expect(fuel.contingencyKg).toBe(Math.round(fuel.tripKg * 0.05));
    expect(fuel.extraKg).toBe(1000);
    expect(fuel.blockKg).toBe(fuel.taxiKg + fuel.tripKg + fuel.contingencyKg + fuel.alternateKg + fuel.finalReserveKg + fuel.extraKg);
    expect(fuel.plannedTakeoffKg).toBe(fuel.blockKg - fuel.taxiKg);
    expect(fuel.plannedLandingKg).toBe(fuel.plannedTakeoffKg - fuel.tripKg);
    // Trip: between pure cruise burn over the flight time and 25 % more.
    const hours = plan.times.estimatedEnrouteSec / 3600;
    expect(fuel.tripKg).toBeGreaterThan(b77w.fuelBurnKgPerHour * hours * 0.9);
    expect(fuel.tripKg).toBeLessThan(b77w.fuelBurnKgPerHour * hours * 1.25);
    expect(fuel.blockKg).toBeLessThan(b77w.fuelCapacityKg);

    const noAlternate = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: b77w, cruiseLevelFt: 37000, withAlternate: false }));
    expect(noAlternate.fuel.alternateKg).toBe(0);
  });

  it('loads weights from the aircraft: seats x (84 + 20) kg, ZFW = OEW + payload, TOW = ZFW + take-off fuel', () => {
    const a320 = aircraft('A320');
    const plan = generateFlightPlan(input());
    const seats = a320.defaultSeats.first + a320.defaultSeats.business + a320.defaultSeats.eco;
    expect(plan.weights.paxCount).toBe(seats);
    expect(plan.weights.payloadKg).toBe(seats * 104);
    expect(plan.weights.zeroFuelWeightKg).toBe((plan.weights.operatingEmptyWeightKg ?? 0) + plan.weights.payloadKg);
    expect(plan.weights.estimatedTakeoffWeightKg).toBe(plan.weights.zeroFuelWeightKg + plan.fuel.plannedTakeoffKg);
    expect(plan.weights.estimatedTakeoffWeightKg).toBeLessThanOrEqual(a320.maxTakeOffWeight);
    expect(plan.weights.maxTakeoffWeightKg).toBe(a320.maxTakeOffWeight);
  });

  it('reduces the payload when the take-off weight would exceed the MTOW, and says so', () => {
    const a320 = aircraft('A320');
    const full = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: a320 }));
    // The same aircraft certified 3 t lighter: the full cabin no longer fits.
    const limited = { ...a320, maxTakeOffWeight: full.weights.estimatedTakeoffWeightKg - 3000 };
    const plan = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: limited }));
    const seats = a320.defaultSeats.first + a320.defaultSeats.business + a320.defaultSeats.eco;
    // The empty weight is estimated as 0.52 x MTOW for a jet, so it shrinks with the MTOW too.
    const emptyKg = Math.round(limited.maxTakeOffWeight * 0.52);
    const excessKg = emptyKg + full.weights.payloadKg + full.fuel.plannedTakeoffKg - limited.maxTakeOffWeight;
    expect(excessKg).toBeGreaterThan(0);
    const removedPax = Math.ceil(excessKg / 104);
    expect(plan.weights.operatingEmptyWeightKg).toBe(emptyKg);
    expect(plan.weights.estimatedTakeoffWeightKg).toBeLessThanOrEqual(limited.maxTakeOffWeight);
    expect(plan.weights.paxCount).toBe(seats - removedPax);
    expect(plan.weights.payloadKg).toBe(full.weights.payloadKg - removedPax * 104);
    expect(plan.fuel).toEqual(full.fuel);
    expect(plan.notes).toContain(
      `Payload reduced by ${removedPax * 104} kg (${removedPax} passengers) to keep the take-off weight within the MTOW of ${limited.maxTakeOffWeight} kg`,
    );

    const hopeless = generateFlightPlan(input({ departure: KJFK, arrival: EGLL, aircraft: { ...a320, maxTakeOffWeight: 30000 } }));
    expect(hopeless.weights.paxCount).toBe(0);
    expect(hopeless.notes.some((note) => note.startsWith('Even with no payload'))).toBe(true);
    expect(hopeless.notes.some((note) => note.includes('exceeds the usable fuel capacity'))).toBe(a320.fuelCapacityKg < hopeless.fuel.blockKg);
  });

  it('loads a freighter with cargo', () => {
    const freighter = aircraft('B748F');
    const plan = generateFlightPlan(input({ aircraft: freighter }));
    expect(plan.weights.paxCount).toBe(0);
    expect(plan.weights.cargoKg).toBe(Math.round(freighter.maxCargoKg * 0.7));
    expect(plan.weights.payloadKg).toBe(plan.weights.cargoKg);
  });

  it('refuses a route from an airport to itself', () => {
    expect(() => generateFlightPlan(input({ arrival: EGLL }))).toThrow(FlightPlanGenerationError);
  });

  it('names points in ICAO degrees-and-minutes notation', () => {
    expect(icaoLatLonIdent({ latitudeDeg: 51.5, longitudeDeg: -0.45 })).toBe('5130N00027W');
    expect(icaoLatLonIdent({ latitudeDeg: -33.9461, longitudeDeg: 151.1772 })).toBe('3357S15111E');
    expect(icaoLatLonIdent({ latitudeDeg: 45.9999, longitudeDeg: 7.99999 })).toBe('4600N00800E');
  });

  it('never burns less fuel on a longer route (any catalogue aircraft, any level)', () => {
    const jets = aircraftCatalogue.filter((entry) => entry.classification !== 'Helicopter');
    fc.assert(
      fc.property(
        fc.constantFrom(...jets),
        fc.double({ min: 5, max: 3000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.integer({ min: 20, max: 410 }).map((fl) => fl * 100),
        // Clear of north and south by a degree: across them the direction rule (odd levels
        // eastbound, even westbound) may plan the longer route a level lower, which burns less.
        fc.double({ min: 1, max: 179, noNaN: true }).chain((east) => fc.constantFrom(east, east + 180)),
        (type, shortNm, moreNm, cruiseLevelFt, bearing) => {
          const origin = { latitudeDeg: 10, longitudeDeg: 20 };
          const at = (nm: number) => {
            const p = destinationPoint(origin, bearing, nm);
            return airport('ZZZZ', p.latitudeDeg, p.longitudeDeg, 300);
          };
          const departure = airport('YYYY', origin.latitudeDeg, origin.longitudeDeg, 100);
          const near = generateFlightPlan(input({ departure, arrival: at(shortNm), aircraft: type, cruiseLevelFt }));
          const far = generateFlightPlan(input({ departure, arrival: at(shortNm + moreNm), aircraft: type, cruiseLevelFt }));
          expect(far.fuel.tripKg).toBeGreaterThanOrEqual(near.fuel.tripKg);
          expect(far.fuel.blockKg).toBeGreaterThanOrEqual(near.fuel.blockKg);
          expect(far.times.estimatedBlockSec).toBeGreaterThanOrEqual(near.times.estimatedBlockSec);
          expect(near.fuel.finalReserveKg).toBe(Math.round(type.fuelBurnKgPerHour * 0.75));
        },
      ),
      { numRuns: 300 },
    );
  });
});
