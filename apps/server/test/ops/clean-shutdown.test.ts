import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFlightEngine } from '@contrail/domain/flight/flight-engine';
import type { TFlightLogDetail } from '@contrail/domain/flight-api/flight-log-contract';
import type { TReconnection } from '@contrail/domain/live/flight-messages';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { App } from '../../src/app';
import { flights } from '../../src/modules/flight/flight.schema';
import { createSignedInUser } from '../support/factories';
import { completeOver, connected, nextEvent, openUplink, registerShortHop, sendBatch, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { api } from '../support/api';
import { flightLogRoutes } from '@contrail/domain/flight-api/flight-log-routes';

/**
 * SIGTERM in mid-flight (main.ts): readiness turns 503 while the instance drains, the process
 * stops accepting, commits what the frame writer holds, closes the tracker's socket and exits 0;
 * the tracker reconnects (here to the restarted server, in production to another instance) and
 * resends what was not acknowledged: the flight completes with every frame stored exactly once.
 */
let shared: SharedDatabase;
const open: { app?: App; sockets: UplinkClient[]; server?: ServerProcess } = { sockets: [] };

beforeAll(async () => {
  shared = await createSharedDatabase();
});
afterEach(async () => {
  for (const socket of open.sockets.splice(0)) socket.disconnect();
  await open.app?.close();
  open.app = undefined;
  if (open.server && open.server.child.exitCode === null) open.server.child.kill('SIGKILL');
});
afterAll(async () => shared?.drop());

const BATCH = 50;

/** Streams batches of BATCH frames from `from` until the connection is cut; returns the last acknowledged seq. */
const streamUntilCut = async (socket: UplinkClient, frames: readonly TTelemetryFrame[], from: number, onAck: (seq: number) => void): Promise<number> => {
  let acked = from - 1;
  for (let start = from; start <= frames.length && socket.connected; start += BATCH) {
    const items = [];
    for (let seq = start; seq < Math.min(start + BATCH, frames.length + 1); seq += 1) items.push({ seq, frame: frames[seq - 1] });
    const answer = await sendBatch(socket, items).catch(() => null);
    if (!answer || 'error' in answer) break;
    acked = answer.ackSeq;
    onAck(acked);
    // About 10 batches a second: a tracker catching up, slow enough that SIGTERM lands mid-stream.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return acked;
};

describe('SIGTERM in mid-flight', () => {
  it('drains (readiness 503), flushes the frame writer, exits 0; after a restart the flight completes with every frame once', async () => {
    let app = await shared.buildApp();
    open.app = app;
    const pilot = await createSignedInUser(app);
    const frames = shortHopFrames(app.deps.clock.now().getTime() + 86_400_000);
    const flight = await registerShortHop(app, pilot.headers);
    await app.close();
    open.app = undefined;

    const port = await freePort();
    // Long enough to see the drain on a loaded machine (the poll below has most of it).
    const env = { ...shared.env, SHUTDOWN_DRAIN_MS: '6000' };
    let server = await startServerProcess({ port, env, loader: 'built' });
    open.server = server;
    const first = openUplink(server.baseUrl, { flightId: flight.id, token: flight.token });
    open.sockets.push(first);
    await connected(first);
    await sendFrames(first, frames, 1, 400);

    let sigtermSent = false;
    let ackedAfterSigterm = 0;
    const disconnected = new Promise<string>((resolve) => first.once('disconnect', (reason) => resolve(reason)));
    const streaming = streamUntilCut(first, frames, 401, (seq) => {
      if (seq >= 800 && !sigtermSent) {
        sigtermSent = true;
        server.child.kill('SIGTERM');
      } else if (sigtermSent) ackedAfterSigterm = seq;
    });
    await expect.poll(() => sigtermSent, { timeout: 30_000 }).toBe(true);
    // Draining: still serving (the stream goes on) but no longer ready.
    await expect.poll(async () => (await fetch(`${server.baseUrl}/readyz`)).status, { timeout: 5_000, interval: 50 }).toBe(503);
    expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toEqual({ status: 'shutting-down' });
    expect((await fetch(`${server.baseUrl}/livez`)).status).toBe(200);

    const lastAcked = await streaming;
    // The server closed the connection (a tracker reconnects on either reason; Socket.IO itself on "transport close").
    expect(['transport close', 'io server disconnect']).toContain(await disconnected);
    expect(await server.exited).toBe(0);
    expect(server.stderr()).not.toMatch(/error/i);
    expect(ackedAfterSigterm).toBeGreaterThan(800); // frames kept flowing while draining
    expect(lastAcked).toBeLessThan(frames.length);

    // The drain was seen above; this server's own SIGTERM below only has to end cleanly (exit 0), without the wait.
    server = await startServerProcess({ port, env: { ...env, SHUTDOWN_DRAIN_MS: '0' }, loader: 'built' });
    open.server = server;
    const second = openUplink(server.baseUrl, { flightId: flight.id, token: flight.token });
    open.sockets.push(second);
    const reconnection = nextEvent<TReconnection>(second, 'Reconnection', 15_000);
    await connected(second);
    const { lastAckSeq } = await reconnection;
    // Nothing acknowledged was lost; a batch written by the final flush may be ahead of the last ack seen.
    expect(lastAckSeq).toBeGreaterThanOrEqual(lastAcked);
    expect(lastAckSeq).toBeLessThanOrEqual(lastAcked + BATCH);
    // The tracker resends from its last acknowledgement; frames already stored are skipped.
    await sendFrames(second, frames, lastAcked + 1, frames.length);
    const completed = await completeOver(second);
    second.disconnect();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    app = await shared.buildApp();
    open.app = app;
    // Frames are folded into the flight log at completion: the log must equal what one engine
    // makes of every frame once, in order (a lost or doubled frame changes the events and the track).
    const [row] = await app.deps.db.select().from(flights).where(eq(flights.id, flight.id));
    expect(row?.status).toBe('complete');
    const reference = createFlightEngine(row!.plan);
    for (const frame of frames) reference.ingest(frame);
    const expected = reference.complete();
    const response = await api(app, pilot.headers).inject(flightLogRoutes.detail, { params: { id: completed.flightLogId } });
    expect(response.statusCode).toBe(200);
    const log = response.json<TFlightLogDetail>();
    expect(log.events.map((event) => event.key)).toEqual(expected.events.map((event) => event.key));
    expect(log.positionHistory.length).toBe(expected.positionHistory.length);
    expect(log.statistics.fuelConsumed).toBe(expected.statistics.fuelConsumedKg);
    expect(log.isArrived).toBe(true);
  }, 240_000);
});
