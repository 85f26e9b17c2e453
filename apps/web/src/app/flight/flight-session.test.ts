import { describe, expect, it } from 'vitest';
import type { TFlightAirport } from '@contrail/domain/flight/flight-plan-input';
import { generateFlightPlan } from '@contrail/domain/flight-plan/generate-flight-plan';
import { ZStartRequest } from '@contrail/domain/live/tracker-hub-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { FlightDraft } from '../../features/flight/lib/flight-session-store';
import { builtinStartRequest } from './flight-session';

const EGLL: TFlightAirport = { ident: 'EGLL', position: { latitudeDeg: 51.4706, longitudeDeg: -0.461941, elevationFt: 83 } };
const LFPG: TFlightAirport = { ident: 'LFPG', position: { latitudeDeg: 49.012798, longitudeDeg: 2.55, elevationFt: 392 } };
const plan = generateFlightPlan({ departure: EGLL, arrival: LFPG, aircraft: findAircraftByIcao('A320')!, flightNumber: 'CTR1', scheduledOut: 0 });

const draft = (overrides: Partial<FlightDraft> = {}): FlightDraft => ({
  type: 'NORMAL',
  flightNumber: 'CTR1',
  aircraftIcao: 'A320',
  cruiseLevelFt: plan.general.initialAltitudeFt,
  departure: { ident: 'EGLL', label: 'EGLL' },
  arrival: { ident: 'LFPG', label: 'LFPG' },
  scheduledDepartureTime: null,
  scheduledArrivalTime: null,
  simulator: 'builtin',
  simulationRate: 1,
  plan,
  missionId: null,
  afrv: null,
  pax: { first: 0, business: 0, economy: 0 },
  cargos: [],
  seatConfigurationId: null,
  ...overrides,
});

describe('builtinStartRequest (what the built-in simulator is asked to fly)', () => {
  it("asks for the plan's block fuel, in a request the tracker accepts", () => {
    const request = ZStartRequest.parse(builtinStartRequest(draft(), EGLL, LFPG));
    expect(request.builtin?.fuelKg).toBe(plan.fuel.blockKg);
    expect(request.builtin?.cruiseLevelFt).toBe(plan.general.initialAltitudeFt);
  });

  it('leaves the fuel to the simulator without a plan', () => {
    expect(builtinStartRequest(draft({ plan: null }), EGLL, LFPG).builtin).not.toHaveProperty('fuelKg');
  });
});
