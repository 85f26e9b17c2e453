import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { TFlight, TRegisteredFlight } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TReconnection } from '@contrail/domain/live/flight-messages';
import type { App } from '../../src/app';
import { flightFrames, flights } from '../../src/modules/flight/flight.schema';
import { SNAPSHOT_INTERVAL_FRAMES } from '../../src/modules/flight/flight-runtime';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import {
  completeOver,
  connected,
  listen,
  nextEvent,
  openUplink,
  recordMessages,
  registerShortHop,
  sendBatch,
  sendFrames,
  shortHopFrames,
  type UplinkClient,
} from './support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from './support/shared-database';
import { freePort, startServerProcess } from '../support/server-process';
import { api } from '../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/**
 * The server stops in mid-flight (closed, or killed with SIGKILL) and a new one starts on the SAME
 * database: the flight resumes from its snapshot and stored frames, and the tracker's resend
 * delivers every frame exactly once.
 */
let shared: SharedDatabase;
const open: { app?: App; sockets: UplinkClient[]; child?: ChildProcess } = { sockets: [] };

beforeAll(async () => {
  shared = await createSharedDatabase();
});
afterEach(async () => {
  for (const socket of open.sockets.splice(0)) socket.disconnect();
  await open.app?.close();
  open.app = undefined;
  if (open.child && open.child.exitCode === null) open.child.kill('SIGKILL');
});
afterAll(async () => shared?.drop());

const track = (socket: UplinkClient) => {
  open.sockets.push(socket);
  return socket;
};

const startApp = async () => {
  open.app = await shared.buildApp();
  return { app: open.app, baseUrl: await listen(open.app) };
};

const stopApp = async () => {
  for (const socket of open.sockets.splice(0)) socket.disconnect();
  await open.app?.close();
  open.app = undefined;
};

const expectSameOutcomeAsDirectEngine = async (app: App, flightId: string, pilot: SignedInUser, flightLogId: string, frames: Parameters<ReturnType<typeof createFlightEngine>['ingest']>[0][]) => {
  const [row] = await app.deps.db.select().from(flights).where(eq(flights.id, flightId));
  const reference = createFlightEngine(row!.plan);
  for (const frame of frames) reference.ingest(frame);
  const expected = reference.complete();
  const response = await api(app, pilot.headers).inject(flightLogRoutes.detail, { params: { id: flightLogId } });
  expect(response.statusCode).toBe(200);
  const log = response.json<TFlightLogDetail>();
  expect(log.statistics).toEqual(JSON.parse(JSON.stringify({ ...expected.statistics, flightDuration: expected.statistics.flightDurationSeconds, blockTime: expected.statistics.blockTimeSeconds, fuelConsumed: expected.statistics.fuelConsumedKg, fuelLoaded: expected.statistics.fuelLoadedKg, averageSpeed: expected.statistics.averageSpeedKts })));
  expect(log.events.map((event) => event.key)).toEqual(expected.events.map((event) => event.key));
  expect(log.positionHistory.length).toBe(expected.positionHistory.length);
  expect(log.isArrived).toBe(true);
};

describe(`restart on the same database`, () => {
  it('closes the server in mid-flight; a new server resumes the flight from its snapshot and the stored frames', async () => {
    let { app, baseUrl } = await startApp();
    const pilot = await createSignedInUser(app);
    const frames = shortHopFrames(app.deps.clock.now().getTime());
    const flight = await registerShortHop(app, pilot.headers);
    const first = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    await connected(first);
    await sendFrames(first, frames, 1, 1500);
    // A batch the server may or may not store before it goes down: the tracker will resend it.
    const inFlight = sendBatch(first, frames.slice(1500, 1700).map((frame, i) => ({ seq: 1501 + i, frame }))).catch(() => null);
    await stopApp();
    await inFlight;

    ({ app, baseUrl } = await startApp());
    const [row] = await app.deps.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row?.status).toBe('in_progress');
    expect(row?.snapshotSeq).toBeGreaterThanOrEqual(1500 - SNAPSHOT_INTERVAL_FRAMES);
    const resumed = (await api(app, pilot.headers).inject(flightRoutes.retrieveForUser)).json<TFlight>();
    expect(resumed.id).toBe(flight.id);
    expect(resumed.lastAckSeq).toBeGreaterThanOrEqual(1500);
    expect(resumed.isRetrievedButNotSubscribed).toBe(true);

    const second = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    const reconnection = nextEvent<TReconnection>(second, 'Reconnection');
    await connected(second);
    const { lastAckSeq } = await reconnection;
    expect([1500, 1700]).toContain(lastAckSeq);
    // The journal resends everything it holds unacknowledged (from 1401 here: some acks were lost).
    await sendFrames(second, frames, 1401, frames.length);
    const stored = await app.deps.db.select({ seq: flightFrames.seq }).from(flightFrames).where(eq(flightFrames.flightId, flight.id)).orderBy(flightFrames.seq);
    expect(stored.map((r) => r.seq)).toEqual(frames.map((_, i) => i + 1));
    const completed = await completeOver(second);
    await expectSameOutcomeAsDirectEngine(app, flight.id, pilot, completed.flightLogId, frames);
  }, 120_000);

  it('keeps pilot controls across a restart (cabin, cruise level, diversion live in the snapshot)', async () => {
    let { app, baseUrl } = await startApp();
    const pilot = await createSignedInUser(app);
    const frames = shortHopFrames(app.deps.clock.now().getTime());
    const registered = await api(app, pilot.headers).inject(flightRoutes.registerWithPaxAndCargo, { body: { cruiseLevel: 24_000, flightNumber: 'CTR404', aircraftIcao: 'A320', airports: { departure: { ident: 'EGLL' }, arrival: { ident: 'LFPG' } }, pax: { first: 0, business: 10, economy: 100 } } });
    const flight = registered.json<TRegisteredFlight>();
    const socket = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    const pncReady = nextEvent<{ flightId: string }>(socket, 'PncReady');
    const messages = recordMessages(socket);
    await connected(socket);
    expect(await pncReady).toEqual({ flightId: flight.id });
    await sendFrames(socket, frames, 1, 30);

    const control = (payload: object) => socket.timeout(5000).emitWithAck('control', payload as never);
    expect(await control({ type: 'SwitchSeatBeltSign' })).toEqual({ accepted: true, rejection: null });
    expect(messages.find((m) => m.event === 'SeatBeltSignSwitched')?.payload).toEqual({ flightId: flight.id, isOn: true });
    expect(await control({ type: 'UpdateCruiseLevel', cruiseLevelFt: 30_000 })).toEqual({ accepted: true, rejection: null });
    expect(messages.find((m) => m.event === 'CruiseLevelChanged')?.payload).toEqual({ flightId: flight.id, cruiseLevelFt: 30_000 });
    expect(await control({ type: 'DivertFlight', arrival: { ident: 'ZZZZ', position: { latitudeDeg: 0, longitudeDeg: 0, elevationFt: 0 } } })).toEqual({ accepted: false, rejection: 'UNKNOWN_AIRPORT' });
    expect(await control({ type: 'DivertFlight', arrival: { ident: 'LFPO', position: { latitudeDeg: 0, longitudeDeg: 0, elevationFt: 0 } } })).toEqual({ accepted: true, rejection: null });
    const diverted = messages.find((m) => m.event === 'FlightDiverted')?.payload as { arrival: { ident: string; position: { latitudeDeg: number } } };
    // The server's own airport data, not the position the client sent.
    expect(diverted.arrival.ident).toBe('LFPO');
    expect(diverted.arrival.position.latitudeDeg).toBeCloseTo(48.72, 1);
    const invalid = (await control({ type: 'ServeFood', foodType: 99 })) as { error: { errorCode: string } };
    expect(invalid.error.errorCode).toBe('VALIDATION_ERROR');

    await stopApp();
    ({ app, baseUrl } = await startApp());
    const again = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    const reconnection = nextEvent<TReconnection>(again, 'Reconnection');
    await connected(again);
    const state = await reconnection;
    expect(state.lastAckSeq).toBe(30);
    expect(state.pncData?.seatBelt).toBe(true);
    const detail = (await api(app, pilot.headers).inject(flightRoutes.byId, { params: { id: flight.id } })).json<TFlight>();
    expect(detail).toMatchObject({ cruiseLevel: 30_000, arrivalAirport: { ident: 'LFPO' }, originalArrivalIdent: 'LFPG', isPNCFlight: true });
    expect(detail.pncData?.seatBelt).toBe(true);
  }, 120_000);
});

/** Starts `src/main.ts` as its own process on the shared database; resolves once it answers. */
const startServer = async (port: number): Promise<ChildProcess> => {
  const server = await startServerProcess({ port, env: shared.env, readinessPath: '/healthz', loader: 'built' });
  open.child = server.child;
  return server.child;
};

describe('kill -9 in mid-flight', () => {
  it('a server process killed with SIGKILL loses no acknowledged frame; the next one resumes the flight', async () => {
    // Prepare the pilot and the flight, then hand the database to a real server process.
    let app = await shared.buildApp();
    open.app = app;
    const pilot = await createSignedInUser(app);
    const frames = shortHopFrames(app.deps.clock.now().getTime() + 86_400_000);
    const flight = await registerShortHop(app, pilot.headers);
    await stopApp();

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let child = await startServer(port);
    const first = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    await connected(first);
    await sendFrames(first, frames, 1, 1000);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    child = await startServer(port);
    const second = track(openUplink(baseUrl, { flightId: flight.id, token: flight.token }));
    const reconnection = nextEvent<TReconnection>(second, 'Reconnection', 15_000);
    await connected(second);
    expect((await reconnection).lastAckSeq).toBe(1000);
    await sendFrames(second, frames, 901, frames.length);
    const completed = await completeOver(second);
    second.disconnect();
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;

    app = await shared.buildApp();
    open.app = app;
    await expectSameOutcomeAsDirectEngine(app, flight.id, pilot, completed.flightLogId, frames);
  }, 180_000);
});
