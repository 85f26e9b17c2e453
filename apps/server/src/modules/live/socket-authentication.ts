import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Namespace } from 'socket.io';
import { LIVE_UNAUTHORIZED } from '@contrail/domain/live/live-map-contract';
import type { AuthenticatedUser } from '../../plugins/authentication';

/** setTimeout's largest delay: a longer one fires at once (Node sets it to 1 ms). */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** How long a connection opened with this token may stay: until the token expires on the server's clock. */
const tokenLifetimeMs = (token: string, nowMs: number): number =>
  Math.min(MAX_TIMER_DELAY_MS, Math.max(0, (decodeJwt(token).exp ?? 0) * 1000 - nowMs));

/** Any namespace whose sockets carry the signed-in user. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- its events do not matter here
type AuthenticatedNamespace = Namespace<any, any, any, { user: AuthenticatedUser }>;

/**
 * A browser channel's handshake: `auth: { token }` with the access token. A missing, invalid or
 * expired token is refused with the connect error `unauthorized`; a connection is closed when its
 * token expires (the client refreshes once and reconnects). Expiry is read on the server's clock,
 * as the token was checked: a browser journey moves that clock months ahead, and a delay taken from
 * the machine's clock would then be too long for a timer, which fires at once instead, and the
 * client would reconnect in a loop.
 */
export const authenticateSocketsByToken = (app: FastifyInstance, channel: AuthenticatedNamespace): void => {
  const expiryTimers = new Map<string, NodeJS.Timeout>();
  channel.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      next(new Error(LIVE_UNAUTHORIZED));
      return;
    }
    app.accessTokens.verify(token).then(
      (user) => {
        socket.data.user = user;
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
    });
  });
  app.addHook('preClose', async () => {
    for (const timer of expiryTimers.values()) clearTimeout(timer);
  });
};
