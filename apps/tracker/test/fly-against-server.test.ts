import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
// The real server, built the way the server's own tests build it (but on the system clock: the
// built-in simulator runs in wall time).
import { buildApp, type App } from '../../server/src/app';
import { testConfig } from '../../server/src/config/config';
import { createUser, DEFAULT_PASSWORD, signIn } from '../../server/test/support/factories';
import { openTestDatabase } from '../../server/test/support/test-app';
import { API as AIRLINE_API, createAirlineFor, giveAirlineItem, premiumManager, seedAirlineReference } from '../../server/test/airline/airline-fixtures';
import { airlinePlanes, flightLogs } from '../../server/src/db/schema';
import type { DatabaseHandle } from '../../server/src/db/database';
import { parseConfig, ZFlyConfig } from '../src/config/tracker-config';
import { runFly } from '../src/fly/fly-command';
import { ContrailApiClient, FlyError, toFlightAirport } from '../src/fly/contrail-api-client';
import { TrackerHub } from '../src/hub/tracker-hub';
import { ZServeConfig } from '../src/config/tracker-config';
import { BrowserClient } from './support/browser-client';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the tracker against the real server', () => {
  let app: App;
  let database: DatabaseHandle;
  let serverUrl: string;
  let dataDir: string;
  let userName: string;
  const progress: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ config: testConfig(), database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const created = await createUser(app, { lastLocationIdent: 'EGLL' });
    userName = created.user.userName;
    await seedAirlineReference(app);
    dataDir = await mkdtemp(path.join(tmpdir(), 'contrail-fly-'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const flyConfig = (overrides: Record<string, unknown> = {}) =>
    parseConfig(ZFlyConfig, {
      serverUrl,
      username: userName,
      password: DEFAULT_PASSWORD,
      from: REFERENCE_FLIGHT.departure.ident,
      to: REFERENCE_FLIGHT.arrival.ident,
      aircraft: REFERENCE_FLIGHT.aircraft.icao,
      rate: 128,
      dataDir,
      ...overrides,
    });

  // The two flights run side by side, each with its own pilot and tracker folder: each mostly
  // waits on the simulator's clock (about 35 s at rate 128), so together they take the time of one.
  it.concurrent('flies EGLL to LFPG at rate 128 (the fastest the simulator flies) from sign-in to completion, and answers the flight log and reward', async () => {
    const result = await runFly(flyConfig(), { log: (line) => progress.push(line) });
    expect(result).toEqual({ flightLogId: expect.stringMatching(/^[0-9a-f-]{36}$/), fc: expect.any(Number), xp: expect.any(Number) });
    expect(result.fc).toBeGreaterThan(0);
    expect(result.xp).toBeGreaterThan(0);
    // The printed line is exactly these three fields.
    expect(Object.keys(JSON.parse(JSON.stringify(result)) as object)).toEqual(['flightLogId', 'fc', 'xp']);
    expect(progress.some((line) => line.includes('ReadyToEndFlight'))).toBe(true);
    // Nothing is left to resend: journal and state are gone.
    expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);

    // The server holds the same log: arrived at LFPG, with the reward the tracker printed.
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/user/sign-in', payload: { username: userName, password: DEFAULT_PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
    const log = await app.inject({ method: 'GET', url: `/api/v1/flight-log/${result.flightLogId}`, headers });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({
      id: result.flightLogId,
      departureAirport: { ident: REFERENCE_FLIGHT.departure.ident },
      arrivalAirport: { ident: REFERENCE_FLIGHT.arrival.ident },
      aircraftIcao: REFERENCE_FLIGHT.aircraft.icao,
      flightCoinAmount: result.fc,
      xp: result.xp,
      isArrived: true,
    });
    // At rate 128 the log still holds the simulated flight: its duration (EGLL-LFPG is about 50 min
    // airborne), a track dense enough to draw the climb to the cruise level, and the pilot's hours.
    const body = log.json<{ statistics: { flightDuration: number }; positionHistory: { altitude: number }[]; cruiseLevel?: number }>();
    // The fly command cruises this 188 NM hop at FL180.
    expect(body.statistics.flightDuration).toBeGreaterThan(25 * 60);
    expect(body.positionHistory.length).toBeGreaterThan(40);
    expect(Math.max(...body.positionHistory.map((point) => point.altitude))).toBeGreaterThan(17_000);
    const me = await app.inject({ method: 'GET', url: '/api/v1/user/information', headers });
    expect(me.json<{ flightHours: number }>().flightHours).toBeGreaterThan(25 / 60);
    // The built-in simulator flew it: a practice flight, paid here because practice pays outside
    // production, and not held for its fast-forward alone.
    const [row] = await app.deps.db.select().from(flightLogs).where(eq(flightLogs.id, result.flightLogId));
    expect(row).toMatchObject({ practice: true, reviewStatus: 'accepted' });
  }, 120_000);

  it.concurrent('flies an airline route: books one of its planes, flies it, and prints the revenue and the salary', async () => {
    const airlinePilot = (await createUser(app, { lastLocationIdent: 'EGLL' })).user;
    const airlineDataDir = await mkdtemp(path.join(tmpdir(), 'contrail-fly-airline-'));
    const airlineProgress: string[] = [];
    const signedIn = async (name: string) => {
      const session = await app.inject({ method: 'POST', url: '/api/v1/user/sign-in', payload: { username: name, password: DEFAULT_PASSWORD } });
      return { authorization: `Bearer ${session.json<{ token: string }>().token}` };
    };
    const api = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url: `${AIRLINE_API}${url}`, headers, ...(payload ? { payload } : {}) });
    const manager = await premiumManager(app);
    const airlineId = await createAirlineFor(app, manager, { hubAirportIdent: 'EGLL' });
    const hubId = (await api(manager.headers, 'GET', `/airline/${airlineId}/hub`)).json<{ items: { id: string }[] }>().items[0]!.id;
    const itemId = await giveAirlineItem(app, airlineId, { type: 'AIRCRAFT', icao: 'A320', category: 'MEDIUM_HAUL' });
    const plane = await api(manager.headers, 'POST', `/airline/${airlineId}/plane`, { itemId, aircraftIcao: 'A320', configuration: { eco: 150, business: 12, first: 0 }, hubId });
    // Delivered at the hub (the yard's days are the server tests' business).
    await app.deps.db.update(airlinePlanes).set({ state: 'AT_AIRPORT', airportIdent: 'EGLL' }).where(eq(airlinePlanes.id, plane.json<{ id: string }>().id));
    const route = await api(manager.headers, 'POST', `/airline/${airlineId}/route`, { name: 'Shuttle', destinations: ['EGLL', 'LFPG'], planeCategory: 'MEDIUM_HAUL', departureTime: '07:00', arrivalTime: '08:10' });
    await api(manager.headers, 'PUT', `/airline/${airlineId}`, { recruitmentOpened: true });
    const pilot = await signedIn(airlinePilot.userName);
    await api(pilot, 'POST', `/airline/${airlineId}/applicant/`, { applicantUserId: airlinePilot.id });
    const applicant = (await api(manager.headers, 'GET', `/airline/${airlineId}/applicant`)).json<{ items: { id: string }[] }>().items[0]!;
    expect((await api(manager.headers, 'PUT', `/airline/${airlineId}/applicant/${applicant.id}/accept`)).statusCode).toBe(200);

    const result = await runFly(
      flyConfig({ username: airlinePilot.userName, dataDir: airlineDataDir, from: undefined, to: undefined, aircraft: undefined, rate: 128, airlineId, routeId: route.json<{ id: string }>().id }),
      { log: (line) => airlineProgress.push(line) },
    ).finally(() => rm(airlineDataDir, { recursive: true, force: true }));
    expect(result).toEqual({ flightLogId: expect.any(String), fc: expect.any(Number), xp: expect.any(Number), airlineRevenue: expect.any(Number), salary: 100 });
    expect(result.airlineRevenue).toBeGreaterThan(0);
    expect(airlineProgress.some((line) => line.startsWith('Booked '))).toBe(true);
    const [parked] = await app.deps.db.select().from(airlinePlanes).where(eq(airlinePlanes.id, plane.json<{ id: string }>().id));
    expect(parked).toMatchObject({ state: 'AT_AIRPORT', airportIdent: 'LFPG' });
  }, 120_000);

  /**
   * A hub on the real server with one browser, as the web app drives it: the built-in simulator
   * started, then each flight registered with the server and handed to the tracker.
   */
  const startHubAndBrowser = async (pilotName = userName) => {
    const api = new ContrailApiClient(serverUrl);
    await api.signIn(pilotName, DEFAULT_PASSWORD);
    const [egll, lfpg] = await Promise.all([api.getAirport(REFERENCE_FLIGHT.departure.ident), api.getAirport(REFERENCE_FLIGHT.arrival.ident)]);
    const hub = await TrackerHub.start({ ...ZServeConfig.parse({ port: 0, dataDir, serverUrl }), shouldResume: false, log: process.env.HUB_DEBUG ? (line) => process.stderr.write(new Date().toISOString() + ' ' + line + '\n') : undefined });
    const browser = new BrowserClient(hub.port, 'http://localhost:8080');
    const startSimulator = () =>
      browser.request('Start', {
        simulator: 'builtin',
        builtin: { departure: toFlightAirport(egll), arrival: toFlightAirport(lfpg), aircraftIcao: REFERENCE_FLIGHT.aircraft.icao, cruiseLevelFt: 20_000, simulationRate: 50 },
      });
    const registerFlight = (flightNumber: string) =>
      api.registerFlight({
        cruiseLevel: 20_000,
        flightNumber,
        aircraftIcao: REFERENCE_FLIGHT.aircraft.icao,
        departureAirportIdent: REFERENCE_FLIGHT.departure.ident,
        arrivalAirportIdent: REFERENCE_FLIGHT.arrival.ident,
        type: 'NORMAL',
      });
    const close = async () => {
      browser.close();
      await hub.close();
    };
    await browser.connected();
    return { hub, browser, startSimulator, registerFlight, close };
  };

  it('the hub records a flight registered by the browser, relays a control, and cancels it', async () => {
    const { browser, startSimulator, registerFlight, close } = await startHubAndBrowser();
    try {
      expect(await startSimulator()).toEqual({ ok: true });
      // The browser registers the flight with the server, then hands its id and token to the tracker.
      const flight = await registerFlight('CTR42');
      expect(await browser.request('StartRecord', { flightId: flight.id, token: flight.token })).toEqual({ ok: true });
      await browser.waitForStatus('recording');
      expect(await browser.waitForMessage('Reconnection')).toMatchObject({ flightId: flight.id, lastAckSeq: 0 });
      expect(await browser.waitForMessage('TrackerCoreAcarsFlight', 10_000)).toMatchObject({ flightId: flight.id });

      // A pilot control goes through the hub and the uplink; the server's answer comes back relayed.
      expect(await browser.request('UpdateCruiseLevel', { cruiseLevelFt: 24_000 })).toEqual({ accepted: true, rejection: null });
      expect(await browser.waitForMessage('CruiseLevelChanged')).toEqual({ flightId: flight.id, cruiseLevelFt: 24_000 });
      expect(await browser.request('CancelFlight')).toEqual({ ok: true });
      expect(await browser.waitForMessage('FlightCanceled')).toEqual({ flightId: flight.id });
      await browser.waitForStatus('disconnect');
      expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('the hub lets go of a flight cancelled from another device, and records the next one', async () => {
    // A pilot of its own: sign-ins are limited per username, and the next test counts on them.
    const pilot = (await createUser(app, { lastLocationIdent: 'EGLL' })).user;
    const { hub, browser, startSimulator, registerFlight, close } = await startHubAndBrowser(pilot.userName);
    try {
      expect(await startSimulator()).toEqual({ ok: true });
      const first = await registerFlight('CTR43');
      expect(await browser.request('StartRecord', { flightId: first.id, token: first.token })).toEqual({ ok: true });
      await browser.waitForStatus('recording');

      // The pilot cancels from a phone: the web app's API, not this hub.
      const headers = { authorization: `Bearer ${(await signIn(app, pilot.userName)).token}` };
      expect((await app.inject({ method: 'POST', url: `/api/v1/flight/${first.id}/cancel`, headers })).statusCode).toBe(200);
      expect(await browser.waitForMessage('FlightCanceled')).toEqual({ flightId: first.id });
      await browser.waitForStatus('disconnect');
      expect(hub.currentFlightId).toBeUndefined();
      expect(hub.currentConnector).toBeUndefined();
      expect(await readdir(path.join(dataDir, 'uplink'))).toEqual([]);

      // The next flight records at once, instead of "flight still recording".
      expect(await startSimulator()).toEqual({ ok: true });
      const next = await registerFlight('CTR44');
      expect(await browser.request('StartRecord', { flightId: next.id, token: next.token })).toEqual({ ok: true });
      await browser.waitForStatus('recording');
      expect(hub.currentFlightId).toBe(next.id);
      expect(await browser.request('CancelFlight')).toEqual({ ok: true });
    } finally {
      await close();
    }
  }, 60_000);

  it('the CLI exits 1 with the reason on stderr and nothing on stdout', async () => {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), path.join(repoRoot, 'apps/tracker/src/main.ts'), 'fly', '--server', serverUrl, '--username', userName, '--from', 'EGLL', '--to', 'LFPG', '--aircraft', 'A320'],
      { cwd: dataDir, env: { ...process.env, TRACKER_PASSWORD: 'Wrong-password1' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/tracker fly: Sign-in refused for pilot/);
  }, 30_000);

  it('fails with clear messages: bad password, unknown airport, unknown aircraft, server unreachable', async () => {
    await expect(runFly(flyConfig({ password: 'Wrong-password1' }), { log: () => undefined })).rejects.toThrow(/Sign-in refused/);
    await expect(runFly(flyConfig({ to: 'ZZZZ' }), { log: () => undefined })).rejects.toThrow(/Unknown airport ZZZZ/);
    await expect(runFly(flyConfig({ aircraft: 'ZZ9' }), { log: () => undefined })).rejects.toThrow(/Unknown aircraft type ZZ9/);
    const unknownMission = flyConfig({ from: undefined, to: undefined, missionId: '7f9c2b1e-3d4a-4c5b-8e6f-1a2b3c4d5e6f' });
    await expect(runFly(unknownMission, { log: () => undefined })).rejects.toThrow(/Unknown mission 7f9c2b1e-3d4a-4c5b-8e6f-1a2b3c4d5e6f: pick one from the mission list/);
    const unreachable = runFly(flyConfig({ serverUrl: 'http://127.0.0.1:9' }), { log: () => undefined });
    await expect(unreachable).rejects.toBeInstanceOf(FlyError);
    await expect(unreachable).rejects.toThrow(/Cannot reach the Contrail server/);
  });
});
