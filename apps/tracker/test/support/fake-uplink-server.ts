import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Namespace, type Socket } from 'socket.io';
import { ZNumberedFrame, ZUplinkAuth, UPLINK_NAMESPACE, type UplinkClientToServer, type UplinkServerToClient } from '@contrail/domain/live/uplink-contract';
import { ZFlightControl, type TFlightControl } from '@contrail/domain/live/flight-messages';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

type TFakeFlight = {
  token: string;
  isPnc: boolean;
  /** Highest seq stored; frames are stored in order, each seq once. */
  ackSeq: number;
  stored: { seq: number; frame: TTelemetryFrame }[];
  /** Frames received again at or below ackSeq (ignored). */
  duplicates: number;
  status: 'in_progress' | 'complete' | 'canceled';
  controls: TFlightControl[];
  /** Refuse completion until this is true (the engine's ReadyToEndFlight). */
  isReadyToEnd: boolean;
  /** The simulator the last handshake named, if any. */
  simulator?: string | undefined;
};

/**
 * A stand-in for the server's `/uplink` namespace, written from the contract (not from the
 * tracker's code): handshake auth {flightId, token}; `frames` stores each seq once, in order, and
 * answers the highest stored seq; `Reconnection` on every connection after the first frames;
 * `complete` / `cancel` / `control` answered like the real server would.
 */
export class FakeUplinkServer {
  readonly flights = new Map<string, TFakeFlight>();
  /** Handshakes seen, accepted or not. */
  handshakes = 0;
  /** Batches received. */
  batches = 0;
  /** When set, batches are stored but their ack is never sent (a lost answer). */
  isSwallowingAcks = false;
  /**
   * When set, the server's database is away: handshakes, batches and completions are answered
   * SERVICE_UNAVAILABLE (the request was fine; send it again later) and nothing is stored.
   */
  isUnavailable = false;
  private http: HttpServer;
  private io: Server;
  private namespace: Namespace<UplinkClientToServer, UplinkServerToClient>;

  private constructor(readonly port: number, http: HttpServer, ioServer: Server) {
    this.http = http;
    this.io = ioServer;
    this.namespace = ioServer.of(UPLINK_NAMESPACE);
    this.wire();
  }

  /** Listens on 127.0.0.1 (`port` 0 = any free port). */
  static async start(port = 0, flights?: Map<string, TFakeFlight>): Promise<FakeUplinkServer> {
    const http = createServer();
    const ioServer = new Server(http, { transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(port, '127.0.0.1', () => resolve());
    });
    const server = new FakeUplinkServer((http.address() as AddressInfo).port, http, ioServer);
    if (flights !== undefined) for (const [id, flight] of flights) server.flights.set(id, flight);
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  addFlight(flightId: string, token: string, options: { isPnc?: boolean; isReadyToEnd?: boolean } = {}): TFakeFlight {
    const flight: TFakeFlight = {
      token,
      isPnc: options.isPnc ?? false,
      ackSeq: 0,
      stored: [],
      duplicates: 0,
      status: 'in_progress',
      controls: [],
      isReadyToEnd: options.isReadyToEnd ?? true,
    };
    this.flights.set(flightId, flight);
    return flight;
  }

  /** Connected uplink sockets. */
  get connectedCount(): number {
    return this.namespace.sockets.size;
  }

  /** Pushes a server message to the flight's tracker. */
  emitTo(flightId: string, name: keyof UplinkServerToClient, payload: unknown): void {
    (this.namespace.to(flightId).emit as (event: string, ...args: unknown[]) => boolean)(name, payload);
  }

  /** A network cut: the transports close under the sockets, without a goodbye. */
  cutConnections(): void {
    for (const socket of this.namespace.sockets.values()) socket.conn.close();
  }

  /** Stops listening (a server shutdown: sockets are told to disconnect). */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      void this.io.close(() => resolve());
    });
    this.http.closeAllConnections();
  }

  private wire(): void {
    this.namespace.use((socket, next) => {
      this.handshakes += 1;
      if (this.isUnavailable) {
        next(Object.assign(new Error('service unavailable'), { data: { errorCode: SERVICE_UNAVAILABLE } }));
        return;
      }
      const auth = ZUplinkAuth.safeParse(socket.handshake.auth);
      const flight = auth.success ? this.flights.get(auth.data.flightId) : undefined;
      if (!auth.success || flight === undefined || flight.token !== auth.data.token) {
        const error = new Error('unknown flight or bad token') as Error & { data: unknown };
        error.data = { errorCode: 'ERR_0030' };
        next(error);
        return;
      }
      flight.simulator = auth.data.simulator;
      if (flight.status !== 'in_progress') {
        const error = new Error(`the flight is ${flight.status}`) as Error & { data: unknown };
        error.data = { errorCode: 'ERR_0031' };
        next(error);
        return;
      }
      next();
    });
    this.namespace.on('connection', (socket) => this.onConnection(socket));
  }

  private onConnection(socket: Socket<UplinkClientToServer, UplinkServerToClient>): void {
    const flightId = (socket.handshake.auth as { flightId: string }).flightId;
    const flight = this.flights.get(flightId);
    if (flight === undefined) return;
    void socket.join(flightId);
    if (flight.ackSeq > 0) socket.emit('Reconnection', { flightId, lastAckSeq: flight.ackSeq, pncData: null });
    if (flight.isPnc) socket.emit('PncReady', { flightId });

    socket.on('frames', (batch, ack) => {
      this.batches += 1;
      if (this.isUnavailable) {
        ack({ error: { message: 'Contrail is briefly unavailable', errorCode: SERVICE_UNAVAILABLE } });
        return;
      }
      const rejected: { seq: number | null; reason: string }[] = [];
      for (const item of batch.frames) {
        const parsed = ZNumberedFrame.safeParse(item);
        if (!parsed.success) {
          const seq = typeof (item as { seq?: unknown })?.seq === 'number' ? (item as { seq: number }).seq : null;
          rejected.push({ seq, reason: 'invalid frame' });
          if (seq === flight.ackSeq + 1) flight.ackSeq = seq;
          continue;
        }
        const { seq, frame } = parsed.data;
        if (seq <= flight.ackSeq) {
          flight.duplicates += 1;
          continue;
        }
        // A gap: keep what came in order, the tracker resends the rest.
        if (seq !== flight.ackSeq + 1) break;
        flight.stored.push({ seq, frame });
        flight.ackSeq = seq;
      }
      if (!this.isSwallowingAcks) ack({ ackSeq: flight.ackSeq, rejected });
    });

    socket.on('control', (control, ack) => {
      const parsed = ZFlightControl.safeParse(control);
      if (!parsed.success) {
        ack({ error: { message: 'invalid control', errorCode: 'ERR_0001' } });
        return;
      }
      flight.controls.push(parsed.data);
      ack({ accepted: true, rejection: null });
      if (parsed.data.type === 'SwitchSeatBeltSign') socket.emit('SeatBeltSignSwitched', { flightId, isOn: flight.controls.length % 2 === 1 });
    });

    socket.on('complete', (ack) => {
      if (this.isUnavailable) {
        ack({ error: { message: 'Contrail is briefly unavailable', errorCode: SERVICE_UNAVAILABLE } });
        return;
      }
      if (!flight.isReadyToEnd) {
        ack({ error: { message: 'The flight is not ready to be completed', errorCode: 'ERR_0040' } });
        return;
      }
      flight.status = 'complete';
      ack({ flightId, flightLogId: '3f1c1a52-0c55-4d1e-9b7e-2d9f2f0a1b11', fc: 120, xp: 35, fcReason: null });
    });

    socket.on('cancel', (ack) => {
      flight.status = 'canceled';
      ack({ flightId });
    });
  }
}
