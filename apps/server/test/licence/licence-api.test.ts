import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLicenseAircraft, TPilotLicense } from '@contrail/domain/reference/pilot-licences';
import { assertPilotMayFly, grantPilotLicence, pilotMayFly } from '../../src/modules/licence/licence.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { licenceRoutes } from '@contrail/domain/reference/licence-routes';

describe('pilot licences', () => {
  let t: TestApp;
  let pilot: SignedInUser;
  let other: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    pilot = await createSignedInUser(t.app);
    other = await createSignedInUser(t.app);
  });
  afterAll(async () => t.close());

  it('GET /api/v1/pilot-licenses lists every licence with its aircraft, or the free ones only', async () => {
    const all = (await api(t.app).inject(licenceRoutes.list)).json<TPilotLicense[]>();
    expect(all.length).toBeGreaterThanOrEqual(10);
    const widebody = all.find((licence) => licence.code === 'WIDEBODY')!;
    expect(widebody.isFree).toBe(false);
    expect(widebody.aircraftInformation.map((aircraft) => aircraft.icao)).toContain('A388');
    expect(widebody.aircraftInformation[0]).toHaveProperty('maxPaxCapacity');

    const free = (await api(t.app).inject(licenceRoutes.list, { query: { onlyFreeLicenses: 'true' } })).json<TPilotLicense[]>();
    expect(free.map((licence) => licence.code)).toEqual(['PPL', 'ATPL_A320', 'ATPL_B737']);
    expect((await api(t.app).injectLoose(licenceRoutes.list, { query: { onlyFreeLicenses: 'maybe' } })).statusCode).toBe(400);
  });

  it('GET /api/v1/pilot/{id}/licenses-aircrafts: the free licences, plus the paid ones granted', async () => {
    const url = `/api/v1/pilot/${pilot.user.id}/licenses-aircrafts`;
    const before = (await t.app.inject({ url, headers: pilot.headers })).json<TLicenseAircraft[]>();
    expect(before.map((licence) => licence.code)).toEqual(['PPL', 'ATPL_A320', 'ATPL_B737']);
    expect(before[1]!.aircraftsIcao).toContain('A20N');
    expect(await pilotMayFly(t.app.deps.db, pilot.user.id, 'b77w')).toBe(false);
    await expect(assertPilotMayFly(t.app.deps.db, pilot.user.id, 'B77W')).rejects.toMatchObject({ code: 'ERR_0041', httpStatus: 403 });

    await grantPilotLicence(t.app.deps.db, pilot.user.id, 'WIDEBODY', t.clock.now());
    await grantPilotLicence(t.app.deps.db, pilot.user.id, 'WIDEBODY', t.clock.now());
    const after = (await t.app.inject({ url, headers: pilot.headers })).json<TLicenseAircraft[]>();
    expect(after.map((licence) => licence.code)).toEqual(['PPL', 'ATPL_A320', 'ATPL_B737', 'WIDEBODY']);
    await expect(assertPilotMayFly(t.app.deps.db, pilot.user.id, 'B77W')).resolves.toBeUndefined();
    // The other pilot did not get it.
    expect(await pilotMayFly(t.app.deps.db, other.user.id, 'B77W')).toBe(false);
    await expect(grantPilotLicence(t.app.deps.db, pilot.user.id, 'NOPE', t.clock.now())).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('refuses another pilot\'s licences (403) and anonymous calls (401)', async () => {
    const url = `/api/v1/pilot/${pilot.user.id}/licenses-aircrafts`;
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await api(t.app, pilot.headers).inject(licenceRoutes.pilotAircraft, { params: { id: 'not-a-uuid' } })).statusCode).toBe(400);
  });
});
