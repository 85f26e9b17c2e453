import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFlight, TRegisteredFlight, TResumeFlightResponse } from '@contrail/domain/flight-api/flight-contract';
import type { TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import { flights } from '../../src/modules/flight/flight.schema';
import { storeItems } from '../../src/modules/store/store.schema';
import { userMissions } from '../../src/modules/mission/mission.schema';
import { grantPilotLicence } from '../../src/modules/licence/licence.service';
import { creditUser } from '../../src/modules/wallet/wallet.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, giveSubscription, type SignedInUser } from '../support/factories';
import { registerShortHop, shortHopRequest } from './support/flight-kit';
import { insertMailRunMission } from './support/mail-run-mission';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'off' });
});
afterAll(async () => t?.close());

const post = (url: string, user: SignedInUser, payload?: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const countFlightsOf = async (userId: string) => (await t.app.deps.db.select().from(flights).where(eq(flights.userId, userId))).length;

describe('POST /api/v1/flight', () => {
  it('registers a flight from the server airport and aircraft data, with a token kept only as a hash', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await post('/api/v1/flight', pilot, shortHopRequest({ flightNumber: 'ctr101', pax: { first: 0, business: 12, economy: 140 } }));
    expect(response.statusCode).toBe(200);
    const flight = response.json<TRegisteredFlight>();
    expect(flight).toMatchObject({
      type: 'NORMAL',
      flightNumber: 'CTR101',
      aircraft: { icao: 'A320', registration: 'F-HCTR' },
      departureAirport: { ident: 'EGLL' },
      arrivalAirport: { ident: 'LFPG' },
      cruiseLevel: 24_000,
      pilot: { id: pilot.user.id, userName: pilot.user.userName },
    });
    expect(flight.departureAirport.position.latitude).toBeCloseTo(51.47, 1);
    expect(flight.transport?.missionId).toBeNull();
    expect(flight.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.deps.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row?.status).toBe('in_progress');
    expect(row?.tokenHash).not.toContain(flight.token);
    expect(JSON.stringify(row)).not.toContain(flight.token);
    expect(row?.plan.arrival.ident).toBe('LFPG');
    expect(row?.plan.aircraft.engineCount).toBe(2);
  });

  it('refuses a second flight in progress with 409 USER_ALREADY_ON_FLIGHT', async () => {
    const pilot = await createSignedInUser(t.app);
    await registerShortHop(t.app, pilot.headers);
    const again = await post('/api/v1/flight', pilot, shortHopRequest());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'USER_ALREADY_ON_FLIGHT' });
    expect(await countFlightsOf(pilot.user.id)).toBe(1);
  });

  it('lets only one of two simultaneous registrations through', async () => {
    const pilot = await createSignedInUser(t.app);
    const answers = await Promise.all([post('/api/v1/flight', pilot, shortHopRequest()), post('/api/v1/flight', pilot, shortHopRequest())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await countFlightsOf(pilot.user.id)).toBe(1);
  });

  it.each([
    ['an unknown aircraft', { aircraftIcao: 'ZZZZ' }, 'aircraftIcao'],
    ['an unknown airport', { arrivalAirportIdent: 'XXXX' }, 'arrivalAirportIdent'],
    ['a cruise level as text', { cruiseLevel: 'FL240' as unknown as number }, 'cruiseLevel'],
    ['a bad flight type', { type: 'CHARTER' as unknown as 'NORMAL' }, 'type'],
    ['a PNC flight without passengers', { type: 'PNC' as const }, 'pax'],
    ['a mission flight without mission', { type: 'MISSION' as const }, 'missionId'],
    ['an arrival before the departure', { scheduledDepartureTime: '2026-01-15T12:00:00Z', scheduledArrivalTime: '2026-01-15T11:00:00Z' }, 'scheduledArrivalTime'],
  ])('refuses %s with 400 on the field, and creates nothing', async (_name, overrides, field) => {
    const pilot = await createSignedInUser(t.app);
    const response = await post('/api/v1/flight', pilot, shortHopRequest(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field });
    expect(await countFlightsOf(pilot.user.id)).toBe(0);
  });

  it('needs a signed-in pilot', async () => {
    const response = await api(t.app).injectLoose(flightRoutes.register, { body: shortHopRequest() });
    expect(response.statusCode).toBe(401);
  });
});

const transportBody = (overrides: object = {}) => ({
  cruiseLevel: 24_000,
  flightNumber: 'CTR202',
  aircraftIcao: 'A320',
  airports: { departure: { ident: 'EGLL', position: { latitude: 51.47, longitude: -0.46 } }, arrival: { ident: 'LFPG' } },
  pax: { first: 0, business: 20, economy: 120 },
  cargos: [{ name: 'Mail', weight: 800, quantity: 4 }],
  ...overrides,
});

const insertMission = (overrides: Parameters<typeof insertMailRunMission>[1] = {}) => insertMailRunMission(t.app, overrides);

describe('POST /api/flight/with-pax-and-cargo and /api/flight/with-mission', () => {
  it('registers a PNC flight with its cabin and answers id, token and transport', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await post('/api/flight/with-pax-and-cargo', pilot, transportBody());
    expect(response.statusCode).toBe(200);
    const flight = response.json<TRegisteredFlight>();
    expect(flight.type).toBe('PNC');
    expect(flight.transport?.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.app.deps.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row?.plan.isPNC).toBe(true);
    expect(row?.pax).toEqual({ first: 0, business: 20, economy: 120 });
    expect(row?.cargos).toEqual([{ name: 'Mail', weight: 800, quantity: 4 }]);
  });

  it('starts a mission flight and counts it for the freemium limit', async () => {
    const pilot = await createSignedInUser(t.app);
    const mission = await insertMission();
    const response = await post('/api/flight/with-mission', pilot, transportBody({ missionId: mission.id, pax: { first: 0, business: 0, economy: 0 } }));
    expect(response.statusCode).toBe(200);
    const flight = response.json<TRegisteredFlight>();
    expect(flight).toMatchObject({ type: 'MISSION', transport: { missionId: mission.id } });
    const started = await t.app.deps.db.select().from(userMissions).where(eq(userMissions.userId, pilot.user.id));
    expect(started).toMatchObject([{ missionId: mission.id, flightId: flight.id, status: 'STARTED' }]);
  });

  it('refuses a fourth mission in a month to a freemium pilot (403), not to a GOLD one', async () => {
    const freemium = await createSignedInUser(t.app);
    const gold = await createSignedInUser(t.app);
    await giveSubscription(t.app, gold.user.id, 'GOLD');
    const mission = await insertMission();
    for (const user of [freemium, gold]) {
      for (let i = 0; i < 3; i += 1) {
        await t.app.deps.db.insert(userMissions).values({ userId: user.user.id, missionId: mission.id, status: 'COMPLETED', startedAt: t.clock.now() });
      }
    }
    const refused = await post('/api/flight/with-mission', freemium, transportBody({ missionId: mission.id }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FREEMIUM_MISSION_LIMIT' });
    expect(await countFlightsOf(freemium.user.id)).toBe(0);
    expect((await post('/api/flight/with-mission', gold, transportBody({ missionId: mission.id }))).statusCode).toBe(200);
  });

  it('refuses a mission above the career level, other airports, or an unknown mission', async () => {
    const pilot = await createSignedInUser(t.app);
    const hard = await insertMission({ clRequired: 30 });
    const tooLow = await post('/api/flight/with-mission', pilot, transportBody({ missionId: hard.id }));
    expect(tooLow.statusCode).toBe(403);
    expect(tooLow.json()).toMatchObject({ errorCode: 'CAREER_LEVEL_TOO_LOW' });
    const mission = await insertMission({ arrivalIdent: 'LFPO' });
    const elsewhere = await post('/api/flight/with-mission', pilot, transportBody({ missionId: mission.id }));
    expect(elsewhere.statusCode).toBe(400);
    const unknown = await post('/api/flight/with-mission', pilot, transportBody({ missionId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    const missing = await post('/api/flight/with-mission', pilot, transportBody());
    expect(missing.statusCode).toBe(400);
    expect(await countFlightsOf(pilot.user.id)).toBe(0);
  });
});

describe('reading, cancelling and resuming a flight', () => {
  it('retrieves the caller in-progress flight (null without one), waiting for a tracker', async () => {
    const pilot = await createSignedInUser(t.app);
    const none = await get('/api/flight/retrieve-flight-for-user', pilot);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const registered = await registerShortHop(t.app, pilot.headers);
    const response = await get('/api/flight/retrieve-flight-for-user', pilot);
    expect(response.statusCode).toBe(200);
    expect(response.json<TFlight>()).toMatchObject({
      id: registered.id,
      status: 'in_progress',
      flightStep: 'none',
      isRetrievedButNotSubscribed: true,
      readyToEndFlight: false,
      lastAckSeq: 0,
      positionHistory: [],
      departureAirport: { ident: 'EGLL' },
      arrivalAirport: { ident: 'LFPG' },
      aircraft: { icao: 'A320', model: expect.stringContaining('A320') as string, position: null },
    });
  });

  it('shows a pilot their own flight by id, and nobody else (404)', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const registered = await registerShortHop(t.app, pilot.headers);
    expect((await get(`/api/v1/flight/${registered.id}`, pilot)).json<TFlight>().id).toBe(registered.id);
    expect((await get(`/api/v1/flight/${registered.id}`, other)).statusCode).toBe(404);
    expect((await get('/api/v1/flight/not-a-uuid', pilot)).statusCode).toBe(400);
  });

  it('lists in-progress flights for the live map without the caller own flight', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const mine = await registerShortHop(t.app, pilot.headers);
    const theirs = await registerShortHop(t.app, other.headers, { flightNumber: 'CTR999' });
    const list = (await get('/api/v1/flights?status=in_progress', pilot)).json<TInProgressFlightItem[]>();
    const ids = list.map((item) => item.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(mine.id);
    const item = list.find((candidate) => candidate.id === theirs.id);
    expect(item).toMatchObject({ flightNumber: 'CTR999', pilot: { userName: other.user.userName }, departureIdent: 'EGLL', flightStep: 'none' });
    expect(item?.latitude).toBeCloseTo(51.47, 1);
    expect((await get('/api/v1/flights?status=landed', pilot)).statusCode).toBe(400);
  });

  it('cancels the caller own flight only; a cancelled flight is no longer in progress', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const registered = await registerShortHop(t.app, pilot.headers);
    const refused = await post(`/api/v1/flight/${registered.id}/cancel`, other);
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/v1/flight/${registered.id}`, pilot)).json<TFlight>().status).toBe('in_progress');
    const cancelled = await post(`/api/v1/flight/${registered.id}/cancel`, pilot);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ success: true, flightId: registered.id });
    expect((await get(`/api/v1/flight/${registered.id}`, pilot)).json<TFlight>().status).toBe('canceled');
    expect((await post(`/api/v1/flight/${registered.id}/cancel`, pilot)).statusCode).toBe(409);
    expect((await get('/api/flight/retrieve-flight-for-user', pilot)).json()).toBeNull();
    // Free to fly again.
    await registerShortHop(t.app, pilot.headers);
  });

  it('gives a new tracker token on resume and only to the pilot', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const registered = await registerShortHop(t.app, pilot.headers);
    expect((await post(`/api/v1/flight/${registered.id}/resume`, other)).statusCode).toBe(404);
    const [before] = await t.app.deps.db.select().from(flights).where(eq(flights.id, registered.id));
    const resumed = await post(`/api/v1/flight/${registered.id}/resume`, pilot);
    expect(resumed.statusCode).toBe(200);
    const body = resumed.json<TResumeFlightResponse>();
    expect(body).toMatchObject({ id: registered.id, lastAckSeq: 0 });
    expect(body.token).not.toBe(registered.token);
    const [after] = await t.app.deps.db.select().from(flights).where(eq(flights.id, registered.id));
    expect(after?.tokenHash).not.toBe(before?.tokenHash);
  });
});

describe('licences at registration (ERR_0041)', () => {
  // The Caravan (C208) needs the single-engine turbine rating, a paid licence the store sells.
  const caravan = { aircraftIcao: 'C208', aircraftRegistration: 'F-HCRV' };
  // What a Caravan carries: its seats and its payload.
  const caravanLoad = { pax: { first: 0, business: 0, economy: 9 }, cargos: [{ name: 'Mail', weight: 100, quantity: 4 }] };
  const paths: [string, string, (missionId: string) => object][] = [
    ['a NORMAL flight', '/api/v1/flight', () => shortHopRequest(caravan)],
    ['a PNC flight (v1)', '/api/v1/flight', () => shortHopRequest({ ...caravan, type: 'PNC', pax: { first: 0, business: 0, economy: 9 } })],
    ['a PNC flight with pax and cargo', '/api/flight/with-pax-and-cargo', () => transportBody({ ...caravan, ...caravanLoad })],
    ['a mission flight', '/api/flight/with-mission', (missionId) => transportBody({ ...caravan, ...caravanLoad, missionId })],
    ['a mission flight (v1)', '/api/v1/flight', (missionId) => shortHopRequest({ ...caravan, type: 'MISSION', missionId })],
  ];

  it.each(paths)('refuses %s in a type no licence of the pilot covers, naming the licence and the store; the licence lets it through', async (_name, url, body) => {
    const pilot = await createSignedInUser(t.app);
    const mission = await insertMission();
    const refused = await post(url, pilot, body(mission.id));
    expect(refused.statusCode).toBe(403);
    const error = refused.json<{ success: boolean; errorCode: string; message: string; field?: string }>();
    expect(error).toMatchObject({ success: false, errorCode: 'ERR_0041', field: 'aircraftIcao' });
    expect(error.message).toContain('Single-engine turbine rating');
    expect(error.message).toContain('C208');
    expect(error.message).toMatch(/buy it in the store/i);
    // Pilot's words: no code, no configuration variable.
    expect(error.message).not.toMatch(/ERR_|SET\b|[A-Z]+_[A-Z]+/);
    expect(await countFlightsOf(pilot.user.id)).toBe(0);

    await grantPilotLicence(t.app.deps.db, pilot.user.id, 'SET', t.clock.now());
    const accepted = await post(url, pilot, body(mission.id));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<TRegisteredFlight>().aircraft.icao).toBe('C208');
  });

  it('lets the flight through once the pilot bought the licence in the store with FC', async () => {
    const pilot = await createSignedInUser(t.app);
    expect((await post('/api/v1/flight', pilot, shortHopRequest(caravan))).statusCode).toBe(403);
    await creditUser(t.app.deps.db, {
      userId: pilot.user.id,
      currency: 'MFC',
      amount: 5_000,
      categoryData: { category: 'MF_BONUS', reason: 'test' },
      description: 'fund',
      idempotencyKey: `fund:${pilot.user.id}`,
      executionDate: t.clock.now(),
    });
    const [rating] = await t.app.deps.db.select().from(storeItems).where(eq(storeItems.slug, 'licence-set'));
    const order = await post(`/api/v1/order/user/${pilot.user.id}`, pilot, { items: [{ itemId: rating!.id, quantity: 1 }], payment: { type: 'WALLET' }, context: 'pilot' });
    expect(order.json()).toMatchObject({ state: 'PAID' });
    const accepted = await post('/api/v1/flight', pilot, shortHopRequest(caravan));
    expect(accepted.statusCode).toBe(200);
  });

  it('says so when the licence a type needs is not sold in the store', async () => {
    const pilot = await createSignedInUser(t.app);
    const refused = await post('/api/v1/flight', pilot, shortHopRequest({ aircraftIcao: 'MD11' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/Freighter operations.*not sold in the store yet/);
  });

  it('keeps the free licences open to every pilot: a trainer, an A320 and a 737', async () => {
    for (const aircraftIcao of ['C172', 'A320', 'B738']) {
      const pilot = await createSignedInUser(t.app);
      expect((await post('/api/v1/flight', pilot, shortHopRequest({ aircraftIcao }))).statusCode).toBe(200);
    }
  });
});
