import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import { LOCAL_FLIGHT_PAID_SHARE } from '@contrail/domain/rewards/reward-constants';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import type { TSimAirport } from '@contrail/sim/simulated-flight-plan';
import { flights } from '../../src/modules/flight/flight.schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, reloadUser } from '../support/factories';
import { completeOver, connected, listen, openUplink, sendFrames, shortHopRequest } from './support/flight-kit';
import { api } from '../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => t?.close());

// Gatwick (OurAirports): take off on 26L, fly out, turn back and land on 08R, the other end.
const EGKK = { ident: 'EGKK', latitudeDeg: 51.148102, longitudeDeg: -0.190278, elevationFt: 202 };
const fromEast: TSimAirport = { ...EGKK, runway: { ident: '26L', thresholdLatitudeDeg: 51.151493, thresholdLongitudeDeg: -0.165992, headingDegTrue: 258, lengthFt: 10_883 } };
const toWest: TSimAirport = { ...EGKK, runway: { ident: '08R', thresholdLatitudeDeg: 51.145103, thresholdLongitudeDeg: -0.212345, headingDegTrue: 78, lengthFt: 10_883 } };

describe('a local flight (departure = arrival)', () => {
  it('is registered, flown as a circuit by the built-in simulator, completed as arrived and paid', async () => {
    const pilot = await createSignedInUser(t.app);
    const registered = await api(t.app, pilot.headers).injectLoose(flightRoutes.register, { body: shortHopRequest({ aircraftIcao: 'C172', aircraftRegistration: 'G-BCTR', departureAirportIdent: 'EGKK', arrivalAirportIdent: 'EGKK', cruiseLevel: 3000 }) });
    expect(registered.statusCode, registered.body).toBe(200);
    const flight = registered.json<TRegisteredFlight>();
    expect(flight).toMatchObject({ departureAirport: { ident: 'EGKK' }, arrivalAirport: { ident: 'EGKK' } });
    // The plan carries the type's systems: the engine waives the rules about what a C172 lacks.
    const [row] = await t.app.deps.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row?.plan.aircraft.systems).toEqual({ seatBeltSign: false, retractableGear: false, strobe: true, beacon: true });

    const frames = flySimulatedFlight({ departure: fromEast, arrival: toWest, aircraft: findAircraftByIcao('C172')!, cruiseLevelFt: 3000, startTimeMs: t.app.deps.clock.now().getTime() });
    const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    try {
      await connected(socket);
      await sendFrames(socket, frames, 1, frames.length);
      const completed = await completeOver(socket);
      expect(completed.fc).toBeGreaterThan(0);
      expect(completed.xp).toBeGreaterThan(0);

      const log = (await api(t.app, pilot.headers).inject(flightLogRoutes.detail, { params: { id: completed.flightLogId } })).json<TFlightLogDetail>();
      expect(log).toMatchObject({ isArrived: true, departureAirport: { ident: 'EGKK' }, arrivalAirport: { ident: 'EGKK' }, flightCoinAmount: completed.fc });
      expect(log.steps.map((step) => step.name)).toEqual(expect.arrayContaining(['takeoff', 'cruise', 'descent', 'approach', 'landing', 'block_on']));
      // Paid on half the distance flown in the air, with no penalty for the seat-belt sign it lacks.
      expect(log.reward.paidDistanceNm).toBeGreaterThan(10);
      expect(log.reward.paidDistanceNm).toBeLessThanOrEqual(Math.round(log.statistics.nauticalDistanceNm * LOCAL_FLIGHT_PAID_SHARE));
      expect(log.events.map((event) => event.key)).not.toContain('TAKEOFF_WITHOUT_SEAT_BELT_SIGN');
      expect(log.events.map((event) => event.key)).toContain('TOUCHDOWN_RATE');
      // The runways shipped with the embedded airports name the touchdown runway on a fresh start.
      expect(log.landing?.runway).toMatchObject({ airportIdent: 'EGKK', runwayIdent: '08R' });
      expect(log.landing!.runway!.distanceFromThresholdFt).toBeGreaterThan(-1000);
      const user = await reloadUser(t.app, pilot.user.id);
      expect(user).toMatchObject({ walletMfc: completed.fc, walletXp: completed.xp, lastLocationIdent: 'EGKK' });
    } finally {
      socket.disconnect();
    }
  });
});
