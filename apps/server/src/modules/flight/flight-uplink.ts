import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { isAppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { ZFlightControl, type TFlightError } from '@contrail/domain/live/flight-messages';
import { UPLINK_NAMESPACE, type UplinkClientToServer, type UplinkServerToClient } from '@contrail/domain/live/uplink-contract';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { serviceUnavailableBody } from '../../plugins/error-handler';
import type { FlightMessage, FlightRuntime } from './flight-runtime';
import { completeFlight } from './flight-completion.service';
import type { FlightChannels, FlightContext } from './flight-context';
import { authenticateUplink, cancelFlight, controlFlight, ingestFrames, openUplink } from './flight-tracking.service';
import { readFrameBatch } from './frame-reader';
import { ingestProbe } from './ingest-probe';

/** Messages between server instances (through the Redis adapter). */
type InterServerEvents = { releaseFlight: (flightId: string) => void };
type UplinkSocketData = { flightId: string; userId: string };
type UplinkNamespace = Namespace<UplinkClientToServer, UplinkServerToClient, InterServerEvents, UplinkSocketData>;
type UplinkSocket = Socket<UplinkClientToServer, UplinkServerToClient, InterServerEvents, UplinkSocketData>;

const roomOf = (flightId: string) => `flight:${flightId}`;

/** Emits a flight message (the union of the typed event map, which TypeScript cannot spread). */
const send = (target: object, message: FlightMessage) => {
  (target as { emit: (event: string, payload: unknown) => unknown }).emit(message.event, message.payload);
};

/** Socket.IO behind the flight module's channels: tracker rooms per flight, live-map refreshes. */
export const createFlightChannels = (app: FastifyInstance, runtime: FlightRuntime): { channels: FlightChannels; uplink: UplinkNamespace } => {
  const uplink = app.live.io.of(UPLINK_NAMESPACE) as unknown as UplinkNamespace;
  // Another instance took a flight's uplink, or the flight ended there: drop our copy.
  uplink.on('releaseFlight', (flightId) => runtime.evict(flightId));
  const channels: FlightChannels = {
    toFlight: (flightId, message) => send(uplink.to(roomOf(flightId)), message),
    releaseFlight: (flightId, { disconnect }) => {
      if (disconnect) uplink.in(roomOf(flightId)).disconnectSockets(true);
      if (app.live.isClustered) uplink.serverSideEmit('releaseFlight', flightId);
    },
    isStreaming: async (flightId) => (await uplink.in(roomOf(flightId)).fetchSockets()).length > 0,
    notifyLive: (kind) => app.live.notifyInProgressFlightsChanged(kind),
  };
  return { channels, uplink };
};

/**
 * The tracker uplink (namespace /uplink, see the domain's uplink contract): handshake
 * `auth: { flightId, token }` (refused with `unauthorized` otherwise), then `frames`, `control`,
 * `complete` and `cancel`, each acknowledged; the flight's messages come back on the same socket.
 * One tracker per flight: a new connection closes the older one.
 */
export const registerUplink = (app: FastifyInstance, ctx: FlightContext, uplink: UplinkNamespace): void => {
  const errorOf = (error: unknown, flightId?: string): TFlightError => {
    if (isAppError(error)) return { message: error.message, errorCode: error.code };
    if (isDatabaseUnavailable(error)) {
      // The tracker keeps the frames in its journal and sends them again later.
      app.log.warn({ err: error, flightId }, 'uplink request while the database does not answer');
      return { message: serviceUnavailableBody.message, errorCode: ErrorCode.serviceUnavailable };
    }
    app.log.error({ err: error, flightId }, 'uplink request failed');
    return { message: 'Internal server error', errorCode: ErrorCode.internal };
  };

  uplink.use((socket, next) => {
    authenticateUplink(ctx, socket.handshake.auth).then(
      (found) => {
        if (!found) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data.flightId = found.flightId;
        socket.data.userId = found.userId;
        next();
      },
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          // Not a refusal: the tracker reconnects later, where `unauthorized` would end its flight.
          app.log.warn({ err: error }, 'uplink handshake while the database does not answer');
          next(Object.assign(new Error('service unavailable'), { data: { errorCode: ErrorCode.serviceUnavailable } }));
          return;
        }
        app.log.warn({ err: error }, 'uplink authentication failed');
        next(new Error('unauthorized'));
      },
    );
  });

  uplink.on('connection', (socket: UplinkSocket) => {
    const { flightId, userId } = socket.data;
    const room = roomOf(flightId);
    // Older uplinks of this flight, on any instance (with Redis the order arrives asynchronously, so spare this one).
    uplink.in(room).except(socket.id).disconnectSockets(true);
    void socket.join(room);
    if (app.live.isClustered) uplink.serverSideEmit('releaseFlight', flightId);

    openUplink(ctx, flightId).then(
      (live) => {
        if (!live) {
          socket.emit('FlightError', { message: 'This flight is not in progress', errorCode: ErrorCode.conflict });
          socket.disconnect(true);
          return;
        }
        socket.emit('Reconnection', { flightId, lastAckSeq: live.lastSeq, pncData: live.engine.pncData() });
        if (live.isPNC) socket.emit('PncReady', { flightId });
      },
      (error: unknown) => {
        socket.emit('FlightError', errorOf(error, flightId));
        socket.disconnect(true);
      },
    );

    socket.on('frames', (batch, ack) => {
      if (typeof ack !== 'function') return;
      const receivedAt = performance.now();
      const frames = readFrameBatch(batch);
      if (!frames) {
        ack({ error: { message: `A batch is { frames: [...] } with 1 to 200 frames`, errorCode: ErrorCode.validation } });
        return;
      }
      const { metrics } = app.deps;
      ingestFrames(ctx, flightId, frames).then(
        (result) => {
          for (const message of result.messages) send(socket, message);
          ack(result.ack);
          const ackedAt = performance.now();
          metrics.framesIngested.inc(frames.length - result.ack.rejected.length);
          metrics.frameBatchAckDuration.observe({ outcome: 'acknowledged' }, (ackedAt - receivedAt) / 1000);
          const probe = ingestProbe();
          if (probe && result.timing) {
            const { workStartedAt, engineDoneAt, group, resumedAt } = result.timing;
            probe({ flightId, ackSeq: result.ack.ackSeq, receivedAt, workStartedAt, engineDoneAt, groupClosedAt: group.closedAt, commitStartedAt: group.commitStartedAt, committedAt: group.committedAt, resumedAt, ackedAt });
          }
        },
        (error: unknown) => {
          ack({ error: errorOf(error, flightId) });
          metrics.frameBatchAckDuration.observe({ outcome: 'error' }, (performance.now() - receivedAt) / 1000);
        },
      );
    });

    socket.on('control', (control, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = ZFlightControl.safeParse(control);
      if (!parsed.success) {
        ack({ error: { message: `Invalid control: ${parsed.error.issues[0]?.message ?? 'unknown'}`, errorCode: ErrorCode.validation } });
        return;
      }
      controlFlight(ctx, flightId, parsed.data).then(
        ({ result, messages }) => {
          for (const message of messages) send(socket, message);
          ack(result);
        },
        (error: unknown) => ack({ error: errorOf(error, flightId) }),
      );
    });

    socket.on('complete', (ack) => {
      if (typeof ack !== 'function') return;
      completeFlight(ctx, flightId).then(ack, (error: unknown) => ack({ error: errorOf(error, flightId) }));
    });

    socket.on('cancel', (ack) => {
      if (typeof ack !== 'function') return;
      cancelFlight(ctx, { id: userId }, flightId).then(ack, (error: unknown) => ack({ error: errorOf(error, flightId) }));
    });
  });
};
