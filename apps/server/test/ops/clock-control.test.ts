import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { airlinePlanes } from '../../src/modules/airline/airline.schema';
import { CLOCK_CONTROL_TOKEN_HEADER } from '../../src/modules/ops/ops.plugin';
import { createTestApp, type TestApp } from '../support/test-app';
import { createAirlineFor, giveAirlineItem, premiumManager, seedAirlineReference } from '../airline/airline-fixtures';
import { api } from '../support/api';
import { airlineAssetRoutes } from '@contrail/domain/airline/airline-asset-routes';

const CLOCK_CONTROL_TOKEN = 'clock-control-test-token-0123456789abcdef';

const advance = (t: TestApp, payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/ops/clock/advance', payload: payload as object, remoteAddress, headers: { [CLOCK_CONTROL_TOKEN_HEADER]: CLOCK_CONTROL_TOKEN } });

/** CLOCK_CONTROL=on: the browser journeys move the server's clock forward (a plane delivered, an airline out of money). */
describe('clock control for the browser journeys', () => {
  let t: TestApp;
  let withoutControl: TestApp;

  beforeAll(async () => {
    [t, withoutControl] = await Promise.all([createTestApp({ CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN }), createTestApp()]);
    await seedAirlineReference(t.app);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), withoutControl?.close()]);
  });

  it('is absent unless CLOCK_CONTROL=on, and refused in production', async () => {
    expect((await advance(withoutControl, { hours: 1 })).statusCode).toBe(404);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN, DATA_DIR: 'memory://' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_CONTROL: 'on', CLOCK_CONTROL_TOKEN, DATA_DIR: 'memory://' })).toThrow(/CLOCK_CONTROL:/);
  });

  it('moves the clock forward and runs the jobs then due: a plane being built is delivered', async () => {
    const owner = await premiumManager(t.app);
    const airlineId = await createAirlineFor(t.app, owner, { hubAirportIdent: 'EGLL' });
    const hubId = (await api(t.app, owner.headers).inject(airlineAssetRoutes.hubs, { params: { id: airlineId } })).json<{ items: { id: string }[] }>().items[0]!.id;
    const itemId = await giveAirlineItem(t.app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
    const built = await api(t.app, owner.headers).inject(airlineAssetRoutes.buildPlane, { params: { id: airlineId }, body: { itemId, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId } });
    expect(built.statusCode, built.body).toBe(201);
    const planeId = built.json<{ id: string }>().id;
    const stateOf = async () => (await t.app.deps.db.select().from(airlinePlanes).where(eq(airlinePlanes.id, planeId)))[0]!.state;
    expect(await stateOf()).toBe('BUILDING');

    const before = t.app.deps.clock.now().getTime();
    const moved = await advance(t, { hours: 24 * 9 });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = moved.json<{ now: string; jobs: { name: string; outcome: string }[] }>();
    expect(new Date(body.now).getTime() - before).toBeGreaterThanOrEqual(9 * 24 * 3_600_000);
    expect(t.app.deps.clock.now().getTime() - before).toBeGreaterThanOrEqual(9 * 24 * 3_600_000);
    expect(body.jobs).toContainEqual({ name: 'airline-settlement', outcome: 'ran' });
    expect(await stateOf()).toBe('AT_AIRPORT');
  });

  it('refuses a bad move or a caller from another machine, and the clock stays where it was', async () => {
    const before = t.app.deps.clock.now().getTime();
    for (const payload of [{}, { hours: -1 }, { hours: 0 }, { hours: 'soon' }, { hours: 24 * 367 }]) {
      const refused = await advance(t, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false });
    }
    const remote = await advance(t, { hours: 1 }, '10.0.0.7');
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect(Math.abs(t.app.deps.clock.now().getTime() - before)).toBeLessThan(1000);
  });
});
