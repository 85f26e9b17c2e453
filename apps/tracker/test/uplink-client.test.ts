import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FrameJournal, journalPathFor } from '../src/uplink/frame-journal';
import { UplinkClient, type TFlightServerMessageName } from '../src/uplink/uplink-client';
import { FakeUplinkServer } from './support/fake-uplink-server';
import { makeFrame } from './support/frame-factory';
import { waitFor } from './support/wait-for';

const TOKEN = 'flight-token-0123456789abcdef';

describe('uplink client against a fake server', () => {
  let dataDir: string;
  let flightId: string;
  const servers: FakeUplinkServer[] = [];
  const clients: UplinkClient[] = [];

  async function startServer(port = 0, from?: FakeUplinkServer): Promise<FakeUplinkServer> {
    const server = await FakeUplinkServer.start(port, from?.flights);
    servers.push(server);
    return server;
  }

  async function startClient(server: FakeUplinkServer, overrides: { ackTimeoutMs?: number; batchSize?: number } = {}) {
    const journal = await FrameJournal.open(journalPathFor(dataDir, flightId), flightId);
    const client = new UplinkClient({
      serverUrl: server.url,
      flightId,
      token: TOKEN,
      journal,
      reconnectDelayMs: 20,
      reconnectDelayMaxMs: 100,
      ackTimeoutMs: overrides.ackTimeoutMs ?? 2_000,
      batchSize: overrides.batchSize ?? 25,
      log: process.env.UPLINK_DEBUG ? (m) => process.stderr.write(m + "\n") : undefined,
    });
    clients.push(client);
    client.start();
    return client;
  }

  /** Pushes frames `from`..`to - 1`, a few at a time, letting the event loop run between them. */
  async function pushFrames(client: UplinkClient, from: number, to: number): Promise<void> {
    for (let n = from; n < to; n += 1) {
      client.push(makeFrame(n));
      if (n % 5 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  /** Stored seqs are 1..n exactly once and their frames are frames 0..n-1 in order. */
  function expectExactlyOnce(server: FakeUplinkServer, count: number): void {
    const flight = server.flights.get(flightId);
    expect(flight?.stored.map((item) => item.seq)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    expect(flight?.stored.map((item) => item.frame.timeMs)).toEqual(Array.from({ length: count }, (_, index) => makeFrame(index).timeMs));
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'contrail-uplink-'));
    flightId = randomUUID();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.close();
    for (const server of servers.splice(0)) await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends numbered frames, and each ack empties the journal', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 120);
    await client.flush(5_000);
    expectExactlyOnce(server, 120);
    expect(client.pendingCount).toBe(0);
    expect(client.acknowledgedSeq).toBe(120);
    // Batches respect the batch size: 120 frames need at least 5 batches of 25.
    expect(server.batches).toBeGreaterThanOrEqual(5);
  });

  it('loses and doubles no frame when the network is cut mid-flight', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    const statuses: string[] = [];
    client.on('status', (status) => statuses.push(status));

    await pushFrames(client, 0, 60);
    server.cutConnections();
    // Frames keep coming while the connection is down: they go to the journal.
    await pushFrames(client, 60, 140);
    await waitFor(() => statuses.includes('reconnecting'), 3_000, 'reconnecting');
    server.cutConnections();
    await pushFrames(client, 140, 200);
    await client.flush(10_000);

    expect(statuses).toContain('connected');
    expectExactlyOnce(server, 200);
    expect(server.handshakes).toBeGreaterThanOrEqual(2);
  });

  it('resends after a lost ack without storing a frame twice', async () => {
    const server = await startServer();
    const flight = server.addFlight(flightId, TOKEN);
    const client = await startClient(server, { ackTimeoutMs: 150 });
    await client.waitUntilConnected(3_000);
    server.isSwallowingAcks = true;
    await pushFrames(client, 0, 30);
    // Without acks the tracker keeps resending its first batch: the server has 1..25, the journal all 30.
    await waitFor(() => flight.ackSeq === 25 && server.batches >= 3, 3_000, 'a batch stored and resent without ack');
    expect(client.pendingCount).toBe(30);
    server.isSwallowingAcks = false;
    await client.flush(5_000);
    expectExactlyOnce(server, 30);
    expect(flight.duplicates).toBeGreaterThan(0);
  });

  it('survives a tracker restart: a new client on the same journal sends what was pending, and only that', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const first = await startClient(server);
    await first.waitUntilConnected(3_000);
    await pushFrames(first, 0, 50);
    await first.flush(5_000);
    // The server goes away; the tracker keeps journaling, then "dies" (closed without flushing).
    await servers[0]?.stop();
    servers.splice(0);
    await pushFrames(first, 50, 90);
    await waitFor(() => first.pendingCount === 40 && first.status !== 'connected', 3_000, 'frames journaled offline');
    await first.close();
    clients.splice(clients.indexOf(first), 1);

    // The server restarts on the same port with its data; a new tracker instance opens the journal.
    const restarted = await startServer(server.port, server);
    const second = await startClient(restarted);
    // The new instance holds exactly what the server did not acknowledge.
    expect(second.pendingCount).toBe(110 - 20 - (restarted.flights.get(flightId)?.ackSeq ?? 0));
    expect(second.pendingCount).toBeGreaterThan(30);
    await second.waitUntilConnected(3_000);
    await pushFrames(second, 90, 110);
    await second.flush(5_000);
    expectExactlyOnce(restarted, 110);
    expect(restarted.flights.get(flightId)?.duplicates).toBe(0);
  });

  it('reconnects by itself when the server restarts while the tracker runs', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 40);
    await client.flush(5_000);
    await server.stop();
    servers.splice(0);
    await pushFrames(client, 40, 80);
    const restarted = await startServer(server.port, server);
    await pushFrames(client, 80, 100);
    await client.flush(10_000);
    expectExactlyOnce(restarted, 100);
  });

  it('flush waits for the frames pushed so far, not for those the simulator keeps sending', async () => {
    const server = await startServer();
    const flight = server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 50);
    let n = 50;
    const stream = setInterval(() => client.push(makeFrame((n += 1))), 1);
    try {
      await client.flush(5_000);
      expect(flight.ackSeq).toBeGreaterThanOrEqual(50);
    } finally {
      clearInterval(stream);
    }
  });

  it('relays server messages and applies Reconnection.lastAckSeq', async () => {
    const server = await startServer();
    const flight = server.addFlight(flightId, TOKEN);
    // The server already holds 10 frames this tracker never journaled (its data folder was lost).
    flight.stored = Array.from({ length: 10 }, (_, index) => ({ seq: index + 1, frame: makeFrame(index) }));
    flight.ackSeq = 10;
    const client = await startClient(server);
    const messages: { name: TFlightServerMessageName; payload: unknown }[] = [];
    client.on('message', (name, payload) => messages.push({ name, payload }));
    await client.waitUntilConnected(3_000);
    await waitFor(() => messages.some((message) => message.name === 'Reconnection'), 3_000, 'Reconnection');
    await waitFor(() => client.acknowledgedSeq === 10, 3_000, 'journal advanced to the server ack');
    await pushFrames(client, 10, 20);
    await client.flush(5_000);
    expectExactlyOnce(server, 20);

    server.emitTo(flightId, 'ReadyToEndFlight', { flightId });
    await waitFor(() => messages.some((message) => message.name === 'ReadyToEndFlight'), 3_000, 'ReadyToEndFlight');
    expect(messages.find((message) => message.name === 'ReadyToEndFlight')?.payload).toEqual({ flightId });
  });

  it('is refused with the server reason for a bad token, and does not retry', async () => {
    const server = await startServer();
    server.addFlight(flightId, 'another-token-0123456789');
    const client = await startClient(server);
    await expect(client.waitUntilConnected(3_000)).rejects.toThrow(/refused.*bad token/);
    expect(client.status).toBe('refused');
    const handshakes = server.handshakes;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.handshakes).toBe(handshakes);
  });

  it('completes after flushing, then removes the journal; a refused completion keeps the flight', async () => {
    const server = await startServer();
    const flight = server.addFlight(flightId, TOKEN, { isReadyToEnd: false });
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 30);
    const refused = await client.complete(5_000);
    expect(refused).toEqual({ error: { message: 'The flight is not ready to be completed', errorCode: 'ERR_0040' } });
    expectExactlyOnce(server, 30);
    flight.isReadyToEnd = true;
    const completed = await client.complete(5_000);
    expect(completed).toMatchObject({ flightId, fc: 120, xp: 35 });
    await client.finish();
    await expect(stat(journalPathFor(dataDir, flightId))).rejects.toThrow(/ENOENT/);
  });

  it('forwards controls with their result, and rejects them while disconnected', async () => {
    const server = await startServer();
    const flight = server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    expect(await client.control({ type: 'ServeFood', foodType: 1 })).toEqual({ accepted: true, rejection: null });
    expect(flight.controls).toEqual([{ type: 'ServeFood', foodType: 1 }]);
    await server.stop();
    servers.splice(0);
    await waitFor(() => client.status === 'reconnecting', 3_000, 'reconnecting');
    const offline = await client.control({ type: 'SwitchIfe' });
    expect(offline.accepted).toBe(false);
    expect(offline.rejection).toMatch(/not connected/);
  });
  it('keeps frames the server cannot store right now (503) and sends them again, without a flight error', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    const messages: TFlightServerMessageName[] = [];
    client.on('message', (name) => messages.push(name));
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 20);
    await client.flush(5_000);
    server.isUnavailable = true;
    const batchesBefore = server.batches;
    await pushFrames(client, 20, 60);
    await waitFor(() => server.batches >= batchesBefore + 2, 3_000, 'two refused batches');
    expect(client.status).toBe('connected');
    expect(client.pendingCount).toBe(40);
    server.isUnavailable = false;
    await client.flush(5_000);
    expectExactlyOnce(server, 60);
    expect(messages).not.toContain('FlightError');
  });

  it('connects again after a handshake the server could not check (503), instead of taking it as a refusal', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    server.isUnavailable = true;
    const client = await startClient(server);
    await waitFor(() => server.handshakes >= 2, 3_000, 'a second handshake');
    expect(client.status).toBe('connecting');
    server.isUnavailable = false;
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 10);
    await client.flush(5_000);
    expectExactlyOnce(server, 10);
  });

  it('asks again for a completion the server could not do right now (503)', async () => {
    const server = await startServer();
    server.addFlight(flightId, TOKEN);
    const client = await startClient(server);
    await client.waitUntilConnected(3_000);
    await pushFrames(client, 0, 10);
    await client.flush(5_000);
    server.isUnavailable = true;
    setTimeout(() => {
      server.isUnavailable = false;
    }, 250);
    expect(await client.complete(5_000)).toMatchObject({ flightId, fc: 120 });
  });
});
