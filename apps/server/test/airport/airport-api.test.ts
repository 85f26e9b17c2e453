import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEET_PER_NM } from '@contrail/domain/flight/flight-constants';
import { matchRunway } from '@contrail/domain/flight/landing-analysis';
import { destinationPoint, initialBearingDeg } from '@contrail/domain/geo/great-circle';
import type { TAirportDetail, TAirportSearchPage } from '@contrail/domain/reference/airport-contract';
import { importOurAirports } from '../../src/modules/airport/airport-import';
import { getAirportData, getAirportWithRunways, toFlightAirport } from '../../src/modules/airport/airport.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { hasSharedOurAirports, realFilesWith, SMALL_AIRPORTS_CSV, writeAirportsCsv } from './our-airports-fixture';
import { api } from '../support/api';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';

const search = async (t: TestApp, query: string) => {
  const response = await t.app.inject({ url: `/api/airport/v1/airport?${query}` });
  return { status: response.statusCode, body: response.json<TAirportSearchPage & { errorCode?: string; message?: string }>() };
};

/**
 * One app for the file: the embedded default set loads once (a few seconds of inserts and an index
 * build), is searched, then replaced by an import. The import group starts by finding an airport
 * only the default set has, so it proves the replacement whether or not the group above ran first.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('Airport API on the embedded default set (no import)', () => {
  it('searches the default airports on first use: exact ident first, IATA codes, names and towns', async () => {
    const byIdent = await search(t, 'query=LFPG');
    expect(byIdent.status).toBe(200);
    expect(byIdent.body.items[0]).toEqual({ ident: 'LFPG', label: 'LFPG - Charles de Gaulle International Airport (Paris, FR)' });

    const byIata = await search(t, 'query=jfk');
    expect(byIata.body.items[0]!.ident).toBe('KJFK');

    const byTown = await search(t, 'query=paris');
    const idents = byTown.body.items.map((item) => item.ident);
    expect(idents).toEqual(expect.arrayContaining(['LFPG', 'LFPO']));
    expect(idents.indexOf('LFPG')).toBeLessThan(idents.indexOf('LFPB')); // large before medium

    const byName = await search(t, 'query=charles%20de%20gaulle');
    expect(byName.body.items.map((item) => item.ident)).toContain('LFPG');

    const accents = await search(t, 'query=C%C3%B4te%20d%27azur');
    expect(accents.body.items.map((item) => item.ident)).toContain('LFMN');
  });

  it('answers the same JSON page for the same query in another case or with spaces (served from the page cache)', async () => {
    const first = await api(t.app).inject(airportRoutes.search, { query: { query: 'heathrow' } });
    const again = await t.app.inject({ url: '/api/airport/v1/airport?query=%20HEATHROW%20' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(first.json<TAirportSearchPage>().items[0]!.ident).toBe('EGLL');
    // Another page or another origin is another entry.
    expect((await search(t, 'query=heathrow&fromIdent=LFPG')).body.items[0]!.ident).toBe('EGLL');
    expect((await search(t, 'query=london&page=1')).body.items).not.toEqual((await search(t, 'query=london')).body.items);
  });

  it('answers a URL it answered before from the page it sent, and remembers only valid URLs that found a page', async () => {
    const url = '/api/airport/v1/airport?query=gatwick&page=0';
    const first = await t.app.inject({ url });
    const { searchPagesByUrl } = await getAirportData(t.app.deps.db);
    expect(searchPagesByUrl.get(url)).toBe(first.body);
    const again = await t.app.inject({ url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    // Every answer still gets its own request id and the security headers.
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');

    const refused = ['/api/airport/v1/airport?query=gatwick&page=-1', '/api/airport/v1/airport?query=gatwick&fromIdent=NOPE'];
    for (const bad of refused) {
      expect((await t.app.inject({ url: bad })).statusCode).toBeGreaterThanOrEqual(400);
      expect((await t.app.inject({ url: bad })).statusCode).toBeGreaterThanOrEqual(400);
      expect(searchPagesByUrl.has(bad)).toBe(false);
    }
  });

  it('pages the results from page 0 and orders them by distance from fromIdent', async () => {
    const first = await search(t, 'query=international&page=0');
    expect(first.body.totalItems).toBeGreaterThan(100);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalItems / 10));
    expect(first.body.items).toHaveLength(10);
    const second = await search(t, 'query=international&page=1');
    expect(second.body.items.map((i) => i.ident)).not.toEqual(expect.arrayContaining(first.body.items.map((i) => i.ident)));

    const near = await search(t, 'query=international&fromIdent=LFPG');
    expect(near.body.totalItems).toBe(first.body.totalItems);
    const positions = await Promise.all(
      near.body.items.slice(0, 4).map(async (item) => (await getAirportWithRunways(t.app.deps.db, item.ident))!.position),
    );
    const origin = (await getAirportWithRunways(t.app.deps.db, 'LFPG'))!.position;
    const distances = positions.map((p) => Math.hypot(p.latitude - origin.latitude, (p.longitude - origin.longitude) * Math.cos((origin.latitude * Math.PI) / 180)));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances[0]).toBeLessThan(5); // a few degrees from Paris, not across the world
  });

  it('refuses a query of 2 characters or fewer with a clear 400', async () => {
    for (const query of ['query=LF', 'query=%20a%20', '']) {
      const response = await search(t, query);
      expect(response.status).toBe(400);
      expect(response.body.errorCode).toBe('VALIDATION_ERROR');
    }
    expect((await search(t, 'query=LF')).body.message).toMatch(/query/);
  });

  it('answers 404 for an unknown fromIdent, and an empty page for no match', async () => {
    expect((await search(t, 'query=paris&fromIdent=QQQQ')).status).toBe(404);
    expect((await search(t, 'query=zzzqqqxx')).body).toEqual({ totalItems: 0, totalPages: 0, items: [] });
  });

  it('GET /airport/{ident} answers the airport, 404 for an unknown ident, 400 for a malformed one', async () => {
    const response = await api(t.app).inject(airportRoutes.byIdent, { params: { ident: 'lfpg' } });
    expect(response.statusCode).toBe(200);
    expect(response.json<TAirportDetail>()).toMatchObject({
      ident: 'LFPG',
      label: 'LFPG - Charles de Gaulle International Airport (Paris, FR)',
      municipality: 'Paris',
      position: { latitude: 49.012798, longitude: 2.55, altitude: 392 },
    });
    // The runways shipped with the embedded set (apps/server/data/embedded-runways.csv.gz).
    expect(response.json<TAirportDetail>().runways.map((runway) => runway.ends.map((end) => end.ident).join('/')).sort()).toEqual(['08H/26H', '08L/26R', '08R/26L', '09L/27R', '09R/27L']);
    const unknown = await api(t.app).inject(airportRoutes.byIdent, { params: { ident: 'QQQQ' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    expect((await api(t.app).inject(airportRoutes.byIdent, { params: { ident: 'LF PG!' } })).statusCode).toBe(400);
  });

  it.each([
    ['EGLL', '27L'],
    ['EGLL', '09R'],
    ['LFPG', '26R'],
    ['LFPG', '09L'],
  ])('names the touchdown runway at %s %s on a fresh start, with the distance past the threshold and the centre-line offset', async (ident, endIdent) => {
    const airport = toFlightAirport((await getAirportWithRunways(t.app.deps.db, ident))!);
    const runwayOf = airport.runways!.find((runway) => runway.ends.some((e) => e.ident === endIdent))!;
    const end = runwayOf.ends.find((e) => e.ident === endIdent)!;
    const opposite = runwayOf.ends.find((e) => e.ident !== endIdent)!;
    // 1,500 ft past the landing threshold, 12 ft right of the centre line (the line between the two ends).
    const centreLineDeg = initialBearingDeg(end, opposite);
    const onCentreLine = destinationPoint(end, centreLineDeg, ((end.displacedThresholdFt ?? 0) + 1500) / FEET_PER_NM);
    const touchdown = destinationPoint(onCentreLine, centreLineDeg + 90, 12 / FEET_PER_NM);
    const runway = matchRunway(airport, touchdown, end.headingDegTrue);
    expect(runway).toMatchObject({ airportIdent: ident, runwayIdent: endIdent });
    expect(runway!.distanceFromThresholdFt).toBeGreaterThan(1480);
    expect(runway!.distanceFromThresholdFt).toBeLessThan(1520);
    expect(runway!.centerlineOffsetFt).toBeCloseTo(12, 0);
  });
});

describe.skipIf(!hasSharedOurAirports)('Airport API after an import (last: it replaces the default set)', () => {
  const small = writeAirportsCsv(SMALL_AIRPORTS_CSV);
  afterAll(() => small.remove());

  it('searches the imported airports at once (the index is rebuilt) and serves their runways', async () => {
    expect((await search(t, 'query=beauvais')).body.totalItems).toBeGreaterThan(0); // default set first
    await importOurAirports(t.app.deps.db, realFilesWith(small.file));
    expect((await search(t, 'query=beauvais')).body.totalItems).toBe(0);
    const paris = await search(t, 'query=paris&fromIdent=LFMN');
    expect(paris.body.items.map((item) => item.ident)).toEqual(['LFPO', 'LFPG']);

    const detail = (await api(t.app).inject(airportRoutes.byIdent, { params: { ident: 'KJFK' } })).json<TAirportDetail>();
    expect(detail.runways.map((runway) => runway.ends.map((end) => end.ident).join('/')).sort()).toEqual(['04L/22R', '04R/22L', '13L/31R', '13R/31L']);

    // The hub context keeps large and medium airports only: the heliport 00A drops out.
    expect((await search(t, 'query=bensalem')).body.items.map((item) => item.ident)).toEqual(['00A']);
    expect((await search(t, 'query=bensalem&context=hub')).body.totalItems).toBe(0);

    const flightAirport = toFlightAirport(detail);
    expect(flightAirport.position).toEqual({ latitudeDeg: 40.639447, longitudeDeg: -73.779317, elevationFt: 13 });
    expect(flightAirport.runways).toHaveLength(4);
    expect(flightAirport.runways![0]!.ends[0]).not.toHaveProperty('elevationFt');
  });
});
