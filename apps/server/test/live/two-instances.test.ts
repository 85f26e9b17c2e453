import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, type TInProgressFlightItem } from '@contrail/domain/live/live-map-contract';
import type { App } from '../../src/app';
import { createSignedInUser } from '../support/factories';
import { connected, listen, nextEvent, OWED_PUSH_WAIT_MS, openUplink, registerShortHop, sendFrames, shortHopFrames, type UplinkClient } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/**
 * Two server instances on one PostgreSQL database, fanned out through real Redis: a flight
 * streamed to instance A shows on a live map connected to instance B. Needs PostgreSQL
 * (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and Redis
 * (TEST_REDIS_URL, else redis://127.0.0.1:6379); skipped with a message when either is absent.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// This run's own keys and channels, removed afterwards.
const REDIS_KEY_PREFIX = `contrail-test-${randomUUID()}:`;

const isPostgresReachable = async (): Promise<boolean> => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
};

const isRedisReachable = async (): Promise<boolean> => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.quit();
    return true;
  } catch {
    return false;
  }
};

const [hasPostgres, hasRedis] = await Promise.all([isPostgresReachable(), isRedisReachable()]);
if (!hasPostgres || !hasRedis) {
  console.warn(
    `two-instances test skipped: ${!hasPostgres ? `PostgreSQL not reachable at ${POSTGRES_URL}` : ''}${!hasPostgres && !hasRedis ? ' and ' : ''}${!hasRedis ? `Redis not reachable at ${REDIS_URL}` : ''}`,
  );
}

describe.skipIf(!hasPostgres || !hasRedis)('two server instances over Redis', () => {
  let shared: SharedDatabase;
  let a: App;
  let b: App;
  let urlA: string;
  let urlB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    shared = await createSharedDatabase(POSTGRES_URL);
    a = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX });
    b = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX });
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await a?.close();
    await b?.close();
    await shared?.drop();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}*` })) if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  it('shows a flight streamed to instance A on a live map connected to instance B', async () => {
    const watcher = await createSignedInUser(b);
    const pilot = await createSignedInUser(a);
    const liveMap = io(`${urlB}${LIVE_NAMESPACE}`, { auth: { token: watcher.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(liveMap);
    await connected(liveMap);

    const registered = nextEvent(liveMap, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    const flight = await registerShortHop(a, pilot.headers);
    await registered;

    const uplink: UplinkClient = openUplink(urlA, { flightId: flight.id, token: flight.token });
    sockets.push(uplink);
    await connected(uplink);
    const moved = nextEvent(liveMap, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    const frames = shortHopFrames(a.deps.clock.now().getTime());
    await sendFrames(uplink, frames, 1, 600);
    await moved;

    const list = (await api(b, watcher.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } })).json<TInProgressFlightItem[]>();
    const item = list.find((candidate) => candidate.id === flight.id);
    expect(item).toBeDefined();
    expect(item?.latitude).toBeCloseTo(frames[599]!.position.latitudeDeg, 6);
    expect(item?.pilot.userName).toBe(pilot.user.userName);
    // B sees that A's tracker is streaming it (socket rooms are shared through Redis).
    const seenFromB = await api(b, pilot.headers).inject(flightRoutes.byId, { params: { id: flight.id } });
    expect(seenFromB.json()).toMatchObject({ status: 'in_progress', isRetrievedButNotSubscribed: false, lastAckSeq: 600 });

    // A cancel on B reaches the tracker on A.
    const canceled = nextEvent<{ flightId: string }>(uplink, 'FlightCanceled', OWED_PUSH_WAIT_MS);
    expect((await api(b, pilot.headers).inject(flightRoutes.cancel, { params: { id: flight.id } })).statusCode).toBe(200);
    expect(await canceled).toEqual({ flightId: flight.id });
  }, 4 * OWED_PUSH_WAIT_MS);

  it('counts rate limits in Redis: the sixth sign-up a minute from one address is refused, whichever instance it reaches', async () => {
    const signUpOn = async (app: App) => {
      const name = `limit${randomUUID().slice(0, 8)}`;
      return (await api(app).inject(authRoutes.signUp, { body: { username: name, email: `${name}@example.test`, password: 'Cirrus-Climb-42' } })).statusCode;
    };
    const codes = [await signUpOn(a), await signUpOn(a), await signUpOn(a), await signUpOn(b), await signUpOn(b)];
    expect(codes).toEqual([201, 201, 201, 201, 201]);
    expect(await signUpOn(a)).toBe(429);
    expect(await signUpOn(b)).toBe(429);
  });
});
