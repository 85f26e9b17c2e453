import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { Agent } from 'undici';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { UPLINK_NAMESPACE } from '@contrail/domain/live/uplink-contract';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { WORKER_HEADER } from '../../src/cluster';
import { ConfigError, loadConfig } from '../../src/config/config';
import { createSignedInUser } from '../support/factories';
import { completeOver, expectLogOfReferenceEngine, connected, registerShortHop, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * WORKERS=2 (src/cluster.ts): one primary holds the port, two worker processes answer. New
 * connections reach both, a kept-alive connection stays with its worker; Socket.IO takes WebSocket
 * only (a session is one connection, on one worker) and refuses long-polling; a tracker flight sent
 * over two successive connections completes with every frame once; SIGTERM stops the workers and
 * the primary cleanly. Skipped without PostgreSQL (TEST_DATABASE_URL) or Redis (TEST_REDIS_URL).
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

const skipReason = async (): Promise<string | undefined> => {
  if (!POSTGRES_URL || !REDIS_URL) return 'TEST_DATABASE_URL and TEST_REDIS_URL are not both set';
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
  } catch {
    return `PostgreSQL is not reachable at TEST_DATABASE_URL`;
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch {
    return `Redis is not reachable at TEST_REDIS_URL`;
  } finally {
    redis.disconnect();
  }
};
const skipped = await skipReason();

const owned: { server?: ServerProcess; sockets: UplinkClient[]; shared?: SharedDatabase } = { sockets: [] };
afterAll(async () => {
  for (const socket of owned.sockets) socket.disconnect();
  if (owned.server?.child.exitCode === null) owned.server.child.kill('SIGKILL');
  await owned.shared?.drop();
});

/** The parent of a process, from /proc (Linux). */
const parentPidOf = (pid: number): number => Number(/^PPid:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

const uplinkOver = (baseUrl: string, auth: { flightId: string; token: string }, transports: ('polling' | 'websocket')[]): UplinkClient => {
  const socket: UplinkClient = io(`${baseUrl}${UPLINK_NAMESPACE}`, { auth, transports, reconnection: false, forceNew: true });
  owned.sockets.push(socket);
  return socket;
};

describe('WORKERS configuration', () => {
  it('defaults to one process, and refuses several without PostgreSQL and Redis, naming both', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/contrail' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2', REDIS_URL: 'redis://cache' })).toThrow(/WORKERS: .*DATABASE_URL .*REDIS_URL/);
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/contrail', REDIS_URL: 'redis://cache' }).WORKERS).toBe(2);
  });
});

describe.skipIf(skipped)(`WORKERS=2: a primary and two workers on PostgreSQL and Redis${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  it('both workers answer HTTP and keep connections alive; a tracker flight over WebSocket completes with every frame once; polling is refused; SIGTERM exits 0', async () => {
    const shared = await createSharedDatabase(POSTGRES_URL);
    owned.shared = shared;
    const app = await shared.buildApp();
    const pilot = await createSignedInUser(app);
    const frames: TTelemetryFrame[] = shortHopFrames(app.deps.clock.now().getTime() + 86_400_000);
    const flight = await registerShortHop(app, pilot.headers);
    await app.close();

    const env = { ...shared.env, WORKERS: '2', REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: `contrail-workers-${randomUUID()}:`, SHUTDOWN_DRAIN_MS: '200' };
    const server = await startServerProcess({ env, loader: 'built' });
    owned.server = server;

    // A new connection per request: the primary hands them out in turn, so both workers answer.
    const workerPids = new Set<number>();
    for (let i = 0; i < 8 && workerPids.size < 2; i += 1) {
      const { status, worker } = await getOnNewConnection(`${server.baseUrl}/livez`);
      expect(status).toBe(200);
      workerPids.add(worker);
    }
    expect(workerPids.size).toBe(2);
    for (const pid of workerPids) {
      expect(pid).not.toBe(server.child.pid);
      if (fs.existsSync('/proc')) expect(parentPidOf(pid)).toBe(server.child.pid);
    }

    // One kept-alive connection: every request on it reaches the worker holding it, none is closed.
    const oneConnection = new Agent({ connections: 1 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fetch(`${server.baseUrl}/livez`, { dispatcher: oneConnection } as RequestInit);
        await response.arrayBuffer();
        answers.push({ worker: response.headers.get(WORKER_HEADER), connection: response.headers.get('connection') });
      }
      expect(new Set(answers.map((answer) => answer.worker)).size).toBe(1);
      expect(answers.every((answer) => answer.connection !== 'close')).toBe(true);
    } finally {
      await oneConnection.close();
    }

    // Long-polling would carry a session over many requests, any of which could reach the other worker.
    const polling = uplinkOver(server.baseUrl, { flightId: flight.id, token: flight.token }, ['polling']);
    await expect(connected(polling)).rejects.toThrow();
    polling.disconnect();

    // The tracker's own client (WebSocket only), cut halfway: the second connection may reach the
    // other worker, which carries on from the frames the first one committed.
    const half = Math.floor(frames.length / 2);
    const first = uplinkOver(server.baseUrl, { flightId: flight.id, token: flight.token }, ['websocket']);
    await connected(first);
    await sendFrames(first, frames, 1, half);
    first.disconnect();
    const second = uplinkOver(server.baseUrl, { flightId: flight.id, token: flight.token }, ['websocket']);
    await connected(second);
    await sendFrames(second, frames, half + 1, frames.length);
    // Acknowledged means committed: one row per sequence number, none twice (before completion deletes them).
    expect(await storedFrameCount(shared.env.DATABASE_URL!, flight.id)).toBe(frames.length);
    const completed = await completeOver(second);
    second.disconnect();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of workerPids) expect(fs.existsSync(`/proc/${pid}`) && !isZombie(pid)).toBe(false);

    const check = await shared.buildApp();
    try {
      await expectLogOfReferenceEngine(check, flight.id, completed.flightLogId, pilot.headers, frames);
    } finally {
      await check.close();
    }
  }, 300_000);
});

/** A GET on a connection of its own (no keep-alive agent): which worker answered, and how. */
const getOnNewConnection = (url: string): Promise<{ status: number; worker: number }> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0, worker: Number(response.headers[WORKER_HEADER]) }));
      })
      .once('error', reject);
  });

const storedFrameCount = async (databaseUrl: string, flightId: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(distinct seq) as count from flight_frames where flight_id = $1 and frame is not null', [flightId]);
    return Number(rows[0]?.count);
  } finally {
    await client.end();
  }
};

const isZombie = (pid: number): boolean => {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};
