import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { BASE, phpvmsClient, pilotWithKey, shortHopPrefile, type PhpvmsClient } from './phpvms-kit';
import { api } from '../support/api';
import { phpvmsKeyRoutes } from '@contrail/domain/phpvms-api/phpvms-key-routes';

type Problem = { type: string; title: string; details: string; status: number; error: { status: number; message: string } };

/** phpVMS's AcarsTest, PIREPTest and ApiTest cases for its clients, written again against Contrail. */
describe('the phpVMS ACARS API', () => {
  let t: TestApp;
  let client: PhpvmsClient;
  let apiKey: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    ({ apiKey } = await pilotWithKey(t.app));
    client = phpvmsClient(t.app, apiKey);
  });
  afterAll(async () => t.close());

  const prefileNew = async (overrides: Record<string, unknown> = {}) => {
    const response = await client.post('/pireps/prefile', shortHopPrefile(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: string; state: number; status: string } }>().data;
  };
  const position = (seconds: number, extra: Record<string, unknown> = {}) => ({
    lat: 51.47 + seconds / 10_000,
    lon: -0.45,
    altitude: 80,
    heading: 270,
    gs: 0,
    sim_time: new Date(t.clock.now().getTime() + seconds * 1000).toISOString(),
    ...extra,
  });

  describe('authentication (ApiTest)', () => {
    it('refuses a missing, empty or wrong key with 401 in phpVMS\'s shape, and never echoes the key', async () => {
      const missing = await t.app.inject({ url: `${BASE}/user` });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ error: { code: '401', http_code: 'Unauthorized', message: 'Invalid or missing API key (X-API-KEY header missing)' } });
      for (const value of ['', 'not-a-key-of-anyone-0123456789', `${apiKey}x`]) {
        const response = await t.app.inject({ url: `${BASE}/user`, headers: { 'x-api-key': value } });
        expect(response.statusCode).toBe(401);
        expect(response.body).not.toContain(apiKey);
        expect(response.json<{ error: { message: string } }>().error.message).toMatch(/^Invalid or missing API key/);
      }
    });

    it('accepts the key in X-API-Key or the bare Authorization header, in any header case', async () => {
      for (const header of ['x-api-key', 'X-API-KEY', 'X-Api-Key', 'Authorization', 'authorization', 'AUTHORIZATION']) {
        const response = await t.app.inject({ url: `${BASE}/user`, headers: { [header]: apiKey } });
        expect(response.statusCode, header).toBe(200);
      }
      expect((await client.get('/user')).json<{ data: { id: string } }>().data.id).toMatch(/^[0-9a-f-]{36}$/);
      // A client given only the base URL (…/api/phpvms) appends phpVMS's own /api/… to it.
      expect((await t.app.inject({ url: `${BASE}/api/user`, headers: { 'x-api-key': apiKey } })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `${BASE}/api/user` })).statusCode).toBe(401);
    });

    it('stops working once revoked from the profile', async () => {
      const pilot = await pilotWithKey(t.app);
      const keys = await api(t.app, pilot.headers).inject(phpvmsKeyRoutes.list);
      const [key] = keys.json<{ items: { id: string; prefix: string }[] }>().items;
      expect(keys.body).not.toContain(pilot.apiKey);
      expect(key!.prefix).toBe(pilot.apiKey.slice(0, 6));
      expect((await phpvmsClient(t.app, pilot.apiKey).get('/user')).statusCode).toBe(200);
      expect((await api(t.app, pilot.headers).inject(phpvmsKeyRoutes.revoke, { params: { keyId: key!.id } })).statusCode).toBe(200);
      expect((await phpvmsClient(t.app, pilot.apiKey).get('/user')).statusCode).toBe(401);
      // Another pilot cannot revoke it, nor see it.
      const other = await pilotWithKey(t.app);
      const otherKeys = (await api(t.app, other.headers).inject(phpvmsKeyRoutes.list)).json<{ items: { id: string }[] }>().items;
      const refused = await api(t.app, pilot.headers).inject(phpvmsKeyRoutes.revoke, { params: { keyId: otherKeys[0]!.id } });
      expect(refused.statusCode).toBe(404);
      expect((await phpvmsClient(t.app, other.apiKey).get('/user')).statusCode).toBe(200);
    });
  });

  describe('prefile (AcarsTest)', () => {
    it('refuses a prefile without an airline, without airports, or with what Contrail cannot fly, with phpVMS\'s messages', async () => {
      const noAirline = await client.post('/pireps/prefile', { ...shortHopPrefile(), airline_id: undefined });
      expect(noAirline.statusCode).toBe(400);
      expect(noAirline.json<Problem>().type).toMatch(/validation-exception$/);
      const blank = await client.post('/pireps/prefile', shortHopPrefile({ dpt_airport_id: null, arr_airport_id: null }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json<Problem>().details).toBe('A departure airport is required, An arrival airport is required');
      expect(blank.json<Problem>().error).toEqual({ status: 400, message: 'A departure airport is required, An arrival airport is required' });
      const otherAirline = await client.post('/pireps/prefile', shortHopPrefile({ airline_id: '00000000-0000-4000-8000-000000000000' }));
      expect(otherAirline.statusCode).toBe(400);
      const unknownType = await client.post('/pireps/prefile', shortHopPrefile({ aircraft_id: 'ZZZZ' }));
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json<Problem>()).toMatchObject({ title: 'The aircraft is not available for flight', status: 400 });
      const unknownAirport = await client.post('/pireps/prefile', shortHopPrefile({ arr_airport_id: 'ZZZZ' }));
      expect(unknownAirport.statusCode).toBe(400);
      expect(unknownAirport.json<Problem>()).toMatchObject({ type: expect.stringMatching(/prefile-error$/), title: 'Unknown airport ZZZZ' });
      expect(unknownAirport.headers['content-type']).toContain('application/problem+json');
    });

    it('answers a duplicate prefile with the report already in progress', async () => {
      const first = await prefileNew({ flight_number: '7000' });
      expect(first).toMatchObject({ state: 0, status: 'INI' });
      const again = await prefileNew({ flight_number: '7000' });
      expect(again.id).toBe(first.id);
      // Another flight while this one is in progress: Contrail's rule (one flight at a time), in phpVMS's shape.
      const other = await client.post('/pireps/prefile', shortHopPrefile({ flight_number: '7001' }));
      expect(other.statusCode).toBe(400);
      expect(other.json<Problem>().title).toMatch(/already on a flight/);
      expect((await client.put(`/pireps/${first.id}/cancel`)).statusCode).toBe(200);
    });
  });

  describe('a report from prefile to filing', () => {
    it('updates, positions, route, fields, logs, comments, filing and read back', async () => {
      const pirep = await prefileNew();
      const positions = `/pireps/${pirep.id}/acars/position`;

      // Updates: the phase, custom fields and what the client declares.
      const updated = await client.post(`/pireps/${pirep.id}/update`, { status: 'BST', fields: { custom_field: 'custom_value' }, notes: 'Gate 12' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ data: { status: 'BST', status_text: 'Boarding', notes: 'Gate 12', fields: { custom_field: 'custom_value' } } });
      expect((await client.put(`/pireps/${pirep.id}`, { fields: { custom_field: 'custom_value_changed' } })).json()).toMatchObject({ data: { fields: { custom_field: 'custom_value_changed' } } });
      expect((await client.put(`/pireps/${pirep.id}/update`, { flight_time: '1:30' })).statusCode).toBe(400);

      // Positions: none is a 400, one counts 1, a replay of the same ids is idempotent.
      expect((await client.post(positions, {})).statusCode).toBe(400);
      expect((await client.post(positions, { positions: [] })).statusCode).toBe(400);
      const one = await client.post(positions, { positions: [position(0, { id: 'p0', log: 'Boarding' })] });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ message: '1 positions added', count: 1 });
      // Sent out of order: read back in simulator-time order.
      const batch = [position(30, { id: 'p3' }), position(10, { id: 'p1' }), position(20, { id: 'p2' })];
      expect((await client.post(`/pireps/${pirep.id}/acars/positions`, { positions: batch })).json()).toMatchObject({ count: 3 });
      expect((await client.post(`/pireps/${pirep.id}/acars/positions`, { positions: batch })).json()).toMatchObject({ count: 3 });
      const readBack = (await client.get(positions)).json<{ data: { id: string; lat: number; log: string | null; fuel: unknown; distance: unknown; sim_time: string }[] }>().data;
      expect(readBack.map((row) => row.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
      expect(readBack[0]).toMatchObject({ log: 'Boarding', lat: 51.47, fuel: { kg: 0, lbs: 0 }, distance: { m: 0, km: 0, mi: 0, nmi: 0 } });
      expect(readBack[0]!.sim_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      // A position that is not one: its field named.
      const bad = await client.post(positions, { positions: [{ lat: 'north', lon: 2 }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(['positions.0.lat']);

      // Route: replaced as a whole, read back in order, deleted.
      expect((await client.post(`/pireps/${pirep.id}/route`, { order: 1, name: 'NAVPOINT' })).statusCode).toBe(400);
      expect((await client.post(`/pireps/${pirep.id}/route`, { route: [{ name: 'NAVPOINT', order: 1, lat: 'x', lon: 1 }] })).statusCode).toBe(400);
      const route = [
        { id: 'r2', name: 'KENET', order: 2, nav_type: 1, lat: 51.2, lon: -0.1 },
        { id: 'r1', name: 'MODMI', order: 1, nav_type: 1, lat: 51.3, lon: -0.3 },
      ];
      expect((await client.post(`/pireps/${pirep.id}/route`, { route })).json()).toMatchObject({ count: 2 });
      expect((await client.post(`/pireps/${pirep.id}/route`, { route })).json()).toMatchObject({ count: 2 });
      expect((await client.get(`/pireps/${pirep.id}/route`)).json<{ data: { name: string }[] }>().data.map((point) => point.name)).toEqual(['MODMI', 'KENET']);
      expect((await client.delete(`/pireps/${pirep.id}/route`)).statusCode).toBe(200);
      expect((await client.get(`/pireps/${pirep.id}/route`)).json<{ data: unknown[] }>().data).toHaveLength(0);

      // Fields standalone.
      const fields = await client.post(`/pireps/${pirep.id}/fields`, { fields: { 'Departure Gate': 'G26' } });
      expect(fields.statusCode).toBe(200);
      expect(fields.json<{ data: Record<string, string> }>().data['Departure Gate']).toBe('G26');
      expect((await client.get(`/pireps/${pirep.id}/fields`)).json()).toMatchObject({ data: { 'Departure Gate': 'G26', custom_field: 'custom_value_changed' } });

      // Logs and events.
      expect((await client.post(`/pireps/${pirep.id}/acars/logs`, { logs: [{ log: 'Engines started' }, { log: 'Taxi' }] })).json()).toMatchObject({ count: 2 });
      expect((await client.post(`/pireps/${pirep.id}/acars/events`, { events: [{ event: 'Gear down' }] })).json()).toMatchObject({ count: 1 });
      expect((await client.post(`/pireps/${pirep.id}/acars/logs`, {})).statusCode).toBe(400);

      // Filing: nothing is a 400, "1:30" is not an integer, then once only.
      const file = `/pireps/${pirep.id}/file`;
      expect((await client.post(file, {})).statusCode).toBe(400);
      const notInteger = await client.post(file, { flight_time: '1:30', distance: 400 });
      expect(notInteger.statusCode).toBe(400);
      expect(notInteger.json<Problem>().details).toBe('The flight time must be an integer');
      const filed = await client.post(file, { flight_time: 130, fuel_used: 8000.19, distance: 400 });
      expect(filed.statusCode, filed.body).toBe(200);
      const body = filed.json<{ data: { state: number; distance: { nmi: number }; declared: { distance: { nmi: number } }; block_off_time: string | null; block_on_time: string | null; contrail: { review_status: string } } }>().data;
      // Four positions on the apron are no flight: the judge rejects it, nothing declared counts.
      expect(body).toMatchObject({ state: 6, distance: { nmi: 0 }, declared: { distance: { nmi: 400 } }, contrail: { review_status: 'not-flown' } });
      expect(body.block_off_time).not.toBeNull();
      expect(body.block_on_time).not.toBeNull();
      const refile = await client.post(file, { flight_time: 130, fuel_used: 8000.19, distance: 400 });
      expect(refile.statusCode).toBe(400);
      expect(refile.json<Problem>().title).toBe('PIREP is read-only');

      // Comments: 201, then listed.
      const comment = await client.post(`/pireps/${pirep.id}/comments`, { comment: 'A comment' });
      expect(comment.statusCode).toBe(201);
      expect((await client.post(`/pireps/${pirep.id}/comments`, {})).statusCode).toBe(400);
      expect((await client.get(`/pireps/${pirep.id}/comments`)).json<{ data: { comment: string }[] }>().data.map((row) => row.comment)).toEqual(['A comment']);
      expect((await client.get(`/pireps/${pirep.id}`)).json()).toMatchObject({ data: { id: pirep.id, state: 6, comments: [{ comment: 'A comment' }] } });
    });

    it('cancels: the state says so, and positions are refused after', async () => {
      const pirep = await prefileNew({ flight_number: '8000' });
      const cancelled = await client.delete(`/pireps/${pirep.id}/cancel`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ message: `PIREP ${pirep.id} cancelled` });
      expect((await client.get(`/pireps/${pirep.id}`)).json()).toMatchObject({ data: { state: 3, status: 'DX' } });
      const refused = await client.post(`/pireps/${pirep.id}/acars/position`, { positions: [position(0)] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<Problem & { pirep_id: string }>()).toMatchObject({ title: 'PIREP has been cancelled, updates are not allowed', pirep_id: pirep.id });
      expect((await client.post(`/pireps/${pirep.id}/update`, { notes: 'x' })).statusCode).toBe(400);
      expect((await client.post(`/pireps/${pirep.id}/file`, { flight_time: 10, distance: 10 })).statusCode).toBe(400);
      // The pilot may fly again at once.
      const next = await prefileNew({ flight_number: '8001' });
      expect((await client.put(`/pireps/${next.id}/cancel`)).statusCode).toBe(200);
    });
  });

  it('answers 404 for a report that does not exist or is another pilot\'s', async () => {
    expect((await client.get('/pireps/DOESNTEXIST')).statusCode).toBe(404);
    const store = await client.post('/pireps/DOESNTEXIST/acars/position', { positions: [position(0)] });
    expect(store.statusCode).toBe(404);
    expect(store.json<Problem>()).toMatchObject({ type: expect.stringMatching(/pirep-not-found$/), title: 'PIREP DOESNTEXIST not found' });
    const other = await pilotWithKey(t.app);
    const othersPirep = (await phpvmsClient(t.app, other.apiKey).post('/pireps/prefile', shortHopPrefile())).json<{ data: { id: string } }>().data;
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/acars/position'],
      ['POST', '/file'],
      ['PUT', '/cancel'],
      ['GET', '/fields'],
      ['POST', '/comments'],
    ] as const) {
      const response = method === 'GET' ? await client.get(`/pireps/${othersPirep.id}${path}`) : method === 'PUT' ? await client.put(`/pireps/${othersPirep.id}${path}`) : await client.post(`/pireps/${othersPirep.id}${path}`, { positions: [position(0)], comment: 'x', flight_time: 1, distance: 1 });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await phpvmsClient(t.app, other.apiKey).get(`/pireps/${othersPirep.id}`)).json()).toMatchObject({ data: { state: 0 } });
    expect((await client.get('/no-such-route')).statusCode).toBe(404);
  });

  it('pages and filters user/pireps as phpVMS does', async () => {
    const pilot = await pilotWithKey(t.app);
    const own = phpvmsClient(t.app, pilot.apiKey);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const pirep = (await own.post('/pireps/prefile', shortHopPrefile({ flight_number: `90${i}` }))).json<{ data: { id: string } }>().data;
      ids.push(pirep.id);
      t.clock.advanceMs(1000);
      if (i < 2) expect((await own.put(`/pireps/${pirep.id}/cancel`)).statusCode).toBe(200);
    }
    const page = (await own.get('/user/pireps')).json<{ data: { id: string }[]; links: Record<string, string | null>; meta: Record<string, number | null | string> }>();
    // Cancelled reports are left out unless asked for.
    expect(page.data.map((row) => row.id)).toEqual([ids[2]]);
    expect(page.meta).toMatchObject({ current_page: 1, last_page: 1, per_page: 50, total: 1, from: 1, to: 1 });
    expect(page.links).toMatchObject({ prev: null, next: null });
    const cancelled = (await own.get('/user/pireps?state=3')).json<{ data: { id: string }[] }>();
    expect(cancelled.data.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect((await own.get('/user/pireps?page=2')).json<{ data: unknown[]; meta: { current_page: number } }>()).toMatchObject({ data: [], meta: { current_page: 2 } });
    await own.put(`/pireps/${ids[2]}/cancel`);
  });

  it('answers the pilot, airlines, an airport and the fleet in phpVMS\'s shapes', async () => {
    expect((await client.get('/user')).json()).toMatchObject({ data: { airline_id: 'personal', state: 1 } });
    expect((await client.get('/airlines')).json<{ data: { id: string }[] }>().data[0]).toMatchObject({ id: 'personal', icao: 'CTR' });
    expect((await client.get('/airports/lfpg')).json()).toMatchObject({ data: { id: 'LFPG', icao: 'LFPG', iata: 'CDG' } });
    expect((await client.get('/airports/ZZZZ')).json()).toMatchObject({ status: 404, title: 'Airport ZZZZ not found' });
    const fleet = (await client.get('/user/fleet')).json<{ data: { type: string; aircraft: { id: string }[] }[] }>().data;
    expect(fleet.find((subfleet) => subfleet.type === 'A320')?.aircraft[0]?.id).toBe('A320');
    expect((await client.get('/fleet')).statusCode).toBe(200);
  });
});
