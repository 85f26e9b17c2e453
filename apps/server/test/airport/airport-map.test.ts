import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAirportMapCollection, type TAirportMapCollection } from '@contrail/domain/map/airport-map-features';
import { createTestApp, type TestApp } from '../support/test-app';

describe('GET /api/airport/v1/airports/map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves the large and medium default airports as GeoJSON points, large first', async () => {
    const response = await t.app.inject({ url: '/api/airport/v1/airports/map' });
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
    const first = await t.app.inject({ url: '/api/airport/v1/airports/map' });
    const second = await t.app.inject({ url: '/api/airport/v1/airports/map' });
    expect(second.body).toBe(first.body);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await t.app.inject({ url: '/api/airport/v1/airports/map', headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const stale = await t.app.inject({ url: '/api/airport/v1/airports/map', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
  });
});
