import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { TRegisteredFlight, TRegisterFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TFlightCompleted, TFlightError, TReconnection } from '@contrail/domain/live/flight-messages';
import { UPLINK_MAX_BATCH, UPLINK_NAMESPACE, type TFrameBatchAck, type TUplinkAuth, type UplinkClientToServer, type UplinkServerToClient } from '@contrail/domain/live/uplink-contract';
import { findAircraftByIcao } from '@contrail/domain/reference/aircraft-catalogue';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { flySimulatedFlight } from '@contrail/sim/fly-simulated-flight';
import { simAirport } from '@contrail/test-support/reference-airports';
import { REFERENCE_FLIGHT } from '@contrail/test-support/reference-flight';
import type { App } from '../../../src/app';
import { flightFrames, flights } from '../../../src/modules/flight/flight.schema';
import { api } from '../../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

// The simulator takes off from and lands on the 27R of each (real OurAirports thresholds).
const departure = simAirport(REFERENCE_FLIGHT.departure, '27R');
const arrival = simAirport(REFERENCE_FLIGHT.arrival, '27R');

const cache = new Map<number, TTelemetryFrame[]>();

/** Every frame of a gate-to-gate A320 flight EGLL to LFPG (about 3,600 frames at 1 s), starting at `startTimeMs`. */
export const shortHopFrames = (startTimeMs: number): TTelemetryFrame[] => {
  let frames = cache.get(startTimeMs);
  if (!frames) {
    const aircraft = findAircraftByIcao(REFERENCE_FLIGHT.aircraft.icao);
    if (!aircraft) throw new Error(`${REFERENCE_FLIGHT.aircraft.icao} missing from the catalogue`);
    frames = flySimulatedFlight({ departure, arrival, aircraft, cruiseLevelFt: REFERENCE_FLIGHT.cruiseLevelFt, startTimeMs });
    cache.set(startTimeMs, frames);
  }
  return frames;
};

export const shortHopRequest = (overrides: Partial<TRegisterFlightRequest> = {}): TRegisterFlightRequest => ({
  cruiseLevel: REFERENCE_FLIGHT.cruiseLevelFt,
  flightNumber: REFERENCE_FLIGHT.flightNumber,
  aircraftIcao: REFERENCE_FLIGHT.aircraft.icao,
  aircraftRegistration: 'F-HCTR',
  departureAirportIdent: REFERENCE_FLIGHT.departure.ident,
  arrivalAirportIdent: REFERENCE_FLIGHT.arrival.ident,
  type: 'NORMAL',
  ...overrides,
});

export const registerShortHop = async (
  app: App,
  headers: Record<string, string>,
  overrides: Partial<TRegisterFlightRequest> = {},
): Promise<TRegisteredFlight> => {
  const response = await api(app, headers).injectLoose(flightRoutes.register, { body: shortHopRequest(overrides) });
  if (response.statusCode !== 200) throw new Error(`registration answered ${response.statusCode}: ${response.body}`);
  return response.json<TRegisteredFlight>();
};

/** Listens on a free loopback port; returns the base URL. */
export const listen = async (app: App): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
};

export type UplinkClient = Socket<UplinkServerToClient, UplinkClientToServer>;

/** A tracker's uplink socket (no automatic reconnection: tests cut and reconnect by hand). */
export const openUplink = (baseUrl: string, auth: TUplinkAuth): UplinkClient =>
  io(`${baseUrl}${UPLINK_NAMESPACE}`, { auth, transports: ['websocket'], reconnection: false, forceNew: true });

/** Resolves on connect, rejects with the connect error's message. */
export const connected = (socket: Socket): Promise<void> =>
  new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

/**
 * How long a test waits for a push the server owes it. A push that never comes still fails the
 * test; the limit only has to outlast a loaded CI machine, where one step once took over 15 s.
 */
export const OWED_PUSH_WAIT_MS = 60_000;

export const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Records every message the server pushes on an uplink socket. */
export const recordMessages = (socket: Socket): { event: string; payload: unknown }[] => {
  const log: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => log.push({ event, payload }));
  return log;
};

type AckOrError = TFrameBatchAck | { error: TFlightError };

export const sendBatch = async (socket: UplinkClient, items: unknown[]): Promise<AckOrError> =>
  (await socket.timeout(10_000).emitWithAck('frames', { frames: items })) as AckOrError;

/** Sends frames[from-1 .. to-1] numbered from..to in batches of at most 200; returns the last ack. */
export const sendFrames = async (socket: UplinkClient, frames: readonly TTelemetryFrame[], from: number, to: number): Promise<TFrameBatchAck> => {
  let last: TFrameBatchAck | null = null;
  for (let start = from; start <= to; start += UPLINK_MAX_BATCH) {
    const end = Math.min(to, start + UPLINK_MAX_BATCH - 1);
    const items = [];
    for (let seq = start; seq <= end; seq += 1) items.push({ seq, frame: frames[seq - 1] });
    const ack = await sendBatch(socket, items);
    if ('error' in ack) throw new Error(`batch ${start}-${end} refused: ${JSON.stringify(ack.error)}`);
    expect(ack.ackSeq).toBe(end);
    last = ack;
  }
  if (!last) throw new Error('no frames sent');
  return last;
};

export const completeOver = async (socket: UplinkClient): Promise<TFlightCompleted> => {
  const answer = (await socket.timeout(20_000).emitWithAck('complete')) as TFlightCompleted | { error: TFlightError };
  if ('error' in answer) throw new Error(`complete refused: ${JSON.stringify(answer.error)}`);
  return answer;
};

/** Registers, streams every frame of the short hop and completes it: a whole flight over a real uplink. */
export const flyShortHop = async (
  app: App,
  baseUrl: string,
  headers: Record<string, string>,
  overrides: Partial<TRegisterFlightRequest> = {},
): Promise<TFlightCompleted> => {
  const frames = shortHopFrames(app.deps.clock.now().getTime());
  const flight = await registerShortHop(app, headers, overrides);
  const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
  try {
    await connected(socket);
    await sendFrames(socket, frames, 1, frames.length);
    return await completeOver(socket);
  } finally {
    socket.disconnect();
  }
};

/** A short hop registered and under way over its uplink, its frames 1 to `acknowledgedUpTo` acknowledged. */
export const startShortHopOverUplink = async (
  app: App,
  baseUrl: string,
  headers: Record<string, string>,
  acknowledgedUpTo: number,
): Promise<{ flight: TRegisteredFlight; frames: TTelemetryFrame[]; socket: UplinkClient }> => {
  const frames = shortHopFrames(app.deps.clock.now().getTime());
  const flight = await registerShortHop(app, headers);
  const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
  await connected(socket);
  await sendFrames(socket, frames, 1, acknowledgedUpTo);
  return { flight, frames, socket };
};

/**
 * The tracker reconnects after an outage and is told to resume after `lastAckSeq`, no more and no
 * less; it sends the rest and completes. Every frame is stored once and the log is the reference
 * engine's. Returns the new socket (the caller disconnects it).
 */
export const resumeAndComplete = async (
  app: App,
  baseUrl: string,
  headers: Record<string, string>,
  { flight, frames }: { flight: TRegisteredFlight; frames: readonly TTelemetryFrame[] },
  lastAckSeq: number,
): Promise<UplinkClient> => {
  const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
  const reconnection = nextEvent<TReconnection>(socket, 'Reconnection', 30_000);
  await connected(socket);
  expect((await reconnection).lastAckSeq).toBe(lastAckSeq);
  await sendFrames(socket, frames, lastAckSeq + 1, frames.length);
  const stored = await app.deps.db.select({ seq: flightFrames.seq }).from(flightFrames).where(eq(flightFrames.flightId, flight.id)).orderBy(flightFrames.seq);
  expect(stored.map((row) => row.seq)).toEqual(frames.map((_, index) => index + 1));
  const completed = await completeOver(socket);
  await expectLogOfReferenceEngine(app, flight.id, completed.flightLogId, headers, frames);
  return socket;
};

/**
 * The flight is complete in `app`'s database, and its log holds what the reference engine makes
 * of the same frames: nothing lost or counted twice on the way (restarts, proxies, workers).
 */
export const expectLogOfReferenceEngine = async (
  app: App,
  flightId: string,
  flightLogId: string,
  headers: Record<string, string>,
  frames: readonly TTelemetryFrame[],
): Promise<void> => {
  const [row] = await app.deps.db.select().from(flights).where(eq(flights.id, flightId));
  expect(row?.status).toBe('complete');
  const reference = createFlightEngine(row!.plan);
  for (const frame of frames) reference.ingest(frame);
  const expected = reference.complete();
  const log = (await api(app, headers).inject(flightLogRoutes.detail, { params: { id: flightLogId } })).json<TFlightLogDetail>();
  expect(log.events.map((event) => event.key)).toEqual(expected.events.map((event) => event.key));
  expect(log.positionHistory.length).toBe(expected.positionHistory.length);
  expect(log.isArrived).toBe(true);
};
