import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_NAMESPACE, LIVE_UNAUTHORIZED } from '@contrail/domain/live/live-map-contract';
import { NOTIFICATION_NAMESPACE } from '@contrail/domain/notification/notification-types';
import type { App } from '../../src/app';
import { getMailQueue } from '../../src/modules/mail/mail-queue';
import { createSignedInUser, latestTokenMailedTo, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { connected, listen } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { endpointOf, startTcpProxy, type TcpProxy } from '../faults/tcp-proxy';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

/**
 * A stolen access token on the live channels (the live map, the notification bell): once the
 * victim changes or resets the password or signs out everywhere, the token opens no channel, and a
 * channel it already opened is closed, on whichever instance holds it.
 */
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

const openChannel = (baseUrl: string, namespace: string, token: string): Socket => {
  const socket = io(`${baseUrl}${namespace}`, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
};

const expectRefusedAt = async (baseUrl: string, token: string) => {
  for (const namespace of [LIVE_NAMESPACE, NOTIFICATION_NAMESPACE]) {
    await expect(connected(openChannel(baseUrl, namespace, token))).rejects.toThrow(LIVE_UNAUTHORIZED);
  }
};

/** Resolves with the reason when the server closes the socket; fails when it stays open `withinMs`. */
const closedByServer = (socket: Socket, withinMs = 10_000): Promise<string> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the channel stayed open`)), withinMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

describe('revoked sessions on the live channels', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t?.close());

  /** The victim's session and the attacker's copy of an access token, both on the map and the bell. */
  const victimWithStolenChannels = async (): Promise<{ victim: SignedInUser; stolen: string; closed: Promise<string[]> }> => {
    const victim = await createSignedInUser(t.app);
    const stolen = (await signIn(t.app, victim.user.userName, victim.password)).token;
    const channels = [openChannel(baseUrl, LIVE_NAMESPACE, stolen), openChannel(baseUrl, NOTIFICATION_NAMESPACE, stolen)];
    await Promise.all(channels.map(connected));
    return { victim, stolen, closed: Promise.all(channels.map((socket) => closedByServer(socket))) };
  };

  const expectRefused = (token: string) => expectRefusedAt(baseUrl, token);

  it('signing out everywhere closes the open channels and refuses the token at the handshake', async () => {
    const { victim, stolen, closed } = await victimWithStolenChannels();
    const answer = await api(t.app, victim.headers).inject(authRoutes.signOutEverywhere);
    expect(answer.statusCode).toBe(200);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
    await expectRefused(stolen);
  });

  it('a password change does the same; the kept session reconnects with its refreshed token', async () => {
    const { victim, stolen, closed } = await victimWithStolenChannels();
    const answer = await api(t.app, victim.headers).inject(authRoutes.changePassword, { params: { id: victim.user.id }, body: { currentPassword: victim.password, newPassword: 'Taken-Back-2026' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await closed;
    await expectRefused(stolen);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'refresh-token': victim.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    await connected(openChannel(baseUrl, NOTIFICATION_NAMESPACE, refreshed.json<{ token: string }>().token));
  });

  it('a password reset does the same', async () => {
    const { victim, stolen, closed } = await victimWithStolenChannels();
    await api(t.app).inject(authRoutes.forgotPassword, { body: { email: victim.user.email } });
    await getMailQueue(t.app).idle();
    const token = await latestTokenMailedTo(t.app, victim.user.email, '/reset-password');
    const answer = await api(t.app).inject(authRoutes.resetPassword, { body: { token, password: 'Taken-Back-2026' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await closed;
    await expectRefused(stolen);
  });

  it("another user's channels stay open", async () => {
    const victim = await createSignedInUser(t.app);
    const bystander = await createSignedInUser(t.app);
    const channel = openChannel(baseUrl, NOTIFICATION_NAMESPACE, bystander.token);
    await connected(channel);
    await api(t.app, victim.headers).inject(authRoutes.signOutEverywhere);
    await expect(closedByServer(channel, 1500)).rejects.toThrow(/stayed open/);
    expect(channel.connected).toBe(true);
  });
});

/** Needs PostgreSQL (TEST_DATABASE_URL, else the local one) and Redis (TEST_REDIS_URL, else the local one). */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_KEY_PREFIX = `contrail-test-${randomUUID()}:`;

const reachable = async (): Promise<boolean> => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 1500 });
  const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    await redis.connect();
    await redis.quit();
    return true;
  } catch {
    return false;
  }
};
const isReachable = await reachable();
if (!isReachable) console.warn(`revoked sessions across instances skipped: PostgreSQL ${POSTGRES_URL} or Redis ${REDIS_URL} not reachable`);

describe.skipIf(!isReachable)('revoked sessions on the live channels of another instance', () => {
  let shared: SharedDatabase;
  let a: App;
  let b: App;
  let urlB: string;

  beforeAll(async () => {
    shared = await createSharedDatabase(POSTGRES_URL);
    a = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX, RATE_LIMIT: 'off' });
    b = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX, RATE_LIMIT: 'off' });
    await listen(a);
    urlB = await listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}*` })) if (keys.length > 0) await redis.del(keys);
    await redis.quit();
  });

  it('signing out everywhere on A closes the channels a stolen token holds on B', async () => {
    const victim = await createSignedInUser(a);
    const stolen = (await signIn(a, victim.user.userName, victim.password)).token;
    const channels = [openChannel(urlB, LIVE_NAMESPACE, stolen), openChannel(urlB, NOTIFICATION_NAMESPACE, stolen)];
    await Promise.all(channels.map(connected));
    const closed = Promise.all(channels.map((socket) => closedByServer(socket)));
    const answer = await api(a, victim.headers).inject(authRoutes.signOutEverywhere);
    expect(answer.statusCode).toBe(200);
    expect(await closed).toEqual(['io server disconnect', 'io server disconnect']);
  });
});

describe.skipIf(!isReachable)('the session check while PostgreSQL is away', () => {
  let shared: SharedDatabase;
  let relay: TcpProxy;
  let app: App;
  let baseUrl: string;

  beforeAll(async () => {
    relay = await startTcpProxy(endpointOf(POSTGRES_URL));
    shared = await createSharedDatabase(POSTGRES_URL);
    app = await shared.buildApp({ DATABASE_URL: relay.urlThrough(shared.env.DATABASE_URL!), RATE_LIMIT: 'off' });
    baseUrl = await listen(app);
  });
  afterAll(async () => {
    relay?.restore();
    await app?.close();
    await relay?.close();
    await shared?.drop();
  });

  it('lets channels open meanwhile, so the live map recovers on its own, and closes those of ended sessions once it is back', async () => {
    const pilot = await createSignedInUser(app);
    const victim = await createSignedInUser(app);
    const stolen = (await signIn(app, victim.user.userName, victim.password)).token;
    expect((await api(app, victim.headers).inject(authRoutes.signOutEverywhere)).statusCode).toBe(200);

    relay.cut();
    const current = openChannel(baseUrl, LIVE_NAMESPACE, pilot.token);
    const ended = openChannel(baseUrl, LIVE_NAMESPACE, stolen);
    await Promise.all([connected(current), connected(ended)]);

    const endedClosed = closedByServer(ended, 60_000);
    relay.restore();
    expect(await endedClosed).toBe('io server disconnect');
    expect(current.connected).toBe(true);
    await expectRefusedAt(baseUrl, stolen);
  });
});
