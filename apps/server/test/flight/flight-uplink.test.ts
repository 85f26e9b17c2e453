import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { TFlight } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TReconnection, TTrackerCoreAcarsFlight } from '@contrail/domain/live/flight-messages';
import type { TFrameBatchAck } from '@contrail/domain/live/uplink-contract';
import type { TWalletTransactionPage } from '@contrail/domain/wallet/wallet-contract';
import { flightContextOf } from '../../src/modules/flight/flight-context';
import { flightFrames, flights } from '../../src/modules/flight/flight.schema';
import { walletTransactions } from '../../src/modules/wallet/wallet.schema';
import { sumUserTransactions } from '../../src/modules/wallet/wallet.repository';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, reloadUser, type SignedInUser } from '../support/factories';
import {
  completeOver,
  connected,
  nextEvent,
  openUplink,
  recordMessages,
  registerShortHop,
  sendBatch,
  sendFrames,
  shortHopFrames,
  listen,
  type UplinkClient,
} from './support/flight-kit';
import { api } from '../support/api';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

let t: TestApp;
let baseUrl: string;
const sockets: UplinkClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const uplinkFor = (flight: { id: string; token: string }) => {
  const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token });
  sockets.push(socket);
  return socket;
};

const framesStored = async (flightId: string) =>
  t.app.deps.db.select({ seq: flightFrames.seq, frame: flightFrames.frame }).from(flightFrames).where(eq(flightFrames.flightId, flightId)).orderBy(flightFrames.seq);

const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
/** Whether the server keeps a queue entry for the flight: while it holds the flight, never after it ended. */
const hasQueue = (flightId: string) => flightContextOf(t.app.deps).runtime.hasQueue(flightId);

describe('a tracked flight through the uplink, EGLL to LFPG', () => {
  it('runs the engine on every frame, pushes steps and ReadyToEndFlight, and completes with a log, FC and XP', async () => {
    const pilot = await createSignedInUser(t.app, { lastLocationIdent: 'EGLL' });
    const frames = shortHopFrames(t.clock.now().getTime());
    expect(frames.length).toBeGreaterThan(2500);
    const flight = await registerShortHop(t.app, pilot.headers);
    const socket = uplinkFor(flight);
    const reconnection = nextEvent<TReconnection>(socket, 'Reconnection');
    const messages = recordMessages(socket);
    await connected(socket);
    expect(await reconnection).toEqual({ flightId: flight.id, lastAckSeq: 0, pncData: null });

    await sendFrames(socket, frames, 1, frames.length);
    const acars = messages.filter((m) => m.event === 'TrackerCoreAcarsFlight').map((m) => m.payload as TTrackerCoreAcarsFlight);
    const steps = acars.flatMap((m) => m.stepChanges.map((change) => change.step));
    expect(steps).toEqual(expect.arrayContaining(['block_off', 'takeoff', 'climb', 'cruise', 'descent', 'approach', 'landing', 'block_on']));
    expect(acars.at(-1)?.statistics?.progressPercent).toBeGreaterThanOrEqual(99);
    expect(messages.filter((m) => m.event === 'ReadyToEndFlight')).toEqual([{ event: 'ReadyToEndFlight', payload: { flightId: flight.id } }]);
    expect((await framesStored(flight.id)).length).toBe(frames.length);
    expect(hasQueue(flight.id)).toBe(true);

    // The browser sees the flight live, with its position history.
    const live = (await get(`/api/v1/flight/${flight.id}`, pilot)).json<TFlight>();
    expect(live).toMatchObject({ status: 'in_progress', readyToEndFlight: true, isRetrievedButNotSubscribed: false, lastAckSeq: frames.length });
    expect(live.positionHistory.length).toBeGreaterThan(20);
    expect(live.aircraft.position?.latitude).toBeCloseTo(49.0, 0);

    const completed = await completeOver(socket);
    expect(completed.fc).toBeGreaterThan(0);
    expect(completed.xp).toBeGreaterThan(0);
    expect(completed.fcReason).toBeNull();
    expect(messages.some((m) => m.event === 'FlightCompleted')).toBe(true);

    // The same outcome as the engine fed every frame directly: no frame lost or doubled.
    const reference = createFlightEngine((await t.app.deps.db.select().from(flights).where(eq(flights.id, flight.id)))[0]!.plan);
    for (const frame of frames) reference.ingest(frame);
    const expected = reference.complete();
    const log = (await get(`/api/v1/flight-log/${completed.flightLogId}`, pilot)).json<TFlightLogDetail>();
    expect(log.statistics.flightDurationSeconds).toBe(expected.statistics.flightDurationSeconds);
    expect(log.statistics.nauticalDistanceNm).toBe(expected.statistics.nauticalDistanceNm);
    expect(log.events.length).toBe(expected.events.length);
    expect(log).toMatchObject({
      flightId: flight.id,
      flightNumber: 'CTR101',
      isArrived: true,
      fcReason: null,
      inRestPeriod: false,
      ledgerState: 'pending',
      flightCoinAmount: completed.fc,
      departureAirport: { ident: 'EGLL' },
      arrivalAirport: { ident: 'LFPG' },
    });
    expect(log.steps.map((step) => step.name)).toContain('parked');
    expect(log.positionHistory.length).toBe(expected.positionHistory.length);
    expect(log.landing?.airportIdent).toBe('LFPG');
    expect(log.reward.paidDistanceNm).toBeGreaterThan(150);

    // Paid in the wallet, in the same transaction; the balance is the sum of the transactions.
    const user = await reloadUser(t.app, pilot.user.id);
    expect(user.walletMfc).toBe(completed.fc);
    expect(user.walletXp).toBe(completed.xp);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'MFC')).toBe(user.walletMfc);
    expect(await sumUserTransactions(t.app.deps.db, pilot.user.id, 'XP')).toBe(user.walletXp);
    const page = (await get(`/api/v1/wallet/user/${pilot.user.id}/type/MFC/transaction`, pilot)).json<TWalletTransactionPage>();
    expect(page.items).toMatchObject([
      { amount: completed.fc, transactionType: 'CREDIT', transactionState: 'SUCCESS', transactionCategory: { category: 'FLIGHT_REVENUE', flightNumber: 'CTR101', departureAirport: 'EGLL', arrivalAirport: 'LFPG' } },
    ]);
    expect(user).toMatchObject({ lastLocationIdent: 'LFPG', numberOfFlight: 1 });
    expect(user.flightHours).toBeCloseTo(expected.statistics.flightDurationSeconds / 3600, 5);

    // The raw frames are gone; the flight is complete; completing again answers the same.
    expect(await framesStored(flight.id)).toEqual([]);
    expect((await get(`/api/v1/flight/${flight.id}`, pilot)).json<TFlight>()).toMatchObject({ status: 'complete', flightLogId: completed.flightLogId });
    expect(await completeOver(socket)).toEqual(completed);
    expect((await reloadUser(t.app, pilot.user.id)).walletMfc).toBe(completed.fc);
    expect(hasQueue(flight.id)).toBe(false);
    expect(
      (await t.app.deps.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, pilot.user.id), eq(walletTransactions.category, 'FLIGHT_REVENUE')))).length,
    ).toBe(2);
  });
});

describe('the uplink refuses or flags bad input and never loses the flight', () => {
  it('refuses a wrong token, an unknown flight and a malformed handshake with unauthorized', async () => {
    const pilot = await createSignedInUser(t.app);
    const flight = await registerShortHop(t.app, pilot.headers);
    for (const auth of [
      { id: flight.id, token: `${flight.token.slice(0, -2)}xx` },
      { id: '00000000-0000-4000-8000-000000000000', token: flight.token },
      { id: 'nope', token: 'short' },
    ]) {
      const socket = uplinkFor(auth);
      await expect(connected(socket)).rejects.toThrow('unauthorized');
    }
  });

  it('skips duplicates, refuses gaps, malformed and stale frames, flags position jumps, and carries on', async () => {
    const pilot = await createSignedInUser(t.app);
    const frames = shortHopFrames(t.clock.now().getTime());
    const flight = await registerShortHop(t.app, pilot.headers);
    const socket = uplinkFor(flight);
    const messages = recordMessages(socket);
    await connected(socket);

    await sendFrames(socket, frames, 1, 400);
    // The same batch again (a resend after a lost ack): acknowledged, stored once.
    const duplicate = (await sendBatch(socket, frames.slice(200, 400).map((frame, i) => ({ seq: 201 + i, frame })))) as TFrameBatchAck;
    expect(duplicate).toEqual({ ackSeq: 400, rejected: [] });

    // A gap: 402 arrives without 401; nothing past the gap is taken.
    const gap = (await sendBatch(socket, [{ seq: 402, frame: frames[401] }])) as TFrameBatchAck;
    expect(gap.ackSeq).toBe(400);
    expect(gap.rejected).toEqual([{ seq: 402, reason: 'out_of_order: expected 401' }]);

    // Out of order inside a batch is put in order.
    const shuffled = (await sendBatch(socket, [{ seq: 403, frame: frames[402] }, { seq: 401, frame: frames[400] }, { seq: 402, frame: frames[401] }])) as TFrameBatchAck;
    expect(shuffled).toEqual({ ackSeq: 403, rejected: [] });

    // Malformed: negative fuel, a missing field, no seq at all, a non-object. Each numbered one consumes its number.
    const absurd = (await sendBatch(socket, [
      { seq: 404, frame: { ...frames[403], fuelKg: -50 } },
      { seq: 405, frame: { ...frames[404], position: undefined } },
      { frame: frames[405] },
      'garbage',
      { seq: 406, frame: frames[100] }, // a valid frame whose time is already past: stale
    ])) as TFrameBatchAck;
    expect(absurd.ackSeq).toBe(406);
    expect(absurd.rejected).toEqual([
      { seq: null, reason: 'malformed: seq must be a positive integer' },
      { seq: null, reason: 'malformed: seq must be a positive integer' },
      { seq: 404, reason: expect.stringMatching(/^malformed: fuelKg/) as string },
      { seq: 405, reason: expect.stringMatching(/^malformed: position/) as string },
      { seq: 406, reason: 'stale' },
    ]);
    const bad = (await socket.timeout(5000).emitWithAck('frames', { frames: 'nope' } as never)) as { error: { errorCode: string } };
    expect(bad.error.errorCode).toBe('VALIDATION_ERROR');
    const tooMany = (await socket.timeout(5000).emitWithAck('frames', { frames: new Array(201).fill({}) })) as { error: { errorCode: string } };
    expect(tooMany.error.errorCode).toBe('VALIDATION_ERROR');

    // A teleport of 300 NM in one second is flagged, not fatal.
    const jumped = { ...frames[406]!, position: { ...frames[406]!.position, latitudeDeg: frames[406]!.position.latitudeDeg + 5 } };
    const jump = (await sendBatch(socket, [{ seq: 407, frame: jumped }])) as TFrameBatchAck;
    expect(jump).toEqual({ ackSeq: 407, rejected: [] });
    const events = messages
      .filter((m) => m.event === 'TrackerCoreAcarsFlight')
      .flatMap((m) => (m.payload as TTrackerCoreAcarsFlight).events.map((event) => event.key));
    expect(events).toContain('POSITION_JUMP');

    // Every number stored once; refused ones as empty rows.
    const stored = await framesStored(flight.id);
    expect(stored.map((row) => row.seq)).toEqual(Array.from({ length: 407 }, (_, i) => i + 1));
    expect(stored.filter((row) => row.frame === null).map((row) => row.seq)).toEqual([404, 405]);
    const flightNow = (await get(`/api/v1/flight/${flight.id}`, pilot)).json<TFlight>();
    expect(flightNow).toMatchObject({ status: 'in_progress', lastAckSeq: 407 });
  });

  it('resumes after a cut connection: the tracker resends from its journal, nothing lost, nothing doubled', async () => {
    const pilot = await createSignedInUser(t.app);
    const frames = shortHopFrames(t.clock.now().getTime());
    const flight = await registerShortHop(t.app, pilot.headers);
    const first = uplinkFor(flight);
    await connected(first);
    await sendFrames(first, frames, 1, 1200);
    first.disconnect();

    // The server learns of the cut when the socket's close reaches it, a moment after the client's.
    await expect
      .poll(async () => (await get('/api/flight/retrieve-flight-for-user', pilot)).json<TFlight>(), { timeout: 5_000, interval: 50 })
      .toMatchObject({ id: flight.id, isRetrievedButNotSubscribed: true, lastAckSeq: 1200 });

    const second = uplinkFor(flight);
    const reconnection = nextEvent<TReconnection>(second, 'Reconnection');
    await connected(second);
    expect((await reconnection).lastAckSeq).toBe(1200);
    // The journal still held 1001-1200 (their ack was lost): they come again with the rest.
    await sendFrames(second, frames, 1001, frames.length);
    expect((await framesStored(flight.id)).map((row) => row.seq)).toEqual(frames.map((_, i) => i + 1));
    const completed = await completeOver(second);
    expect(completed.fc).toBeGreaterThan(0);
  });

  it('lets one tracker stream a flight at a time: a new uplink closes the old one', async () => {
    const pilot = await createSignedInUser(t.app);
    const flight = await registerShortHop(t.app, pilot.headers);
    const first = uplinkFor(flight);
    await connected(first);
    const closed = nextEvent<string>(first, 'disconnect');
    const second = uplinkFor(flight);
    await connected(second);
    expect(await closed).toBe('io server disconnect');
  });

  it('cancels from the tracker, and from the browser while a tracker streams (FlightCanceled)', async () => {
    const pilot = await createSignedInUser(t.app);
    const frames = shortHopFrames(t.clock.now().getTime());
    const flight = await registerShortHop(t.app, pilot.headers);
    const socket = uplinkFor(flight);
    await connected(socket);
    await sendFrames(socket, frames, 1, 100);
    expect(await socket.timeout(5000).emitWithAck('cancel')).toEqual({ flightId: flight.id });
    expect(await framesStored(flight.id)).toEqual([]);
    const after = (await sendBatch(socket, [{ seq: 101, frame: frames[100] }])) as { error: { errorCode: string } };
    expect(after.error.errorCode).toBe('CONFLICT');
    expect(hasQueue(flight.id)).toBe(false);

    const next = await registerShortHop(t.app, pilot.headers);
    const tracker = uplinkFor(next);
    await connected(tracker);
    const canceled = nextEvent<{ flightId: string }>(tracker, 'FlightCanceled');
    const response = await api(t.app, pilot.headers).inject(flightRoutes.cancel, { params: { id: next.id } });
    expect(response.statusCode).toBe(200);
    expect(await canceled).toEqual({ flightId: next.id });
    expect(hasQueue(next.id)).toBe(false);
    expect((await reloadUser(t.app, pilot.user.id)).walletMfc).toBe(0);
  });
});
