import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mftBonusOf } from '@contrail/domain/economy/mft-bonus';
import type { TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import { airlineBookings, airlinePlanes, airlines } from '../../src/modules/airline/airline.schema';
import { flightLogs } from '../../src/modules/flight-log/flight-log.schema';
import { users } from '../../src/modules/user/user.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { flightContextOf } from '../../src/modules/flight/flight-context';
import { releaseHeldPayments } from '../../src/modules/flight/flight-review-settlement';
import { sumTransactions } from '../../src/modules/wallet/wallet.repository';
import { createSignedInUser, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { completeOver, connected, listen, openUplink, shortHopRequest } from '../flight/support/flight-kit';
import { flyTampered, withTouchdownRate } from '../flight/support/tampered-frames';
import { API, createAirlineFor, giveAirlineItem, premiumManager, seedAirlineReference } from './airline-fixtures';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

const DAY = 86_400_000;

/**
 * Issue 31: an airline flight pays from what its frames prove. The loop of the issue (register,
 * open the uplink, complete at once) pays nothing and leaves the plane where it was; a flight in
 * review parks the plane but holds the airline's revenue and the salary until it is accepted.
 */
describe('settling an airline flight from what was flown', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: SignedInUser;
  let pilot: SignedInUser;
  let airlineId: string;
  let routeId: string;
  let planeId: string;

  const call = (user: SignedInUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: user.headers, ...(payload ? { payload } : {}) });
  const plane = async () => (await t.app.deps.db.select().from(airlinePlanes).where(eq(airlinePlanes.id, planeId)))[0]!;
  const airlineBalance = async () => (await t.app.deps.db.select().from(airlines).where(eq(airlines.id, airlineId)))[0]!.balance;
  const pilotRow = async () => (await t.app.deps.db.select().from(users).where(eq(users.id, pilot.user.id)))[0]!;
  const book = async () => {
    const booked = await call(pilot, 'POST', `/airline/${airlineId}/plane/${planeId}/booking`, { routeId });
    expect(booked.statusCode, booked.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    baseUrl = await listen(t.app);
    owner = await premiumManager(t.app);
    pilot = await createSignedInUser(t.app);
    airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
    const hubId = (await call(owner, 'GET', `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>().items[0]!.id;
    const hangarItem = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'MEDIUM' });
    expect((await call(owner, 'POST', `/airline/${airlineId}/hangar`, { hubId, itemId: hangarItem })).statusCode).toBe(201);
    const itemId = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
    const built = await call(owner, 'POST', `/airline/${airlineId}/plane`, { itemId, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId });
    expect(built.statusCode, built.body).toBe(201);
    planeId = built.json<{ id: string }>().id;
    // The plane is delivered after a week.
    t.clock.advanceMs(8 * DAY);
    await t.app.deps.jobs.runDue(t.clock.now());
    for (const user of [owner, pilot]) {
      const session = await signIn(t.app, user.user.userName, user.password);
      user.headers = { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken };
    }
    expect((await call(owner, 'PUT', `/airline/${airlineId}`, { recruitmentOpened: true })).statusCode).toBe(200);
    expect((await call(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: pilot.user.id })).statusCode).toBe(201);
    const applicant = (await call(owner, 'GET', `/airline/${airlineId}/applicant`)).json<{ items: { id: string }[] }>().items[0]!;
    expect((await call(owner, 'PUT', `/airline/${airlineId}/applicant/${applicant.id}/accept`)).statusCode).toBe(200);
    const route = await call(owner, 'POST', `/airline/${airlineId}/route`, {
      name: 'EGLL-LFPG',
      destinations: ['EGLL', 'LFPG'],
      constraints: [],
      planeCategory: 'MEDIUM_HAUL',
      departureTime: '08:00',
      arrivalTime: '09:15',
    });
    expect(route.statusCode, route.body).toBe(201);
    routeId = route.json<{ id: string }>().id;
  });
  afterAll(async () => t?.close());

  it('pays nothing, however often, for a flight completed without a frame, and leaves the plane at the departure unworn', async () => {
    const balanceBefore = await airlineBalance();
    const planeBefore = await plane();
    const pilotBefore = await pilotRow();
    for (let loop = 0; loop < 3; loop += 1) {
      await book();
      const response = await api(t.app, pilot.headers).injectLoose(flightRoutes.register, { body: shortHopRequest({ type: 'AIRLINE', virtualAirlineId: airlineId }) });
      expect(response.statusCode, response.body).toBe(200);
      const flight = response.json<TRegisteredFlight>();
      const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
      try {
        await connected(socket);
        const completed = await completeOver(socket);
        expect(completed).toMatchObject({ fc: 0, xp: 0, review: { status: 'not-flown', reasons: [{ code: 'NOT_FLOWN' }] } });
        expect(completed.airline ?? null).toBeNull();
        const [booking] = await t.app.deps.db.select().from(airlineBookings).where(eq(airlineBookings.flightId, flight.id));
        expect(booking).toMatchObject({ state: 'COMPLETED', revenue: 0, salary: 0, arrivalIdent: 'EGLL' });
      } finally {
        socket.disconnect();
      }
    }
    expect(await airlineBalance()).toBe(balanceBefore);
    expect(await plane()).toMatchObject({
      state: 'AT_AIRPORT',
      airportIdent: 'EGLL',
      wear: planeBefore.wear,
      lifetimeHours: planeBefore.lifetimeHours,
      latitudeDeg: planeBefore.latitudeDeg,
      longitudeDeg: planeBefore.longitudeDeg,
    });
    expect(await pilotRow()).toMatchObject({ walletMfc: pilotBefore.walletMfc, walletXp: pilotBefore.walletXp, lastLocationIdent: pilotBefore.lastLocationIdent });
    expect(await t.app.deps.db.select().from(walletTransactions).where(eq(walletTransactions.userId, pilot.user.id))).toHaveLength(0);
  });

  it('parks and wears the plane of a flight in review, and pays the airline and the salary only once it is released', async () => {
    const balanceBefore = await airlineBalance();
    const planeBefore = await plane();
    const salaryBefore = (await pilotRow()).walletMfc;
    await book();
    const completed = await flyTampered(t.app, baseUrl, pilot.headers, (frames) => withTouchdownRate(frames, -950), {
      request: { type: 'AIRLINE', virtualAirlineId: airlineId },
    });
    expect(completed).toMatchObject({ fc: 0, review: { status: 'pending', reasons: [{ code: 'HARD_LANDING' }] } });
    // The plane flew: it is at the arrival, worn by the simulated airborne hours.
    const parked = await plane();
    expect(parked).toMatchObject({ state: 'AT_AIRPORT', airportIdent: 'LFPG' });
    const [log] = await t.app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, completed.flightLogId));
    expect(parked.lifetimeHours - planeBefore.lifetimeHours).toBeCloseTo(log!.flightHours, 6);
    expect(parked.wear).not.toBe(planeBefore.wear);
    // But nothing was paid.
    expect(await airlineBalance()).toBe(balanceBefore);
    expect((await pilotRow()).walletMfc).toBe(salaryBefore);
    const held = log!.heldPayments!;
    expect(held.airline!.airlineRevenue).toBeGreaterThan(0);
    expect(held.fc).toBe(held.log.fc + held.log.missionFcBonus + held.airline!.salary);

    await t.app.deps.db.transaction((tx) => releaseHeldPayments(tx, completed.flightLogId, t.clock.now(), flightContextOf(t.app.deps).airlineFlights));
    await t.app.deps.db.transaction((tx) => releaseHeldPayments(tx, completed.flightLogId, t.clock.now(), flightContextOf(t.app.deps).airlineFlights));
    expect(await airlineBalance()).toBe(balanceBefore + held.airline!.airlineRevenue - held.airline!.salary);
    expect(await airlineBalance()).toBe(await sumTransactions(t.app.deps.db, { airlineId }, 'MFC'));
    const [booking] = await t.app.deps.db.select().from(airlineBookings).where(eq(airlineBookings.flightId, completed.flightId));
    expect(booking).toMatchObject({ revenue: held.airline!.airlineRevenue, salary: held.airline!.salary });
    // Released, the flight also credits the pilot (the airline's default mftOption) its monthly flight-time bonus, once.
    expect(booking!.mftBonus).toBe(mftBonusOf({ flightHours: log!.outcome.statistics.flightDurationSeconds / 3600, hoursCreditedThisMonth: 0, option: 'pilot' }).amount);
    expect(booking!.mftBonus).toBeGreaterThan(0);
    expect((await pilotRow()).walletMfc - salaryBefore).toBe(held.fc + booking!.mftBonus);
  });
});
