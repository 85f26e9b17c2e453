import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Namespace } from 'socket.io';
import { LIVE_CHANNEL_KEEP_ALIVE_MS, LIVE_CHANNEL_SERVER_TIMEOUT_MS } from '@contrail/domain/live/connection-status';
import { LIVE_NAMESPACE, type LiveClientToServer, type LiveServerToClient } from '@contrail/domain/live/live-map-contract';
import type { AuthenticatedUser } from '../../plugins/authentication';
import { authenticateSocketsByToken } from './socket-authentication';

/**
 * Realtime channels on the app's own HTTP server (Socket.IO, path /socket.io):
 * - `/live`: the browsers' live map. Handshake `auth: { token }` with the access token; a missing,
 *   invalid or expired token is refused with the connect error `unauthorized`, and a connection
 *   is closed when its token expires (the client refreshes once and reconnects).
 * - other namespaces (the tracker uplink `/uplink`) are added by their modules on `app.live.io`.
 *
 * With REDIS_URL the Socket.IO Redis adapter fans every broadcast out to all server instances,
 * so a flight streamed to one instance shows on live maps connected to another.
 */
export type LiveHub = {
  io: Server;
  liveMap: Namespace<LiveClientToServer, LiveServerToClient, Record<string, never>, { user: AuthenticatedUser }>;
  /** True when several instances share broadcasts (Redis adapter). */
  isClustered: boolean;
  /** False while the Redis of REDIS_URL is away (its clients reconnect by themselves); true without Redis. */
  isRedisReady: () => boolean;
  /**
   * Tells every live map that the in-progress flights changed. `set`: a flight appeared, ended or
   * changed step (pushed within LIVE_REFRESH_SET_DELAY_MS); `position`: positions moved (pushed at
   * most every LIVE_REFRESH_POSITION_INTERVAL_MS). Bursts are coalesced into one push.
   */
  notifyInProgressFlightsChanged: (kind: 'set' | 'position') => void;
};

// Fastify's declaration merging needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** A set change reaches live maps this fast; many changes within it make one push. */
export const LIVE_REFRESH_SET_DELAY_MS = 250;
/** Moving aircraft alone refresh live maps at most this often (5,000 flights at 1 Hz must not push 5,000 times a second). */
export const LIVE_REFRESH_POSITION_INTERVAL_MS = 10_000;

const livePluginImpl = async (app: FastifyInstance): Promise<void> => {
  const io = new Server(app.server, {
    serveClient: false,
    pingInterval: LIVE_CHANNEL_KEEP_ALIVE_MS,
    pingTimeout: LIVE_CHANNEL_SERVER_TIMEOUT_MS,
    // A frame batch is at most 200 frames of about 700 bytes.
    maxHttpBufferSize: 1_048_576,
    // Several workers behind one port (cluster.ts): WebSocket only, so a session is one connection
    // on one worker. Long-polling would send each batch as a request any worker could receive.
    ...(app.deps.config.WORKERS > 1 ? { transports: ['websocket' as const] } : {}),
  });

  const redisUrl = app.deps.config.REDIS_URL;
  const redisClients: { quit: () => Promise<unknown>; isReady: boolean }[] = [];
  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: Error) => app.log.warn({ err: error }, 'redis adapter connection error'));
    logFailedPublishes(pub, (error) => app.log.warn({ err: error }, 'a broadcast did not reach Redis'));
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${app.deps.config.REDIS_KEY_PREFIX}socket.io` }));
  }

  const liveMap = io.of(LIVE_NAMESPACE) as unknown as LiveHub['liveMap'];
  authenticateSocketsByToken(app, liveMap);

  let setTimer: NodeJS.Timeout | undefined;
  let positionTimer: NodeJS.Timeout | undefined;
  let lastPushMs = 0;
  const push = () => {
    clearTimeout(setTimer);
    clearTimeout(positionTimer);
    setTimer = undefined;
    positionTimer = undefined;
    lastPushMs = Date.now();
    liveMap.emit('InProgressFlightsRefresh', { changedAt: app.deps.clock.now().toISOString() });
  };
  const notifyInProgressFlightsChanged = (kind: 'set' | 'position') => {
    if (kind === 'set') {
      setTimer ??= setTimeout(push, LIVE_REFRESH_SET_DELAY_MS);
      return;
    }
    if (setTimer || positionTimer) return;
    const wait = Math.max(0, lastPushMs + LIVE_REFRESH_POSITION_INTERVAL_MS - Date.now());
    positionTimer = setTimeout(push, wait);
  };

  app.deps.metrics.sample('contrail_live_viewers', () => liveMap.sockets.size);
  const isRedisReady = () => redisClients.every((client) => client.isReady);
  app.decorate('live', { io, liveMap, isClustered: Boolean(redisUrl), isRedisReady, notifyInProgressFlightsChanged });

  app.addHook('preClose', async () => {
    clearTimeout(setTimer);
    clearTimeout(positionTimer);
    // Close the sockets ourselves: open WebSockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
};

/**
 * The adapter publishes without waiting for the answer: a publish under way when Redis goes away
 * would reject unhandled, which ends the process. Logged instead; the client reconnects by itself
 * and later broadcasts go through.
 */
const logFailedPublishes = (client: { publish: (...args: never[]) => Promise<unknown> }, log: (error: unknown) => void) => {
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<unknown>;
  client.publish = (...args: unknown[]) =>
    publish(...args).catch((error: unknown) => {
      log(error);
      return 0;
    });
};

/** Attaches Socket.IO to the app's HTTP server and opens the live-map channel (see LiveHub). */
export const livePlugin = fp(livePluginImpl, { name: 'live', dependencies: ['authentication'] });
