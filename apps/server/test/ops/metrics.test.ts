import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE } from '@contrail/domain/live/live-map-contract';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { connected, listen, openUplink, registerShortHop, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { vatsimFeed } from '../network/network-test-support';
import { api } from '../support/api';
import { airportRoutes } from '@contrail/domain/reference/airport-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';
import { networkRoutes } from '@contrail/domain/network/network-routes';

/** The value of one series in a Prometheus text scrape (0 when absent). */
const valueOf = (scrape: string, name: string, labels: Record<string, string> = {}): number => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of scrape.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{([^}]*)\}/)?.[1] ?? '';
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
};

let t: TestApp;
let baseUrl: string;
let pilot: SignedInUser;
const feedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-metrics-'));
const sockets: { disconnect: () => unknown }[] = [];

beforeAll(async () => {
  const vatsim = path.join(feedDir, 'vatsim.json');
  fs.writeFileSync(vatsim, vatsimFeed(['AFR123', 'BAW456']));
  t = await createTestApp({ VATSIM_FEED_URL: vatsim, IVAO_FEED_URL: path.join(feedDir, 'missing-whazzup.json') });
  baseUrl = await listen(t.app);
  pilot = await createSignedInUser(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
  fs.rmSync(feedDir, { recursive: true, force: true });
});

const scrape = async (): Promise<string> => {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
};

describe('liveness and readiness', () => {
  it('answers live, and ready while the database answers and no shutdown has begun', async () => {
    expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.app.deps.lifecycle.isShuttingDown = true;
    try {
      const draining = await t.app.inject({ url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'shutting-down' });
      // Liveness stays up: a draining process must not be restarted by its supervisor.
      expect((await t.app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      t.app.deps.lifecycle.isShuttingDown = false;
    }
  });
});

describe('/metrics', () => {
  it('counts HTTP answers by route pattern, never by raw URL', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/api/v1/flight/:id', status: '404' };
    const id = '00000000-0000-4000-8000-000000000001';
    const answer = await api(t.app, pilot.headers).inject(flightRoutes.byId, { params: { id } });
    expect(answer.statusCode).toBe(404);
    const after = await scrape();
    expect(valueOf(after, 'contrail_http_request_duration_seconds_count', route)).toBe(valueOf(before, 'contrail_http_request_duration_seconds_count', route) + 1);
    expect(after).not.toContain(id);
  });

  it('counts a search answered from the page cache under its route, and answers no route matched as unmatched', async () => {
    const before = await scrape();
    const searchRoute = { method: 'GET', route: '/api/airport/v1/airport', status: '200' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    for (let i = 0; i < 3; i += 1) expect((await api(t.app).inject(airportRoutes.search, { query: { query: 'orly' } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no-such-thing-here' })).statusCode).toBe(404);
    const after = await scrape();
    const count = (scrape: string, labels: Record<string, string>) => valueOf(scrape, 'contrail_http_request_duration_seconds_count', labels);
    expect(count(after, searchRoute)).toBe(count(before, searchRoute) + 3);
    expect(count(after, unmatched)).toBe(count(before, unmatched) + 1);
    expect(after).not.toContain('no-such-thing-here');
  });

  it('counts frames, acknowledgement latency, flights in progress, uplinks and live viewers', async () => {
    const before = await scrape();
    const frames = shortHopFrames(t.clock.now().getTime());
    const flight = await registerShortHop(t.app, pilot.headers);
    const uplink: UplinkClient = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
    sockets.push(uplink);
    await connected(uplink);
    await sendFrames(uplink, frames, 1, 450); // three batches: 200, 200, 50
    const viewer = io(`${baseUrl}${LIVE_NAMESPACE}`, { auth: { token: pilot.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(viewer);
    await connected(viewer);

    const after = await scrape();
    expect(valueOf(after, 'contrail_frames_ingested_total') - valueOf(before, 'contrail_frames_ingested_total')).toBe(450);
    const acked = { outcome: 'acknowledged' };
    expect(valueOf(after, 'contrail_frame_batch_ack_seconds_count', acked) - valueOf(before, 'contrail_frame_batch_ack_seconds_count', acked)).toBe(3);
    expect(valueOf(after, 'contrail_frame_batch_ack_seconds_sum', acked)).toBeGreaterThan(valueOf(before, 'contrail_frame_batch_ack_seconds_sum', acked));
    expect(valueOf(after, 'contrail_flights_in_progress')).toBe(1);
    expect(valueOf(after, 'contrail_tracker_uplinks')).toBe(1);
    expect(valueOf(after, 'contrail_live_viewers')).toBe(1);

    viewer.disconnect();
    uplink.disconnect();
    await expect.poll(async () => valueOf(await scrape(), 'contrail_live_viewers')).toBe(0);
  });

  it('counts job runs and their durations', async () => {
    const names = t.app.deps.jobs.names();
    expect(names.length).toBeGreaterThan(0);
    const reports = await t.app.deps.jobs.runDue(t.clock.now());
    const ran = reports.filter((report) => report.outcome === 'ran');
    expect(ran.length).toBeGreaterThan(0);
    const after = await scrape();
    for (const { name } of ran) {
      expect(valueOf(after, 'contrail_job_runs_total', { job: name, outcome: 'ran' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(after, 'contrail_job_duration_seconds_count', { job: name })).toBeGreaterThanOrEqual(1);
    }
  });

  it('counts feed polls by result', async () => {
    await api(t.app).inject(networkRoutes.flights, { params: { network: 'vatsim' } });
    await api(t.app).inject(networkRoutes.flights, { params: { network: 'ivao' } });
    const after = await scrape();
    expect(valueOf(after, 'contrail_network_feed_polls_total', { network: 'vatsim', result: 'success' })).toBe(1);
    expect(valueOf(after, 'contrail_network_feed_polls_total', { network: 'ivao', result: 'failure' })).toBe(1);
    expect(valueOf(after, 'contrail_network_feed_polls_total', { network: 'ivao', result: 'success' })).toBe(0);
  });
});
