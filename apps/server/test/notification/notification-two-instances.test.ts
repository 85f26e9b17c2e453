import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_NAMESPACE, type TNotification } from '@contrail/domain/notification/notification-types';
import type { App } from '../../src/app';
import { recordNotification } from '../../src/modules/notification/notification.service';
import { createSignedInUser } from '../support/factories';
import { connected, listen, nextEvent } from '../flight/support/flight-kit';
import { createSharedDatabase, type SharedDatabase } from '../flight/support/shared-database';
import { api } from '../support/api';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';

/**
 * The bell across instances: a browser connected to instance B hears a notification recorded on
 * instance A, and a read on A, through the Socket.IO Redis adapter. Needs PostgreSQL
 * (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) and Redis (TEST_REDIS_URL,
 * else redis://127.0.0.1:6379); skipped with a message when either is absent.
 */
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
if (!isReachable) console.warn(`notification two-instances test skipped: PostgreSQL ${POSTGRES_URL} or Redis ${REDIS_URL} not reachable`);

describe.skipIf(!isReachable)('notifications across two instances', () => {
  let shared: SharedDatabase;
  let a: App;
  let b: App;
  let urlB: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    shared = await createSharedDatabase(POSTGRES_URL);
    a = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX });
    b = await shared.buildApp({ REDIS_URL, REDIS_KEY_PREFIX });
    await listen(a);
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

  it('rings the bell of a browser on B for a notification recorded on A, and tells it of a read made on A', async () => {
    const pilot = await createSignedInUser(a);
    const bell = io(`${urlB}${NOTIFICATION_NAMESPACE}`, { auth: { token: pilot.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(bell);
    await connected(bell);

    const rang = nextEvent<TNotification>(bell, 'NotificationReceived', 10_000);
    await a.deps.db.transaction(async (tx) =>
      recordNotification(tx, { userId: pilot.user.id, type: 'APPLICANT_ACCEPTED', data: { airlineId: 'a1', airlineName: 'Blue Sky' } }),
    );
    const notification = await rang;
    expect(notification).toMatchObject({ type: 'APPLICANT_ACCEPTED', read: false, data: { airlineName: 'Blue Sky' } });

    // The read announcement is emitted by A alone (it served the request), so hearing it on B is the adapter's doing.
    const read = nextEvent<{ ids: string[] }>(bell, 'NotificationsRead', 10_000);
    const response = await api(a, pilot.headers).inject(notificationRoutes.read, { params: { id: notification.id } });
    expect(response.statusCode).toBe(200);
    expect(await read).toEqual({ ids: [notification.id] });
  });
});
