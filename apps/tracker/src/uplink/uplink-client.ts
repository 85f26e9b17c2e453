import { EventEmitter } from 'node:events';
import { io, type Socket } from 'socket.io-client';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import {
  FLIGHT_SERVER_MESSAGE_NAMES,
  type FlightServerMessageName,
  type TFlightCompleted,
  type TFlightControl,
  type TFlightControlResult,
  type TFlightError,
  type TReconnection,
} from '@contrail/domain/live/flight-messages';
import {
  UPLINK_MAX_BATCH,
  UPLINK_NAMESPACE,
  type TFrameBatchAck,
  type UplinkClientToServer,
  type UplinkServerToClient,
} from '@contrail/domain/live/uplink-contract';
import type { FrameJournal } from './frame-journal';

/** Server flight messages are relayed unchanged, by name (the list lives with the contract). */
export type TFlightServerMessageName = FlightServerMessageName;

/**
 * - `connecting`: first connection under way;
 * - `connected`: the server accepted the flight's token; frames flow;
 * - `reconnecting`: the connection dropped; frames keep going to the journal;
 * - `refused`: the server refused the flight (bad token, flight over): no retry;
 * - `closed`: close() was called.
 */
export type TUplinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'closed';

export type TUplinkOptions = {
  /** Base URL of the Contrail server, e.g. http://127.0.0.1:8080. */
  serverUrl: string;
  flightId: string;
  token: string;
  /** The simulator recorded: the server makes a built-in-simulator flight practice. */
  simulator?: TSimulatorKind | undefined;
  /** The flight's journal (opened on the same flight id). */
  journal: FrameJournal;
  /** Frames per batch (at most UPLINK_MAX_BATCH). */
  batchSize?: number;
  /** A batch, control, complete or cancel unanswered this long is given up (and retried for batches). */
  ackTimeoutMs?: number;
  /** Reconnection backoff: first delay and cap (doubled each attempt, +-50 % jitter). */
  reconnectDelayMs?: number;
  reconnectDelayMaxMs?: number;
  /** Diagnostics (never the token). */
  log?: (message: string) => void;
};

type TUplinkEvents = {
  status: [status: TUplinkStatus];
  /** A server flight message, relayed as received. */
  message: [name: TFlightServerMessageName, payload: unknown];
  /** The server refused the flight at the handshake. */
  refused: [error: TFlightError];
  /** The journal could not be written: frames are being lost. */
  failure: [error: Error];
};

export class UplinkError extends Error {
  override readonly name = 'UplinkError';
  constructor(
    message: string,
    readonly errorCode = 'UPLINK',
  ) {
    super(message);
  }
}

type TUplinkSocket = Socket<UplinkServerToClient, UplinkClientToServer>;

/**
 * The tracker's uplink for one registered flight (uplink-contract.ts): every frame is written to
 * the FrameJournal first, then sent in numbered batches over Socket.IO (`/uplink`, handshake auth
 * {flightId, token}); the server's `ackSeq` removes frames from the journal. While the connection
 * is down frames keep going to the journal; on reconnection the pending ones are sent again, and
 * the server ignores what it already has, so nothing is lost or doubled. A server that restarts
 * (and disconnects us) is reconnected to with the same backoff. SERVICE_UNAVAILABLE (the server's
 * database is away) means "again later" for a handshake, a batch or the completion, never a refusal.
 */
export class UplinkClient {
  readonly flightId: string;
  readonly serverUrl: string;
  private readonly journal: FrameJournal;
  private readonly socket: TUplinkSocket;
  private readonly emitter = new EventEmitter();
  private readonly batchSize: number;
  private readonly ackTimeoutMs: number;
  private readonly reconnectDelayMs: number;
  private readonly reconnectDelayMaxMs: number;
  private readonly log: (message: string) => void;
  private currentStatus: TUplinkStatus = 'connecting';
  private unwritten: TTelemetryFrame[] = [];
  /** Frames taken from `unwritten` whose journal append is under way. */
  private beingWritten = 0;
  private writing: Promise<void> | undefined;
  private isSending = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private manualReconnectTimer: NodeJS.Timeout | undefined;
  private manualReconnectAttempt = 0;
  private hasEverConnected = false;
  /** Frames the server refused as invalid (they are acknowledged, never resent). */
  rejectedFrames = 0;
  /** Batches sent (including resends). */
  batchesSent = 0;

  constructor(options: TUplinkOptions) {
    this.flightId = options.flightId;
    this.serverUrl = options.serverUrl;
    this.journal = options.journal;
    if (this.journal.flightId !== options.flightId) {
      throw new UplinkError(`The journal belongs to flight ${this.journal.flightId}, not ${options.flightId}`);
    }
    this.batchSize = Math.min(UPLINK_MAX_BATCH, Math.max(1, options.batchSize ?? UPLINK_MAX_BATCH));
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    this.reconnectDelayMs = options.reconnectDelayMs ?? 500;
    this.reconnectDelayMaxMs = options.reconnectDelayMaxMs ?? 10_000;
    this.log = options.log ?? (() => undefined);
    const origin = new URL(options.serverUrl).origin;
    this.socket = io(`${origin}${UPLINK_NAMESPACE}`, {
      auth: { flightId: options.flightId, token: options.token, ...(options.simulator ? { simulator: options.simulator } : {}) },
      transports: ['websocket'],
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: this.reconnectDelayMs,
      reconnectionDelayMax: this.reconnectDelayMaxMs,
      randomizationFactor: 0.5,
      timeout: this.ackTimeoutMs,
    });
    this.listen();
  }

  get status(): TUplinkStatus {
    return this.currentStatus;
  }

  /** Frames written to the journal and not yet acknowledged, plus those still being written. */
  get pendingCount(): number {
    return this.journal.pendingCount + this.beingWritten + this.unwritten.length;
  }

  get acknowledgedSeq(): number {
    return this.journal.acknowledgedSeq;
  }

  /** Connects (and keeps reconnecting) until close(). Pending journal frames are sent first. */
  start(): void {
    this.socket.connect();
  }

  /** Resolves once connected; rejects when the server refuses the flight or after `timeoutMs`. */
  waitUntilConnected(timeoutMs: number): Promise<void> {
    if (this.currentStatus === 'connected') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new UplinkError(`The server at ${this.serverUrl} did not answer within ${Math.round(timeoutMs / 1000)} s`, 'SERVER_UNREACHABLE'));
      }, timeoutMs);
      timer.unref();
      const offStatus = this.on('status', (status) => {
        if (status === 'connected') {
          stop();
          resolve();
        } else if (status === 'closed') {
          stop();
          reject(new UplinkError('The uplink was closed'));
        }
      });
      const offRefused = this.on('refused', (error) => {
        stop();
        reject(new UplinkError(error.message, error.errorCode));
      });
      const stop = () => {
        clearTimeout(timer);
        offStatus();
        offRefused();
      };
    });
  }

  on<E extends keyof TUplinkEvents>(event: E, listener: (...args: TUplinkEvents[E]) => void): () => void {
    const wrapped = listener as (...args: unknown[]) => void;
    this.emitter.on(event, wrapped);
    return () => {
      this.emitter.off(event, wrapped);
    };
  }

  /** Queues a frame: journaled (fsync'd, in batches under load), then sent. */
  push(frame: TTelemetryFrame): void {
    if (this.currentStatus === 'closed') return;
    this.unwritten.push(frame);
    this.writing ??= this.writeUnwritten().finally(() => {
      this.writing = undefined;
    });
  }

  /**
   * Waits until every frame pushed so far is acknowledged by the server (later ones may still be pending).
   * Throws an UplinkError after `timeoutMs` (the frames stay in the journal).
   */
  async flush(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // Frames pushed later (the simulator keeps running) are not waited for.
    const targetSeq = this.journal.nextSeq - 1 + this.beingWritten + this.unwritten.length;
    while (this.journal.acknowledgedSeq < targetSeq) {
      if (this.currentStatus === 'refused' || this.currentStatus === 'closed') {
        throw new UplinkError(`${targetSeq - this.journal.acknowledgedSeq} frame(s) cannot be delivered: the uplink is ${this.currentStatus}`);
      }
      if (Date.now() > deadline) {
        throw new UplinkError(
          `${targetSeq - this.journal.acknowledgedSeq} frame(s) still unacknowledged by the server after ${Math.round(timeoutMs / 1000)} s; they stay in the journal`,
          'FLUSH_TIMEOUT',
        );
      }
      this.pump();
      await delay(20);
    }
  }

  /**
   * Flushes every frame, then asks the server to complete the flight, again while the server
   * answers that it is briefly unavailable (within the same time limit).
   */
  async complete(flushTimeoutMs = 120_000): Promise<TFlightCompleted | { error: TFlightError }> {
    const deadline = Date.now() + flushTimeoutMs;
    await this.flush(flushTimeoutMs);
    for (;;) {
      const result = await this.request((socket) => socket.emitWithAck('complete'), 'complete');
      if (!('error' in result) || result.error.errorCode !== ErrorCode.serviceUnavailable || Date.now() + this.reconnectDelayMaxMs > deadline) return result;
      this.log('uplink: the server cannot complete the flight right now; asking again');
      await delay(this.reconnectDelayMaxMs);
    }
  }

  /** Asks the server to cancel the flight (pending frames are moot). */
  async cancel(): Promise<{ flightId: string } | { error: TFlightError }> {
    return this.request((socket) => socket.emitWithAck('cancel'), 'cancel');
  }

  /** Forwards a pilot control; a control that cannot reach the server is rejected, not queued. */
  async control(control: TFlightControl): Promise<TFlightControlResult> {
    if (this.currentStatus !== 'connected') {
      return { accepted: false, rejection: 'The tracker is not connected to the server right now; try again in a moment' };
    }
    try {
      // Socket.IO types a timed-out emitWithAck's answer loosely: state the contract's.
      const result = (await this.socket.timeout(this.ackTimeoutMs).emitWithAck('control', control)) as TFlightControlResult | { error: TFlightError };
      if ('error' in result) return { accepted: false, rejection: result.error.message };
      return result;
    } catch {
      return { accepted: false, rejection: 'The server did not answer the control in time' };
    }
  }

  /** Disconnects; the journal stays on disk (with what is pending) for a later start. */
  async close(): Promise<void> {
    if (this.currentStatus === 'closed') return;
    this.setStatus('closed');
    clearTimeout(this.retryTimer);
    clearTimeout(this.manualReconnectTimer);
    this.socket.removeAllListeners();
    this.socket.io.removeAllListeners();
    this.socket.disconnect();
    // Frames pushed before close() are written before the journal closes.
    await this.writing?.catch(() => undefined);
    await this.journal.close();
  }

  /** Closes and deletes the journal: the flight is over (completed or cancelled). */
  async finish(): Promise<void> {
    await this.close();
    await this.journal.discard();
  }

  private async request<T>(send: (socket: TUplinkSocket) => Promise<T | { error: TFlightError }>, what: string) {
    if (this.currentStatus === 'refused' || this.currentStatus === 'closed') {
      return { error: { message: `Cannot ${what} the flight: the uplink is ${this.currentStatus}`, errorCode: 'UPLINK_CLOSED' } };
    }
    try {
      return await send(this.socket.timeout(Math.max(this.ackTimeoutMs, 30_000)));
    } catch {
      return { error: { message: `The server did not answer the ${what} request in time`, errorCode: 'SERVER_TIMEOUT' } };
    }
  }

  private listen(): void {
    const socket = this.socket;
    socket.on('connect', () => {
      this.hasEverConnected = true;
      this.manualReconnectAttempt = 0;
      this.log(`uplink: connected to ${this.serverUrl} for flight ${this.flightId} (${this.journal.pendingCount} frame(s) pending)`);
      this.setStatus('connected');
      this.pump();
    });
    socket.on('connect_error', (error: Error & { data?: unknown }) => {
      const data = isRecord(error.data) ? error.data : {};
      if (!socket.active && data.errorCode === ErrorCode.serviceUnavailable) {
        // The server cannot check the flight right now (its database is away): not a refusal.
        this.log(`uplink: the server is briefly unavailable; connecting again`);
        this.setStatus(this.hasEverConnected ? 'reconnecting' : 'connecting');
        this.scheduleManualReconnect();
        return;
      }
      if (!socket.active) {
        // Refused by the server's handshake middleware: retrying cannot help.
        const refusal: TFlightError = {
          message: `The server refused the flight's uplink: ${error.message}`,
          errorCode: typeof data.errorCode === 'string' ? data.errorCode : 'UPLINK_REFUSED',
        };
        this.log(`uplink: ${refusal.message}`);
        this.setStatus('refused');
        this.emitter.emit('refused', refusal);
        return;
      }
      this.log(`uplink: cannot reach ${this.serverUrl} (${error.message}); retrying`);
      this.setStatus(this.hasEverConnected ? 'reconnecting' : 'connecting');
    });
    socket.on('disconnect', (reason) => {
      if (this.currentStatus === 'closed') return;
      this.log(`uplink: disconnected (${reason}); frames keep going to the journal`);
      this.setStatus('reconnecting');
      // The server closed us (a restart, a deploy): Socket.IO does not retry that by itself.
      if (reason === 'io server disconnect') this.scheduleManualReconnect();
    });
    for (const name of FLIGHT_SERVER_MESSAGE_NAMES) {
      socket.on(name, (payload: unknown) => {
        if (name === 'Reconnection') void this.onReconnection(payload as TReconnection);
        this.emitter.emit('message', name, payload);
      });
    }
  }

  private scheduleManualReconnect(): void {
    clearTimeout(this.manualReconnectTimer);
    const base = Math.min(this.reconnectDelayMaxMs, this.reconnectDelayMs * 2 ** this.manualReconnectAttempt);
    this.manualReconnectAttempt += 1;
    const waitMs = base * (0.5 + Math.random());
    this.manualReconnectTimer = setTimeout(() => {
      const isWaiting = this.currentStatus === 'reconnecting' || this.currentStatus === 'connecting';
      if (isWaiting && !this.socket.connected && !this.socket.active) this.socket.connect();
    }, waitMs);
    this.manualReconnectTimer.unref();
  }

  /** The server says what it already holds: drop those frames, continue numbering after them. */
  private async onReconnection(payload: TReconnection): Promise<void> {
    if (typeof payload?.lastAckSeq !== 'number') return;
    try {
      await this.journal.advanceTo(payload.lastAckSeq);
      this.pump();
    } catch (error) {
      this.log(`uplink: could not apply the server's last ack ${payload.lastAckSeq}: ${String(error)}`);
    }
  }

  private async writeUnwritten(): Promise<void> {
    // Runs on after close() too: every frame pushed before it reaches the journal.
    while (this.unwritten.length > 0) {
      const batch = this.unwritten.splice(0, this.unwritten.length);
      this.beingWritten = batch.length;
      try {
        await this.journal.append(batch);
      } catch (error) {
        this.emitter.emit('failure', error instanceof Error ? error : new Error(String(error)));
        return;
      } finally {
        this.beingWritten = 0;
      }
      if (this.currentStatus !== 'closed') this.pump();
    }
  }

  /** Sends pending batches one at a time while connected; each ack shrinks the journal. */
  private pump(): void {
    if (this.isSending || this.currentStatus !== 'connected') return;
    this.isSending = true;
    void this.sendPending().finally(() => {
      this.isSending = false;
    });
  }

  private async sendPending(): Promise<void> {
    while (this.currentStatus === 'connected' && this.journal.pendingCount > 0) {
      const batch = this.journal.pending(this.batchSize);
      const firstSeq = batch[0]?.seq ?? 0;
      const lastSeq = batch.at(-1)?.seq ?? 0;
      let answer: TFrameBatchAck | { error: TFlightError };
      try {
        this.batchesSent += 1;
        answer = (await this.socket.timeout(this.ackTimeoutMs).emitWithAck('frames', { frames: batch })) as TFrameBatchAck | { error: TFlightError };
      } catch {
        this.log(`uplink: no ack for frames ${firstSeq}-${lastSeq} within ${this.ackTimeoutMs} ms; will resend`);
        this.scheduleRetry();
        return;
      }
      if ('error' in answer && answer.error.errorCode === ErrorCode.serviceUnavailable) {
        // Not a refusal: the frames stay in the journal and go again once the server can store them.
        this.log(`uplink: the server cannot store frames ${firstSeq}-${lastSeq} right now; will resend`);
        this.scheduleRetry(this.reconnectDelayMaxMs);
        return;
      }
      if ('error' in answer) {
        this.log(`uplink: the server refused frames ${firstSeq}-${lastSeq}: ${answer.error.message}`);
        this.emitter.emit('message', 'FlightError', answer.error);
        this.scheduleRetry(this.reconnectDelayMaxMs);
        return;
      }
      const acknowledged = this.effectiveAck(answer, batch.map((entry) => entry.seq));
      if (acknowledged < firstSeq) {
        this.log(`uplink: the server acknowledged ${answer.ackSeq}, below the batch ${firstSeq}-${lastSeq}; will resend`);
        this.scheduleRetry();
        return;
      }
      try {
        await this.journal.advanceTo(acknowledged);
      } catch (error) {
        this.emitter.emit('failure', error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
  }

  /**
   * The seq up to which the journal may drop frames: the server's ackSeq, extended over frames it
   * rejected as invalid right after it (they would be refused again forever).
   */
  private effectiveAck(answer: TFrameBatchAck, seqs: number[]): number {
    const rejected = new Set(answer.rejected.map((item) => item.seq).filter((seq): seq is number => seq !== null));
    this.rejectedFrames += rejected.size;
    if (rejected.size > 0) this.log(`uplink: the server rejected ${rejected.size} frame(s): ${answer.rejected[0]?.reason ?? ''}`);
    let acknowledged = answer.ackSeq;
    for (const seq of seqs) {
      if (seq <= acknowledged) continue;
      if (seq === acknowledged + 1 && rejected.has(seq)) acknowledged = seq;
      else break;
    }
    return acknowledged;
  }

  private scheduleRetry(waitMs = this.reconnectDelayMs): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.pump(), waitMs);
    this.retryTimer.unref();
  }

  private setStatus(status: TUplinkStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.emitter.emit('status', status);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
