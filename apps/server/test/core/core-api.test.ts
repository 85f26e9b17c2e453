import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAircraftConfiguration } from '@contrail/domain/reference/aircraft-configuration';
import type { TAircraftInformation } from '@contrail/domain/reference/aircraft-information';
import type { TCareerLevel } from '@contrail/domain/reference/career-levels';
import type { TCountry } from '@contrail/domain/reference/countries';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { coreRoutes } from '@contrail/domain/reference/core-routes';

const CORE = '/api/core/v1';

describe('Core API', () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createSignedInUser(t.app);
    bob = await createSignedInUser(t.app);
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: `${CORE}${url}`, headers });
  const create = (user: SignedInUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${CORE}/aircraft-config/`, headers: user.headers, payload });

  it('GET /carreer-level lists the 100 levels of the curve', async () => {
    const levels = (await get('/carreer-level')).json<TCareerLevel[]>();
    expect(levels).toHaveLength(100);
    expect(levels[0]).toEqual({ level: 1, minXp: 0, maxXp: 59, value: 'STUDENT_PILOT' });
    expect(levels[9]).toMatchObject({ level: 10, minXp: 4860 });
  });

  it('GET /country lists countries in English by default, in French or Spanish on request', async () => {
    const english = (await get('/country')).json<TCountry[]>();
    expect(english.length).toBeGreaterThan(240);
    expect(english.find((country) => country.iso === 'DE')!.name).toBe('Germany');
    const french = (await get('/country?lang=fr')).json<TCountry[]>();
    expect(french.find((country) => country.iso === 'DE')!.name).toBe('Allemagne');
    const spanish = (await get('/country', { 'accept-language': 'es-ES,es;q=0.9' })).json<TCountry[]>();
    expect(spanish.find((country) => country.iso === 'DE')!.name).toBe('Alemania');
    expect((await get('/country?lang=de')).statusCode).toBe(400);
  });

  it('GET /aircraft-information lists the catalogue, filtered by category', async () => {
    const all = (await get('/aircraft-information')).json<TAircraftInformation[]>();
    expect(all.length).toBeGreaterThanOrEqual(60);
    const cargo = (await get('/aircraft-information?category=CARGO')).json<TAircraftInformation[]>();
    expect(cargo.length).toBeGreaterThan(0);
    expect(cargo.every((aircraft) => aircraft.category === 'CARGO')).toBe(true);
    expect(cargo.map((aircraft) => aircraft.icao)).toContain('MD11');
    expect((await get('/aircraft-information?category=JUMBO')).statusCode).toBe(400);
  });

  it('GET /aircraft-information/{icao}: the type, 404 when unknown, 400 when malformed', async () => {
    const a320 = await get('/aircraft-information/a320');
    expect(a320.statusCode).toBe(200);
    expect(a320.json<TAircraftInformation>()).toMatchObject({ icao: 'A320', name: 'Airbus A320', category: 'MEDIUM_HAUL', maxPaxCapacity: 180 });
    expect((await get('/aircraft-information/ZZZZ')).statusCode).toBe(404);
    const malformed = await get('/aircraft-information/A3-20');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });

  it('GET /aircraft-config/type/DEFAULT/icao/{icao}: the read-only default layout of the type', async () => {
    const response = await get('/aircraft-config/type/DEFAULT/icao/B738');
    expect(response.json<TAircraftConfiguration>()).toEqual({
      id: 'DEFAULT-B738', type: 'DEFAULT', name: 'Boeing 737-800 (default)', icao: 'B738', first: 0, business: 16, eco: 144,
    });
    expect((await get('/aircraft-config/type/DEFAULT/icao/QQQQ')).statusCode).toBe(404);
  });

  it('POST /aircraft-config/ creates a CUSTOM configuration within the capacity, unique by name per type', async () => {
    const created = await create(alice, { icao: 'a320', name: 'Holiday charter', first: 0, business: 0, eco: 180, type: 'CUSTOM' });
    expect(created.statusCode).toBe(201);
    expect(created.json<TAircraftConfiguration>()).toMatchObject({ type: 'CUSTOM', icao: 'A320', name: 'Holiday charter', eco: 180 });

    const overCapacity = await create(alice, { icao: 'A320', name: 'Sardines', first: 0, business: 10, eco: 171 });
    expect(overCapacity.statusCode).toBe(400);
    expect(overCapacity.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'eco' });
    expect(overCapacity.json<{ message: string }>().message).toMatch(/181 seats exceed the 180-passenger capacity/);

    const sameName = await create(alice, { icao: 'A320', name: 'HOLIDAY CHARTER', first: 0, business: 20, eco: 100 });
    expect(sameName.statusCode).toBe(409);
    // The same name on another type, or for another user, is fine.
    expect((await create(alice, { icao: 'A321', name: 'Holiday charter', first: 0, business: 0, eco: 200 })).statusCode).toBe(201);
    expect((await create(bob, { icao: 'A320', name: 'Holiday charter', first: 0, business: 0, eco: 150 })).statusCode).toBe(201);

    expect((await create(alice, { icao: 'ZZZZ', name: 'Unknown', first: 0, business: 0, eco: 1 })).json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'icao' });
    expect((await create(alice, { icao: 'A3-20', name: 'Malformed', first: 0, business: 0, eco: 1 })).statusCode).toBe(400);
    expect((await create(alice, { icao: 'A320', name: 'Negative', first: -1, business: 0, eco: 1 })).statusCode).toBe(400);
    expect((await create(alice, { icao: 'A320', name: 'Default', first: 0, business: 0, eco: 1, type: 'DEFAULT' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${CORE}/aircraft-config/`, payload: { icao: 'A320', name: 'x', first: 0, business: 0, eco: 1 } })).statusCode).toBe(401);
  });

  it('GET /aircraft-config/user/{userId} lists only the caller\'s own configurations', async () => {
    const mine = (await get(`/aircraft-config/user/${alice.user.id}`, alice.headers)).json<TAircraftConfiguration[]>();
    expect(mine.map((c) => `${c.icao} ${c.name}`)).toEqual(['A320 Holiday charter', 'A321 Holiday charter']);
    expect((await get(`/aircraft-config/user/${bob.user.id}`, alice.headers)).statusCode).toBe(403);
  });

  it('PUT and DELETE /aircraft-config/{id}: only the owner may change or delete, the rules still hold', async () => {
    const [config] = (await get(`/aircraft-config/user/${alice.user.id}`, alice.headers)).json<TAircraftConfiguration[]>();
    const url = `${CORE}/aircraft-config/${config!.id}`;
    const update = { icao: 'A320', name: 'Two-class', first: 0, business: 24, eco: 132 };

    // Another user: 404 (as if it did not exist), and nothing changes.
    expect((await t.app.inject({ method: 'PUT', url, headers: bob.headers, payload: update })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bob.headers })).statusCode).toBe(404);
    const untouched = (await get(`/aircraft-config/user/${alice.user.id}`, alice.headers)).json<TAircraftConfiguration[]>();
    expect(untouched.find((c) => c.id === config!.id)).toEqual(config);

    const overCapacity = await t.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { ...update, eco: 200 } });
    expect(overCapacity.statusCode).toBe(400);
    const clash = await t.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { ...update, icao: 'A321', name: 'holiday charter' } });
    expect(clash.statusCode).toBe(409);

    const updated = await t.app.inject({ method: 'PUT', url, headers: alice.headers, payload: update });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<TAircraftConfiguration>()).toEqual({ id: config!.id, type: 'CUSTOM', ...update });

    expect((await api(t.app, alice.headers).injectLoose(coreRoutes.updateConfiguration, { params: { id: 'DEFAULT-A320' }, body: update })).statusCode).toBe(403);
    expect((await api(t.app, alice.headers).inject(coreRoutes.deleteConfiguration, { params: { id: 'DEFAULT-A320' } })).statusCode).toBe(403);
    expect((await api(t.app, alice.headers).inject(coreRoutes.deleteConfiguration, { params: { id: 'not-a-uuid' } })).statusCode).toBe(404);

    const deleted = await t.app.inject({ method: 'DELETE', url, headers: alice.headers });
    expect(deleted.json()).toEqual({ success: true, message: 'Configuration deleted', errorCode: null });
    expect((await t.app.inject({ method: 'DELETE', url, headers: alice.headers })).statusCode).toBe(404);
    const left = (await get(`/aircraft-config/user/${alice.user.id}`, alice.headers)).json<TAircraftConfiguration[]>();
    expect(left.map((c) => c.icao)).toEqual(['A321']);
  });
});
