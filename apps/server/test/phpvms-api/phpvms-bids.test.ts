import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { API, createAirlineFor, giveAirlineItem, premiumManager, refreshSession, seedAirlineReference } from '../airline/airline-fixtures';
import type { SignedInUser } from '../support/factories';
import { phpvmsClient, shortHopPrefile, type PhpvmsClient } from './phpvms-kit';
import { api } from '../support/api';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';

const DAY = 86_400_000;

/**
 * phpVMS's BidTest against Contrail: a flight is a route of the pilot's airline, a bid books one of
 * its planes with Contrail's booking rules, a second bid is a 409, and an airline prefile flies the
 * booking.
 */
describe('phpVMS flights and bids over airline routes and bookings', () => {
  let t: TestApp;
  let owner: SignedInUser;
  let client: PhpvmsClient;
  let airlineId: string;
  let routeId: string;
  let planeId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: owner.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    await seedAirlineReference(t.app);
    owner = await premiumManager(t.app);
    airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
    const hubId = (await call('GET', `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>().items[0]!.id;
    const hangarItem = await giveAirlineItem(t.app, airlineId, { type: 'HANGAR', size: 'MEDIUM' });
    expect((await call('POST', `/airline/${airlineId}/hangar`, { hubId, itemId: hangarItem })).statusCode).toBe(201);
    const itemId = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
    const plane = await call('POST', `/airline/${airlineId}/plane`, { itemId, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId });
    expect(plane.statusCode, plane.body).toBe(201);
    planeId = plane.json<{ id: string }>().id;
    t.clock.advanceMs(8 * DAY);
    await t.app.deps.jobs.runDue(t.clock.now());
    await refreshSession(t.app, owner);
    const route = await call('POST', `/airline/${airlineId}/route`, { name: 'EGLL-LFPG', destinations: ['EGLL', 'LFPG'], constraints: [], planeCategory: 'MEDIUM_HAUL', departureTime: '08:00', arrivalTime: '09:15' });
    expect(route.statusCode, route.body).toBe(201);
    routeId = route.json<{ id: string }>().id;
    const key = await api(t.app, owner.headers).inject(phpvmsKeyRoutes.create, { body: { name: 'smartCARS' } });
    client = phpvmsClient(t.app, key.json<{ key: string }>().key);
  });
  afterAll(async () => t.close());

  it('lists the airline, its planes and its routes as phpVMS airlines, fleet and flights', async () => {
    expect((await client.get('/airlines')).json<{ data: { id: string }[] }>().data.map((airline) => airline.id)).toEqual(['personal', airlineId]);
    const fleet = (await client.get('/user/fleet')).json<{ data: { airline_id: string; aircraft: { id: string }[] }[] }>().data;
    expect(fleet.find((subfleet) => subfleet.airline_id === airlineId)?.aircraft.map((aircraft) => aircraft.id)).toEqual([planeId]);
    const search = (await client.get('/flights/search?dpt_airport_id=EGLL')).json<{ data: { id: string; dpt_airport_id: string; arr_airport_id: string; distance: { nmi: number } }[]; meta: { total: number } }>();
    expect(search.data).toEqual([expect.objectContaining({ id: routeId, dpt_airport_id: 'EGLL', arr_airport_id: 'LFPG' })]);
    expect(search.data[0]!.distance.nmi).toBeGreaterThan(180);
    expect((await client.get('/flights/search?dpt_airport_id=LFPG')).json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await client.get(`/flights/${routeId}`)).json()).toMatchObject({ data: { id: routeId } });
    expect((await client.get('/flights/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses an airline prefile without a booking with Contrail\'s reason in phpVMS\'s shape', async () => {
    const refused = await client.post('/pireps/prefile', shortHopPrefile({ airline_id: airlineId, aircraft_id: planeId }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ type: expect.stringMatching(/prefile-error$/), title: 'Book a plane of this airline for a route before flying for it' });
  });

  it('books with a bid, refuses a second with 409, flies the booking, and removes a bid', async () => {
    const bid = await client.post('/user/bids', { flight_id: routeId });
    expect(bid.statusCode, bid.body).toBe(200);
    expect(bid.json()).toMatchObject({ data: { flight_id: routeId, aircraft_id: planeId, flight: { id: routeId } } });
    const second = await client.put('/user/bids', { flight_id: routeId });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ title: 'A bid already exists for this flight', status: 409 });
    expect((await client.get('/user/bids')).json<{ data: unknown[] }>().data).toHaveLength(1);

    // The prefile flies the booking: the route's airports and the booked plane, whatever was sent.
    const prefiled = await client.post('/pireps/prefile', shortHopPrefile({ airline_id: airlineId, aircraft_id: planeId, arr_airport_id: 'LFPO' }));
    expect(prefiled.statusCode, prefiled.body).toBe(200);
    const pirep = prefiled.json<{ data: { id: string; arr_airport_id: string } }>().data;
    expect(pirep.arr_airport_id).toBe('LFPG');
    expect((await client.put(`/pireps/${pirep.id}/cancel`)).statusCode).toBe(200);

    // Cancelled flight: the booking is over, so the pilot bids again and removes it.
    expect((await client.post('/user/bids', { flight_id: routeId })).statusCode).toBe(200);
    const removed = await client.delete('/user/bids', { flight_id: routeId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: unknown[] }>().data).toHaveLength(0);
    expect((await client.delete('/user/bids', { flight_id: routeId })).statusCode).toBe(404);
  });
});
