import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAirportMapCollection, type TAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';

describe('GET /api/airport/v1/airports/map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves the large and medium default airports as GeoJSON points, large first', async () => {
    const response = await api(t.app).inject(airportRoutes.map);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = ZAirportMapCollection.parse(response.json()) satisfies TAirportMapCollection;
    expect(body.features.length).toBeGreaterThan(1000);
    const sizes = body.features.map((feature) => feature.properties.size);
    expect(sizes.lastIndexOf('large')).toBeLessThan(sizes.indexOf('medium'));
    const lfpg = body.features.find((feature) => feature.id === 'LFPG');
    expect(lfpg?.properties).toMatchObject({ ident: 'LFPG', size: 'large' });
    expect(lfpg!.geometry.coordinates[0]).toBeCloseTo(2.55, 1);
    expect(lfpg!.geometry.coordinates[1]).toBeCloseTo(49.01, 1);
  });

  it('builds the text once and answers 304 to a current If-None-Match', async () => {
    const first = await api(t.app).inject(airportRoutes.map);
    const second = await api(t.app).inject(airportRoutes.map);
    expect(second.body).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await api(t.app, { 'if-none-match': etag }).inject(airportRoutes.map);
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await api(t.app, { 'if-none-match': '"old"' }).inject(airportRoutes.map);
    expect(stale.statusCode).toBe(200);
  });
});
