import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZNetworkFlightsResponse, ZNetworkStatsResponse, type TNetworkFeedStats } from '@contrail/domain/network/network-contract';
import { createTestApp, type TestApp } from '../support/test-app';
import { IVAO_SNAPSHOT, VATSIM_SNAPSHOT, hasNetworkData, startFeedServer, vatsimFeed, type FeedServer } from './network-test-support';
import { api } from '../support/api';
import { networkRoutes } from '@contrail/domain/network/network-routes';

const getFlights = async (t: TestApp, network: string) => {
  const response = await api(t.app).injectLoose(networkRoutes.flights, { params: { network } });
  expect(response.statusCode).toBe(200);
  return ZNetworkFlightsResponse.parse(response.json());
};

const getStats = async (t: TestApp, network: 'vatsim' | 'ivao'): Promise<TNetworkFeedStats> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/v1/network/stats' });
  expect(response.statusCode).toBe(200);
  return ZNetworkStatsResponse.parse(response.json()).feeds.find((feed) => feed.network === network)!;
};

describe('network traffic without configured feeds (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 with available false and the reason, for both networks', async () => {
    for (const network of ['vatsim', 'ivao']) {
      const body = await getFlights(t, network);
      expect(body).toMatchObject({ network, available: false, reason: 'NOT_CONFIGURED', flights: [], updatedAt: null });
      expect(body.message).toMatch(network === 'vatsim' ? /VATSIM_FEED_URL/ : /IVAO_FEED_URL/);
    }
    expect(await getStats(t, 'vatsim')).toMatchObject({ isConfigured: false, isPolling: false, pollCount: 0, requestCount: 1 });
  });

  it('refuses an unknown network with a 400 in the action shape', async () => {
    const response = await api(t.app).injectLoose(networkRoutes.flights, { params: { network: 'pilotedge' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/network/{network}/flights', '/api/v1/network/stats']));
  });
});

describe.skipIf(!hasNetworkData)('network traffic from the real snapshots as file feeds', () => {
  let t: TestApp;
  beforeAll(async () => {
    // VATSIM as a plain path, IVAO as a file:// URL.
    t = await createTestApp({ VATSIM_FEED_URL: VATSIM_SNAPSHOT, IVAO_FEED_URL: pathToFileURL(IVAO_SNAPSHOT).href });
  });
  afterAll(async () => t.close());

  it('does not poll before anyone looks (lazy start)', async () => {
    expect(await getStats(t, 'vatsim')).toMatchObject({ isConfigured: true, isPolling: false, pollCount: 0 });
    expect(await getStats(t, 'ivao')).toMatchObject({ isConfigured: true, isPolling: false, pollCount: 0 });
  });

  it('serves every VATSIM pilot with a position, once, to any number of simultaneous viewers', async () => {
    const bodies = await Promise.all(Array.from({ length: 50 }, () => getFlights(t, 'vatsim')));
    for (const body of bodies) {
      expect(body).toMatchObject({ network: 'vatsim', available: true, reason: null, updatedAt: '2024-02-20T23:19:51.947Z' });
      expect(body.flights).toHaveLength(702);
      // general.reload is 1 minute.
      expect(body.pollIntervalMs).toBe(60_000);
    }
    expect(bodies[0]!.flights.find((flight) => flight.flightNumber === 'QFA10')).toMatchObject({
      id: expect.stringMatching(/^vatsim:/),
      departure: 'EGLL',
      arrival: 'YPPH',
      heading: 134,
    });
    const stats = await getStats(t, 'vatsim');
    expect(stats).toMatchObject({ isPolling: true, pollCount: 1, successCount: 1, failureCount: 0, flightCount: 702, requestCount: 50 });
  });

  it('serves IVAO pilots with a position and skips the two without', async () => {
    const body = await getFlights(t, 'ivao');
    expect(body).toMatchObject({ available: true, updatedAt: '2023-01-04T16:04:22.381Z', pollIntervalMs: 15_000 });
    expect(body.flights).toHaveLength(712);
    expect(body.flights.find((flight) => flight.flightNumber === 'SVA213')).toMatchObject({ departure: 'OEMA', arrival: 'OMAA' });
    expect(body.flights.some((flight) => flight.flightNumber === 'UAL855')).toBe(false);
    for (let i = 0; i < 20; i += 1) await getFlights(t, 'ivao');
    expect(await getStats(t, 'ivao')).toMatchObject({ pollCount: 1, requestCount: 21 });
  });
});

describe('a file feed that changes', () => {
  let t: TestApp;
  let dir: string;
  let feedFile: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-network-'));
    feedFile = path.join(dir, 'vatsim.json');
    fs.writeFileSync(feedFile, vatsimFeed(['AFR1']));
    t = await createTestApp({ VATSIM_FEED_URL: feedFile, VATSIM_FEED_POLL_INTERVAL_MS: '40' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is re-read every interval', async () => {
    expect((await getFlights(t, 'vatsim')).flights.map((f) => f.flightNumber)).toEqual(['AFR1']);
    fs.writeFileSync(feedFile, vatsimFeed(['AFR1', 'BAW2']));
    await vi.waitFor(async () => expect((await getFlights(t, 'vatsim')).flights.map((f) => f.flightNumber)).toEqual(['AFR1', 'BAW2']), {
      timeout: 3000,
      interval: 20,
    });
    const stats = await getStats(t, 'vatsim');
    expect(stats.pollCount).toBeGreaterThanOrEqual(2);
    expect(stats.pollIntervalMs).toBe(40);
  });

  it('tags each snapshot so a viewer can revalidate with If-None-Match', async () => {
    const url = '/api/v1/network/vatsim/flights';
    const first = await t.app.inject({ method: 'GET', url });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"vatsim-/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    fs.writeFileSync(feedFile, vatsimFeed(['AFR1', 'BAW2', 'EZY3']));
    await vi.waitFor(async () => expect((await getFlights(t, 'vatsim')).flights).toHaveLength(3), { timeout: 3000, interval: 20 });
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('keeps serving the last good snapshot while the file is broken, then calls it stale', async () => {
    fs.writeFileSync(feedFile, '{ "general": {}, "pilots": ');
    await vi.waitFor(async () => expect((await getStats(t, 'vatsim')).lastError).toBe('the feed is not JSON'), { timeout: 3000, interval: 20 });
    const body = await getFlights(t, 'vatsim');
    expect(body).toMatchObject({ available: true, reason: null });
    expect(body.flights).toHaveLength(3);

    fs.writeFileSync(feedFile, JSON.stringify({ general: {}, pilots: 'none' }));
    await vi.waitFor(async () => expect((await getStats(t, 'vatsim')).lastError).toMatch(/VATSIM v3 feed is malformed: pilots/), {
      timeout: 3000,
      interval: 20,
    });

    // Two minutes without a good download (the floor of the staleness limit) on the app clock.
    t.clock.advanceMs(2 * 60_000 + 1);
    const stale = await getFlights(t, 'vatsim');
    expect(stale).toMatchObject({ available: false, reason: 'STALE', flights: [] });
    expect(stale.message).toMatch(/VATSIM v3 feed is malformed/);

    fs.writeFileSync(feedFile, vatsimFeed(['DLH3']));
    await vi.waitFor(async () => expect((await getFlights(t, 'vatsim')).flights.map((f) => f.flightNumber)).toEqual(['DLH3']), {
      timeout: 3000,
      interval: 20,
    });
  });

  it('stops polling when nobody has looked for ten minutes, and starts again on the next look', async () => {
    t.clock.advanceMs(10 * 60_000 + 1);
    await vi.waitFor(async () => expect((await getStats(t, 'vatsim')).isPolling).toBe(false), { timeout: 3000, interval: 20 });
    const stopped = await getStats(t, 'vatsim');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await getStats(t, 'vatsim')).pollCount).toBe(stopped.pollCount);

    fs.writeFileSync(feedFile, vatsimFeed(['KLM4']));
    const body = await getFlights(t, 'vatsim');
    expect(body.flights.map((f) => f.flightNumber)).toEqual(['KLM4']);
    expect(await getStats(t, 'vatsim')).toMatchObject({ isPolling: true, pollCount: stopped.pollCount + 1 });
  });
});

describe('failing feeds answer available false, never a 5xx', () => {
  let server: FeedServer | undefined;
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await server?.close();
    t = undefined;
    server = undefined;
  });

  it('a missing file names the problem but not the path', async () => {
    t = await createTestApp({ IVAO_FEED_URL: '/nonexistent/contrail/whazzup.json' });
    const body = await getFlights(t, 'ivao');
    expect(body).toMatchObject({ network: 'ivao', available: false, reason: 'SOURCE_FAILED', flights: [] });
    expect(body.message).toMatch(/ENOENT/);
    expect(body.message).not.toMatch(/nonexistent/);
    expect(await getStats(t, 'ivao')).toMatchObject({ pollCount: 1, failureCount: 1 });
  });

  it('an HTTP error status', async () => {
    server = await startFeedServer(() => ({ status: 503, body: '{"error":"maintenance"}' }));
    t = await createTestApp({ VATSIM_FEED_URL: server.url });
    const body = await getFlights(t, 'vatsim');
    expect(body).toMatchObject({ available: false, reason: 'SOURCE_FAILED' });
    expect(body.message).toMatch(/HTTP 503/);
  });

  it('a feed that does not answer in time', async () => {
    server = await startFeedServer(() => undefined);
    t = await createTestApp({ VATSIM_FEED_URL: server.url, NETWORK_FEED_TIMEOUT_MS: '200' });
    // The message proves the 200 ms timeout fired (a feed that never answers would hang the request).
    const body = await getFlights(t, 'vatsim');
    expect(body).toMatchObject({ available: false, reason: 'SOURCE_FAILED' });
    expect(body.message).toMatch(/no answer within 200 ms/);
  });

  it('a refused connection', async () => {
    server = await startFeedServer(() => ({ status: 200, body: '{}' }));
    const url = server.url;
    await server.close();
    server = undefined;
    t = await createTestApp({ VATSIM_FEED_URL: url });
    const body = await getFlights(t, 'vatsim');
    expect(body).toMatchObject({ available: false, reason: 'SOURCE_FAILED' });
    expect(body.message).toMatch(/ECONNREFUSED/);
  });
});

describe.skipIf(!hasNetworkData)('an http feed', () => {
  let server: FeedServer;
  let t: TestApp;
  beforeAll(async () => {
    const snapshot = fs.readFileSync(VATSIM_SNAPSHOT, 'utf8');
    server = await startFeedServer(() => ({ status: 200, body: snapshot }));
    t = await createTestApp({ VATSIM_FEED_URL: server.url });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('is downloaded once for a crowd of viewers', async () => {
    const bodies = await Promise.all(Array.from({ length: 100 }, () => getFlights(t, 'vatsim')));
    expect(bodies.every((body) => body.available && body.flights.length === 702)).toBe(true);
    expect(server.hits()).toBe(1);
    expect(await getStats(t, 'vatsim')).toMatchObject({ pollCount: 1, requestCount: 100 });
  });
});
