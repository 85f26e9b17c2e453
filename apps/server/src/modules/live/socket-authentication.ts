import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Namespace, Server } from 'socket.io';
import { LIVE_UNAUTHORIZED } from '@contrail/domain/live/live-map-contract';
import { isDatabaseUnavailable } from '../../db/unavailable';
import type { AuthenticatedUser, VerifiedClaims } from '../../plugins/authentication';
import { sessionCheckFor } from '../auth/session-generation';

/** setTimeout's largest delay: a longer one fires at once (Node sets it to 1 ms). */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** How long a connection opened with this token may stay: until the token expires on the server's clock. */
const tokenLifetimeMs = (token: string, nowMs: number): number =>
  Math.min(MAX_TIMER_DELAY_MS, Math.max(0, (decodeJwt(token).exp ?? 0) * 1000 - nowMs));

/** Any namespace whose sockets carry the signed-in user. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- its events do not matter here
type AuthenticatedNamespace = Namespace<any, any, any, { user: AuthenticatedUser }>;

/** Every socket of the user opened with an access token, on any channel. */
const sessionsRoom = (userId: string): string => `sessions:${userId}`;
/** Those of them opened with a token of one session generation (see auth/session-generation.ts). */
const generationRoom = (userId: string, generation: number): string => `sessions:${userId}:generation:${generation}`;

/**
 * While the database cannot say whether a token's session was ended, its connection is let in (the
 * live map and the bell reconnect on their own after an outage) and asked about again this often.
 */
export const SESSION_RECHECK_MS = 5_000;

/** The channels authenticated by token, per Socket.IO server: where an ended session's sockets are. */
const channelsOfServer = new WeakMap<object, Set<AuthenticatedNamespace>>();

/**
 * Closes the user's sockets opened with an access token of a generation before `currentGeneration`
 * (their sessions were ended), on every instance: the Socket.IO adapter carries the order.
 */
export const closeChannelsOfEndedSessions = (io: Server, userId: string, currentGeneration: number): void => {
  for (const channel of channelsOfServer.get(io) ?? []) {
    channel.in(sessionsRoom(userId)).except(generationRoom(userId, currentGeneration)).disconnectSockets(true);
  }
};

/**
 * A browser channel's handshake: `auth: { token }` with the access token. A missing, invalid or
 * expired token, or one of a session since ended (password changed or reset, signed out
 * everywhere), is refused with the connect error `unauthorized`; a connection is closed when its
 * token expires (the client refreshes once and reconnects) or when its session is ended
 * ({@link closeChannelsOfEndedSessions}); while the database is away, see SESSION_RECHECK_MS.
 * Expiry is read on the server's clock,
 * as the token was checked: a browser journey moves that clock months ahead, and a delay taken from
 * the machine's clock would then be too long for a timer, which fires at once instead, and the
 * client would reconnect in a loop.
 */
export const authenticateSocketsByToken = (app: FastifyInstance, channel: AuthenticatedNamespace): void => {
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  const recheckTimers = new Map<string, NodeJS.Timeout>();
  const isCurrentSession = sessionCheckFor(app.deps.db);
  /** Throws when the session was ended (or the user deleted); 'unknown' while the database is away. */
  const sessionStateOf = async (claims: VerifiedClaims): Promise<'current' | 'unknown'> => {
    try {
      await isCurrentSession(claims);
      return 'current';
    } catch (error) {
      if (isDatabaseUnavailable(error)) return 'unknown';
      throw error;
    }
  };
  const stopRecheck = (socketId: string) => {
    clearInterval(recheckTimers.get(socketId));
    recheckTimers.delete(socketId);
  };
  const recheckUntilKnown = (socket: { id: string; disconnect: (close: boolean) => unknown }, claims: VerifiedClaims) => {
    const timer = setInterval(() => {
      sessionStateOf(claims).then(
        (state) => {
          if (state === 'current') stopRecheck(socket.id);
        },
        () => {
          stopRecheck(socket.id);
          socket.disconnect(true);
        },
      );
    }, SESSION_RECHECK_MS);
    timer.unref();
    recheckTimers.set(socket.id, timer);
  };
  const channels = channelsOfServer.get(channel.server) ?? new Set<AuthenticatedNamespace>();
  channelsOfServer.set(channel.server, channels.add(channel));

  channel.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error(LIVE_UNAUTHORIZED));
      return;
    }
    const verified = app.accessTokens.verify(token).then(async (claims) => ({ claims, session: await sessionStateOf(claims) }));
    verified.then(
      ({ claims, session }) => {
        const { id, userName, sessionGeneration } = claims;
        socket.data.user = { id, userName };
        if (session === 'unknown') {
          app.log.warn({ userId: id }, 'live channel opened while the database is away: its session is checked once it is back');
          recheckUntilKnown(socket, claims);
        }
        // Joined before the connection: a socket refused later leaves its rooms (Socket.IO cleans up).
        void socket.join([sessionsRoom(id), generationRoom(id, sessionGeneration)]);
        const timer = setTimeout(() => socket.disconnect(true), tokenLifetimeMs(token, app.deps.clock.now().getTime()));
        timer.unref();
        expiryTimers.set(socket.id, timer);
        next();
      },
      () => next(new Error(LIVE_UNAUTHORIZED)),
    );
  });
  channel.on('connection', (socket) => {
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
      stopRecheck(socket.id);
    });
    // Asked once more now that the socket can hear a close order: a session ended between the
    // handshake's check and this moment was announced before the socket was there to receive it.
    const token = (socket.handshake.auth as { token: string }).token;
    app.accessTokens
      .verify(token)
      .then(sessionStateOf)
      .catch(() => socket.disconnect(true));
  });
  app.addHook('preClose', async () => {
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    for (const timer of recheckTimers.values()) clearInterval(timer);
  });
};
