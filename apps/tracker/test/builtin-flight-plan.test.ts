import { describe, expect, it } from 'vitest';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { generateFlightPlan } from '@contrail/domain/flight-plan/generate-flight-plan';
import { distanceNm } from '@contrail/domain/geo/great-circle';
import { ZStartRequest } from '@contrail/domain/live/tracker-hub-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { createSimulatedFlight } from '@contrail/sim/simulated-flight';
import { BuiltinPlanError, toSimAirport, toSimFaults, toSimulatedFlightPlan } from '../src/connectors/builtin/builtin-flight-plan';

/** A made-up airport with a long 09/27 and a short 04/22 (27 with a 1,000 ft displaced threshold). */
const AIRPORT: TFlightAirport = {
  ident: 'XTST',
  position: { latitudeDeg: 45, longitudeDeg: 5, elevationFt: 500 },
  runways: [
    {
      lengthFt: 10_000,
      widthFt: 150,
      ends: [
        { ident: '09', latitudeDeg: 45, longitudeDeg: 4.98, headingDegTrue: 90, displacedThresholdFt: 0 },
        { ident: '27', latitudeDeg: 45, longitudeDeg: 5.02, headingDegTrue: 270, displacedThresholdFt: 1_000 },
      ],
    },
    {
      lengthFt: 6_000,
      widthFt: 100,
      ends: [
        { ident: '04', latitudeDeg: 44.99, longitudeDeg: 4.99, headingDegTrue: 40, displacedThresholdFt: 0 },
        { ident: '22', latitudeDeg: 45.01, longitudeDeg: 5.01, headingDegTrue: 220, displacedThresholdFt: 0 },
      ],
    },
  ],
};

describe('built-in flight plan from a Start request', () => {
  it('takes the longest runway end aligned with the route, else the closest in direction', () => {
    expect(toSimAirport(AIRPORT, 60, 'takeoff').runway?.ident).toBe('09');
    expect(toSimAirport(AIRPORT, 200, 'takeoff').runway?.ident).toBe('22');
    expect(toSimAirport(AIRPORT, 160, 'takeoff').runway?.ident).toBe('22');
  });

  it('lands past a displaced threshold, and takes off from the runway end', () => {
    const landing = toSimAirport(AIRPORT, 280, 'landing').runway;
    expect(landing?.ident).toBe('27');
    const movedNm = distanceNm({ latitudeDeg: 45, longitudeDeg: 5.02 }, { latitudeDeg: landing?.thresholdLatitudeDeg ?? 0, longitudeDeg: landing?.thresholdLongitudeDeg ?? 0 });
    expect(movedNm * 6_076.12).toBeCloseTo(1_000, -1);
    expect(landing?.lengthFt).toBe(9_000);
    expect(toSimAirport(AIRPORT, 280, 'takeoff').runway).toMatchObject({ thresholdLongitudeDeg: 5.02, lengthFt: 10_000 });
  });

  it('leaves the runway to the simulator when the airport has none, and refuses unknown aircraft and faults', () => {
    const bare = { ident: 'XBAR', position: { latitudeDeg: 46, longitudeDeg: 6, elevationFt: 100 } };
    expect(toSimAirport(bare, 90, 'takeoff')).toEqual({ ident: 'XBAR', latitudeDeg: 46, longitudeDeg: 6, elevationFt: 100 });
    const plan = toSimulatedFlightPlan({ departure: AIRPORT, arrival: bare, aircraftIcao: 'a320', cruiseLevelFt: 20_000 }, 1_000);
    expect(plan.aircraft.icao).toBe('A320');
    expect(plan.startTimeMs).toBe(1_000);
    expect(() => toSimulatedFlightPlan({ departure: AIRPORT, arrival: bare, aircraftIcao: 'ZZ9', cruiseLevelFt: 20_000 }, 0)).toThrow(BuiltinPlanError);
    expect(toSimFaults(['hardLanding', 'goAround'])).toEqual([{ kind: 'hardLanding' }, { kind: 'goAround' }]);
    expect(() => toSimFaults(['engineFire'])).toThrow(/Unknown fault "engineFire"/);
  });

  it("loads the flight plan's block fuel at the gate (issue 20: 4,198 kg loaded against 5,116 kg planned)", () => {
    const arrival: TFlightAirport = { ident: 'XARR', position: { latitudeDeg: 46.5, longitudeDeg: 7.5, elevationFt: 1_200 } };
    const plan = generateFlightPlan({ departure: AIRPORT, arrival, aircraft: findAircraftByIcao('A320')!, flightNumber: 'CTR1', scheduledOut: 0 });
    // The Start message the web sends for the built-in simulator, with the plan's block fuel.
    const start = ZStartRequest.parse({
      simulator: 'builtin',
      builtin: { departure: AIRPORT, arrival, aircraftIcao: 'A320', cruiseLevelFt: plan.general.initialAltitudeFt, fuelKg: plan.fuel.blockKg },
    });
    const flight = createSimulatedFlight(toSimulatedFlightPlan(start.builtin!, 0));
    expect(flight.snapshot().fuelKg).toBe(plan.fuel.blockKg);
    // Without it the simulator loads its own estimate, which is not the plan's figure.
    const { fuelKg: _planned, ...withoutFuel } = start.builtin!;
    expect(createSimulatedFlight(toSimulatedFlightPlan(withoutFuel, 0)).snapshot().fuelKg).not.toBe(plan.fuel.blockKg);
  });
});
