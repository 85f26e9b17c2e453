import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE } from '@contrail/domain/live/live-map-contract';
import type { App } from '../../src/app';
import { flightFrames } from '../../src/modules/flight/flight.schema';
import { createSignedInUser } from '../support/factories';
import {
  completeOver,
  connected,
  expectLogOfReferenceEngine,
  listen,
  nextEvent,
  OWED_PUSH_WAIT_MS,
  openUplink,
  registerShortHop,
  sendFrames,
  shortHopFrames,
} from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { endpointOf, startTcpProxy, type TcpProxy } from './tcp-proxy';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { flightRoutes } from '@contrail/domain/flight-api/flight-routes';

/**
 * Redis goes away under two server instances (a relay between them and Redis is cut, so the Redis
 * other tests use keeps running): `/readyz` names it while still answering 200 (every instance shares
 * that Redis: a 503 would take them all out of rotation at once), flights and requests go on,
 * and once it is back the shared live map and the shared rate limits work again on their own.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!POSTGRES_URL || !REDIS_URL) console.warn(`Redis outage test skipped: ${!POSTGRES_URL ? 'TEST_DATABASE_URL' : 'TEST_REDIS_URL'} is not set`);
// This run's own keys and channels, removed afterwards.
const REDIS_KEY_PREFIX = `contrail-test-${randomUUID()}:`;

describe.skipIf(!POSTGRES_URL || !REDIS_URL)('a Redis outage under two instances', () => {
  let shared: SharedDatabase;
  let proxy: TcpProxy;
  let a: App;
  let b: App;
  let urlA: string;
  let urlB: string;
  const sockets: Socket[] = [];

  const readiness = async (app: App) => {
    const response = await app.inject({ url: '/readyz' });
    return { statusCode: response.statusCode, body: response.json<unknown>() };
  };
  const signUpOn = async (app: App) => {
    const name = `outage${randomUUID().slice(0, 8)}`;
    return (await api(app).inject(authRoutes.signUp, { body: { username: name, email: `${name}@example.test`, password: 'Cirrus-Climb-42' } })).statusCode;
  };

  beforeAll(async () => {
    proxy = await startTcpProxy(endpointOf(REDIS_URL!));
    shared = await createSharedDatabase(POSTGRES_URL);
    const overrides = { REDIS_URL: proxy.urlThrough(REDIS_URL!), REDIS_KEY_PREFIX };
    a = await shared.buildApp(overrides);
    b = await shared.buildApp(overrides);
    urlA = await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    proxy?.restore();
    await a?.close();
    await b?.close();
    await proxy?.close();
    await shared?.drop();
    if (!REDIS_URL) return;
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}*` })) if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  it('names Redis on /readyz while it is away, keeps every frame, and recovers the live map and the rate limits', async () => {
    expect(await readiness(a)).toEqual({ statusCode: 200, body: { status: 'ready' } });
    const pilot = await createSignedInUser(a);
    const watcher = await createSignedInUser(b);
    const frames = shortHopFrames(a.deps.clock.now().getTime());
    const flight = await registerShortHop(a, pilot.headers);
    const uplink = openUplink(urlA, { flightId: flight.id, token: flight.token });
    sockets.push(uplink);
    await connected(uplink);
    await sendFrames(uplink, frames, 1, 600);

    proxy.cut();
    for (const app of [a, b]) {
      await expect.poll(() => readiness(app), { timeout: 10_000, interval: 100 }).toEqual({ statusCode: 200, body: { status: 'degraded', missing: ['redis'] } });
    }
    // What does not need Redis goes on: the flight streams, requests are served (without shared limits).
    await sendFrames(uplink, frames, 601, 1200);
    expect((await api(b, watcher.headers).inject(flightRoutes.list, { query: { status: 'in_progress' } })).statusCode).toBe(200);
    expect(await signUpOn(a)).toBe(201);

    proxy.restore();
    for (const app of [a, b]) await expect.poll(() => readiness(app), { timeout: 30_000, interval: 200 }).toEqual({ statusCode: 200, body: { status: 'ready' } });

    // The live map on B hears of A's flights again.
    const liveMap = io(`${urlB}${LIVE_NAMESPACE}`, { auth: { token: watcher.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(liveMap);
    await connected(liveMap);
    const moved = nextEvent(liveMap, 'InProgressFlightsRefresh', OWED_PUSH_WAIT_MS);
    await sendFrames(uplink, frames, 1201, frames.length);
    await moved;

    // The rate limits count in Redis again, shared by both instances: at most five sign-ups a minute from one address.
    const codes: number[] = [];
    while (codes.length < 7 && !codes.includes(429)) codes.push(await signUpOn(codes.length % 2 === 0 ? a : b));
    expect(codes.filter((code) => code === 201).length).toBeLessThanOrEqual(5);
    expect(codes.at(-1)).toBe(429);
    expect([await signUpOn(a), await signUpOn(b)]).toEqual([429, 429]);

    const stored = await a.deps.db.select({ seq: flightFrames.seq }).from(flightFrames).where(eq(flightFrames.flightId, flight.id)).orderBy(flightFrames.seq);
    expect(stored.map((row) => row.seq)).toEqual(frames.map((_, index) => index + 1));
    const completed = await completeOver(uplink);
    await expectLogOfReferenceEngine(a, flight.id, completed.flightLogId, pilot.headers, frames);
  }, 180_000);
});
