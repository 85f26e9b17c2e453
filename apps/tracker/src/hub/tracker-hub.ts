import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { SimulatorConnectionStatus } from '@contrail/domain/live/connection-status';
import { ZFlightControl, type TFlightControl, type TFlightControlResult, type TFlightError } from '@contrail/domain/live/flight-messages';
import {
  ZStartRecordRequest,
  ZStartRequest,
  type THubError,
  type TReadyToRecord,
  type TrackerHubClientToServer,
  type TrackerHubServerToClient,
} from '@contrail/domain/live/tracker-hub-contract';
import { initialBearingDeg, normalizeHeadingDeg } from '@contrail/domain/geo/great-circle';
import type { TServeConfig } from '../config/tracker-config';
import { BuiltinSimulatorConnector } from '../connectors/builtin/builtin-connector';
import { BuiltinPlanError, toSimAirport } from '../connectors/builtin/builtin-flight-plan';
import type { TLivenessOptions } from '../connectors/connector-base';
import { createConnector, type TParsedStartRequest } from '../connectors/create-connector';
import type { SimulatorConnector } from '../connectors/simulator-connector';
import { FlightRecording, type TRecordingOptions } from '../uplink/flight-recording';
import { FrameJournal, journalPathFor } from '../uplink/frame-journal';
import { removeFlightState } from '../uplink/flight-state-file';
import { UplinkClient } from '../uplink/uplink-client';

export type TTrackerHubOptions = TServeConfig & {
  /** Diagnostics, one line each (stderr by default in the CLI). */
  log?: (line: string) => void;
  /** Timing of the simulator connectors (tests shorten it). */
  liveness?: TLivenessOptions;
  /** Uplink timing (tests shorten it). */
  recording?: TRecordingOptions;
  /** How long StartRecord waits for the server to accept the flight. */
  uplinkConnectTimeoutMs?: number;
  /** Resume a flight a previous run left in the data folder (default true). */
  shouldResume?: boolean;
};

type TAck = (result: unknown) => void;
type TResult = { ok: boolean; error?: THubError };
type THubSocket = Socket<TrackerHubClientToServer, TrackerHubServerToClient>;

/** The hub's client messages that are pilot controls, and how each becomes a `TFlightControl`. */
const CONTROL_MESSAGES = {
  SwitchSeatBeltSign: () => ({ type: 'SwitchSeatBeltSign' }),
  SwitchDutyFree: () => ({ type: 'SwitchDutyFree' }),
  SwitchIfe: () => ({ type: 'SwitchIfe' }),
  AddTimeOnEstimateDepartureTime: (payload: unknown) => ({ ...asRecord(payload), type: 'AddTimeOnEstimateDepartureTime' }),
  AddTimeOnEstimateArrivalTime: (payload: unknown) => ({ ...asRecord(payload), type: 'AddTimeOnEstimateArrivalTime' }),
  ServeFood: (payload: unknown) => ({ ...asRecord(payload), type: 'ServeFood' }),
  LaunchAnnouncement: (payload: unknown) => ({ ...asRecord(payload), type: 'LaunchAnnouncement' }),
  UpdateCruiseLevel: (payload: unknown) => ({ ...asRecord(payload), type: 'UpdateCruiseLevel' }),
  DivertFlight: (payload: unknown) => ({ ...asRecord(payload), type: 'DivertFlight' }),
} satisfies Record<TFlightControl['type'], (payload: unknown) => unknown>;

/** Every hub client message, with whether it carries a payload before its ack. */
const LIFECYCLE_MESSAGES = ['Start', 'StartRecord', 'StartPaxNCargo', 'CancelFlight', 'CancelResumedFlight', 'CompleteFlight'] as const;
type TLifecycleMessage = (typeof LIFECYCLE_MESSAGES)[number];
const MESSAGES_WITHOUT_PAYLOAD: ReadonlySet<string> = new Set(['CancelFlight', 'CompleteFlight', 'SwitchSeatBeltSign', 'SwitchDutyFree', 'SwitchIfe']);
// Fails to compile when the contract gains a client message the hub does not handle.
const everyClientMessageHandled: Exclude<keyof TrackerHubClientToServer, TLifecycleMessage | keyof typeof CONTROL_MESSAGES> extends never
  ? true
  : false = true;
void everyClientMessageHandled;

/**
 * The tracker's local hub (docs/architecture.md, "A tracked flight, end to end"):
 * Socket.IO on 127.0.0.1, refusing at the handshake every origin but the web app's. The browser
 * drives the flight with the spec's client messages; the hub reports the simulator connection
 * status, ReadyToRecord, and relays the server's flight messages to every connected browser.
 *
 * One flight at a time. Lifecycle messages (Start, StartRecord, ..., CompleteFlight) run one after
 * the other; controls run at once.
 */
export class TrackerHub {
  private readonly io: Server<TrackerHubClientToServer, TrackerHubServerToClient>;
  private readonly log: (line: string) => void;
  private status: SimulatorConnectionStatus = 'disconnect';
  private connector: SimulatorConnector | undefined;
  private connectorListeners: (() => void)[] = [];
  private readyToRecord: TReadyToRecord | undefined;
  /** The current simulator has been ready once: ReadyToRecord was sent. */
  private isSimulatorReady = false;
  private recording: FlightRecording | undefined;
  private recordingListeners: (() => void)[] = [];
  private lifecycle: Promise<unknown> = Promise.resolve();
  /** Completion and cancellation results relayed from acks, so a server push of the same is not doubled. */
  private readonly relayedEnds = new Set<string>();
  private isClosed = false;

  private constructor(
    private readonly http: HttpServer,
    private readonly options: TTrackerHubOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    const allowedOrigins = new Set(options.webOrigins);
    this.io = new Server(http, {
      // Browsers send Origin on WebSocket and cross-origin polling requests; refuse any other page.
      allowRequest: (request: IncomingMessage, callback) => {
        const origin = request.headers.origin;
        const isAllowed = origin !== undefined && allowedOrigins.has(origin);
        if (!isAllowed) this.log(`hub: refused a connection from origin ${origin ?? '(none)'}`);
        callback(isAllowed ? null : 'origin not allowed', isAllowed);
      },
      cors: { origin: [...allowedOrigins], methods: ['GET', 'POST'] },
      serveClient: false,
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  /** Listens on 127.0.0.1:`port` (0 = any free port) and resumes a flight left in progress. */
  static async start(options: TTrackerHubOptions): Promise<TrackerHub> {
    const http = createServer();
    const hub = new TrackerHub(http, options);
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port, '127.0.0.1', () => {
        http.off('error', reject);
        resolve();
      });
    });
    hub.log(`hub: listening on 127.0.0.1:${hub.port} for ${options.webOrigins.join(', ')}`);
    if (options.shouldResume !== false) await hub.resume();
    return hub;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  get connectionStatus(): SimulatorConnectionStatus {
    return this.status;
  }

  get currentFlightId(): string | undefined {
    return this.recording?.flightId;
  }

  get currentConnector(): SimulatorConnector | undefined {
    return this.connector;
  }

  /** Stops everything; a flight in progress stays in the data folder for the next run. */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    await this.lifecycle.catch(() => undefined);
    await this.closeRecording();
    await this.dropConnector();
    await new Promise<void>((resolve) => {
      void this.io.close(() => resolve());
    });
    this.http.closeAllConnections();
  }

  // --- connections --------------------------------------------------------------------------

  private onConnection(socket: THubSocket): void {
    socket.emit('ConnectionStatus', this.status);
    if (this.readyToRecord !== undefined && this.connector?.status === 'connected') {
      socket.emit('SimulatorReadiness', { simulator: this.readyToRecord.simulator, state: this.connector.readiness.state });
      if (this.isSimulatorReady) socket.emit('ReadyToRecord', this.readyToRecord);
    }

    const loose = socket as unknown as { on: (event: string, listener: (...args: unknown[]) => void) => void };
    for (const name of LIFECYCLE_MESSAGES) {
      loose.on(name, (...args) => {
        const { payload, ack } = splitArgs(name, args);
        void this.runLifecycle(() => this.onLifecycle(name, payload)).then((result) => ack?.(result));
      });
    }
    for (const name of Object.keys(CONTROL_MESSAGES) as (keyof typeof CONTROL_MESSAGES)[]) {
      loose.on(name, (...args) => {
        const { payload, ack } = splitArgs(name, args);
        void this.onControl(CONTROL_MESSAGES[name](payload)).then((result) => ack?.(result));
      });
    }
  }

  /** Lifecycle messages run one at a time; an unexpected failure becomes an error answer. */
  private runLifecycle(operation: () => Promise<TResult>): Promise<TResult> {
    const run = this.lifecycle.then(operation).catch((error: unknown) => {
      this.log(`hub: ${String(error)}`);
      return failure('internal_error', error instanceof Error ? error.message : String(error));
    });
    this.lifecycle = run;
    return run;
  }

  private onLifecycle(name: TLifecycleMessage, payload: unknown): Promise<TResult> {
    if (this.isClosed) return Promise.resolve(failure('closed', 'The tracker is shutting down'));
    switch (name) {
      case 'Start':
        return this.start(payload);
      case 'StartRecord':
        return this.startRecord(payload, false);
      case 'StartPaxNCargo':
        return this.startRecord(payload, true);
      case 'CancelFlight':
        return this.cancelFlight();
      case 'CancelResumedFlight':
        return this.cancelResumedFlight(payload);
      case 'CompleteFlight':
        return this.completeFlight();
    }
  }

  // --- Start: the simulator -----------------------------------------------------------------

  private async start(payload: unknown): Promise<TResult> {
    const parsed = ZStartRequest.safeParse(payload ?? {});
    if (!parsed.success) return this.refuse('invalid_request', `Invalid Start: ${z.prettifyError(parsed.error)}`);
    const request: TParsedStartRequest = parsed.data;
    await this.dropConnector();
    let connector: SimulatorConnector;
    try {
      connector = await createConnector(request, {
        endpoints: this.options.simulators,
        ...(this.options.liveness === undefined ? {} : { liveness: this.options.liveness }),
      });
    } catch (error) {
      this.setStatus('connection_failed');
      const code = error instanceof BuiltinPlanError ? 'invalid_flight' : 'connection_failed';
      return this.refuse(code, error instanceof Error ? error.message : String(error));
    }
    this.connector = connector;
    this.watchConnector(connector);
    try {
      await connector.connect();
    } catch (error) {
      this.unwatchConnector();
      this.connector = undefined;
      this.setStatus('connection_failed');
      return this.refuse('connection_failed', error instanceof Error ? error.message : String(error));
    }
    this.readyToRecord = {
      simulator: request.simulator,
      aircraftTitle: connector.aircraft.aircraftTitle,
      aircraftIcao: connector.aircraft.aircraftIcao || (request.builtin?.aircraftIcao ?? ''),
    };
    this.log(`hub: ${request.simulator} connected (${this.readyToRecord.aircraftTitle || 'unknown aircraft'})`);
    this.setStatus('connected');
    this.announceReadiness(connector);
    if (this.recording !== undefined) {
      // A flight resumed or still recording: the new simulator feeds it.
      this.recording.attach(connector);
      this.setStatus(this.recording.uplink.status === 'connected' ? 'recording' : 'reconnecting');
    }
    return { ok: true };
  }

  /**
   * Tells the browsers whether the simulator is ready; ReadyToRecord only once it is (a loading
   * simulator talks, but what it says is not a flight yet).
   */
  private announceReadiness(connector: SimulatorConnector): void {
    const kind = this.readyToRecord?.simulator;
    if (kind === undefined) return;
    const { state, detail } = connector.readiness;
    this.io.emit('SimulatorReadiness', { simulator: kind, state });
    if (state === 'loading') {
      this.log(`hub: waiting for ${kind} to finish loading (${detail})`);
      return;
    }
    this.log(`hub: ${kind} is ${state === 'paused' ? 'ready (paused)' : 'ready'}`);
    if (state === 'ready' && this.readyToRecord !== undefined && !this.isSimulatorReady) {
      this.isSimulatorReady = true;
      this.io.emit('ReadyToRecord', this.readyToRecord);
    }
  }

  private watchConnector(connector: SimulatorConnector): void {
    this.isSimulatorReady = false;
    this.connectorListeners = [
      connector.on('readiness', () => {
        if (this.connector === connector && this.readyToRecord !== undefined) this.announceReadiness(connector);
      }),
      connector.on('simulation_rate', (rate, previousRate) => {
        this.log(`hub: simulation rate ${rate}x (was ${previousRate}x)${rate === 1 ? ', real time again' : ''}`);
      }),
      connector.on('reconnecting', () => this.setStatus('reconnecting')),
      connector.on('connected', () => {
        if (connector.status !== 'connected') return;
        this.setStatus(this.recording?.uplink.status === 'connected' ? 'recording' : 'connected');
      }),
      connector.on('disconnect', (reason) => {
        if (this.connector !== connector) return;
        this.log(`hub: simulator disconnected (${reason})`);
        this.unwatchConnector();
        this.connector = undefined;
        this.readyToRecord = undefined;
        this.setStatus('disconnect');
      }),
    ];
  }

  private unwatchConnector(): void {
    for (const off of this.connectorListeners.splice(0)) off();
  }

  private async dropConnector(): Promise<void> {
    const connector = this.connector;
    this.unwatchConnector();
    this.connector = undefined;
    this.readyToRecord = undefined;
    this.recording?.detachAll();
    await connector?.disconnect();
  }

  // --- recording ----------------------------------------------------------------------------

  private async startRecord(payload: unknown, isPnc: boolean): Promise<TResult> {
    const parsed = ZStartRecordRequest.safeParse(payload);
    if (!parsed.success) return this.refuse('invalid_request', `Invalid ${isPnc ? 'StartPaxNCargo' : 'StartRecord'}: ${z.prettifyError(parsed.error)}`);
    const { flightId, token } = parsed.data;
    if (this.recording !== undefined) {
      if (this.recording.flightId === flightId) {
        this.io.emit('ConnectionStatus', this.status);
        return { ok: true };
      }
      return this.refuse('flight_in_progress', `Flight ${this.recording.flightId} is still recording: complete or cancel it first`);
    }
    const connector = this.connector;
    if (connector === undefined || (connector.status !== 'connected' && connector.status !== 'reconnecting')) {
      return this.refuse('not_ready', 'Connect the simulator first (Start), then start recording');
    }
    if (!this.isSimulatorReady) {
      return this.refuse('simulator_loading', 'The simulator is still loading: start recording once it is ready');
    }
    const serverUrl = parsed.data.serverUrl ?? this.options.serverUrl;
    const recording = await FlightRecording.open(
      this.options.dataDir,
      { flightId, token, serverUrl, isPnc, startedAt: new Date().toISOString(), simulator: this.readyToRecord?.simulator },
      { ...this.options.recording, log: this.log },
    );
    // Listen before the connection completes: the server may push PncReady / Reconnection at once.
    this.adopt(recording);
    try {
      await recording.uplink.waitUntilConnected(this.options.uplinkConnectTimeoutMs ?? 15_000);
    } catch (error) {
      this.unadopt();
      await recording.end();
      return this.refuse('uplink_failed', error instanceof Error ? error.message : String(error));
    }
    recording.attach(connector);
    this.log(`hub: recording flight ${flightId} to ${serverUrl}`);
    return { ok: true };
  }

  /** Makes `recording` the current flight: relays its messages and follows its uplink. */
  private adopt(recording: FlightRecording, isResumed = false): void {
    this.recording = recording;
    const uplink = recording.uplink;
    // A PNC flight shows `pncready` once the server's cabin is ready (PncReady), then `recording`.
    let isCabinReady = isResumed || !recording.state.isPnc;
    this.recordingListeners = [
      uplink.on('message', (name, payload) => {
        if (name === 'FlightCompleted' || name === 'FlightCanceled') {
          this.forgetEndedFlight(recording);
          const key = `${name}:${recording.flightId}`;
          if (this.relayedEnds.has(key)) return;
          this.relayedEnds.add(key);
        }
        (this.io.emit as (event: string, ...args: unknown[]) => boolean)(name, payload);
        if (name === 'PncReady') {
          isCabinReady = true;
          this.setStatus('pncready');
          this.setStatus('recording');
        } else if (name === 'Reconnection' && isCabinReady) {
          this.setStatus('recording');
        }
      }),
      uplink.on('status', (status) => {
        if (status === 'reconnecting') this.setStatus('reconnecting');
        else if (status === 'connected' && isCabinReady) this.setStatus('recording');
      }),
      uplink.on('refused', (error) => {
        this.io.emit('FlightError', error);
        void this.runLifecycle(async () => {
          if (this.recording !== recording) return { ok: true };
          await this.forgetRecording();
          this.setStatus(this.connector?.status === 'connected' ? 'connected' : 'disconnect');
          return { ok: true };
        });
      }),
      uplink.on('failure', (error) => {
        this.io.emit('HubError', { code: 'journal_failed', message: `Frames cannot be saved: ${error.message}` });
      }),
    ];
  }

  /**
   * The server ended the flight: cancelled or completed from another tab or device, where this hub
   * had no part. Stops recording it and frees the simulator for the next flight. Queued behind the
   * lifecycle, so an end this hub asked for finishes first, and then this does nothing.
   */
  private forgetEndedFlight(recording: FlightRecording): void {
    void this.runLifecycle(async () => {
      if (this.recording !== recording) return { ok: true };
      this.log(`hub: flight ${recording.flightId} was ended on the server; recording stopped`);
      await this.forgetRecording();
      await this.dropConnector();
      this.setStatus('disconnect');
      return { ok: true };
    });
  }

  private async completeFlight(): Promise<TResult> {
    const recording = this.recording;
    if (recording === undefined) return this.refuse('no_flight', 'No flight is being recorded');
    const result = await recording.complete();
    if ('error' in result) return this.flightError(result.error);
    this.relayEnd('FlightCompleted', recording.flightId, result);
    this.unadopt();
    await this.dropConnector();
    this.setStatus('disconnect');
    return { ok: true };
  }

  private async cancelFlight(): Promise<TResult> {
    const recording = this.recording;
    if (recording !== undefined) {
      const result = await recording.cancel();
      if ('error' in result) return this.flightError(result.error);
      this.relayEnd('FlightCanceled', recording.flightId, { flightId: recording.flightId });
      this.unadopt();
    }
    await this.dropConnector();
    this.setStatus('disconnect');
    return { ok: true };
  }

  /** Cancels a flight a previous session left in progress (whether or not this tracker has its journal). */
  private async cancelResumedFlight(payload: unknown): Promise<TResult> {
    const parsed = ZStartRecordRequest.safeParse(payload);
    if (!parsed.success) return this.refuse('invalid_request', `Invalid CancelResumedFlight: ${z.prettifyError(parsed.error)}`);
    const { flightId, token } = parsed.data;
    if (this.recording?.flightId === flightId) return this.cancelFlight();
    const serverUrl = parsed.data.serverUrl ?? this.options.serverUrl;
    const journal = await FrameJournal.open(journalPathFor(this.options.dataDir, flightId), flightId);
    const uplink = new UplinkClient({ ...this.options.recording, serverUrl, flightId, token, journal, log: this.log });
    uplink.start();
    try {
      await uplink.waitUntilConnected(this.options.uplinkConnectTimeoutMs ?? 15_000);
      const result = await uplink.cancel();
      if ('error' in result) {
        await uplink.close();
        return this.flightError(result.error);
      }
      await uplink.finish();
      await removeFlightState(this.options.dataDir, flightId);
      this.relayEnd('FlightCanceled', flightId, { flightId });
      return { ok: true };
    } catch (error) {
      await uplink.close();
      return this.refuse('uplink_failed', error instanceof Error ? error.message : String(error));
    }
  }

  /** A flight left by a previous run: reconnect its uplink and resend what is pending. */
  private async resume(): Promise<void> {
    const states = await FlightRecording.resumable(this.options.dataDir);
    const state = states.at(-1);
    if (state === undefined) return;
    for (const older of states.slice(0, -1)) {
      this.log(`hub: flight ${older.flightId} was also left in progress; cancel it with CancelResumedFlight`);
    }
    this.log(`hub: resuming flight ${state.flightId} (${state.serverUrl})`);
    const recording = await FlightRecording.open(this.options.dataDir, state, { ...this.options.recording, log: this.log });
    this.adopt(recording, true);
    this.setStatus('reconnecting');
  }

  private relayEnd(name: 'FlightCompleted' | 'FlightCanceled', flightId: string, payload: unknown): void {
    const key = `${name}:${flightId}`;
    if (this.relayedEnds.has(key)) return;
    this.relayedEnds.add(key);
    (this.io.emit as (event: string, ...args: unknown[]) => boolean)(name, payload);
  }

  private unadopt(): void {
    for (const off of this.recordingListeners.splice(0)) off();
    this.recording = undefined;
  }

  private async forgetRecording(): Promise<void> {
    const recording = this.recording;
    this.unadopt();
    await recording?.end();
  }

  private async closeRecording(): Promise<void> {
    const recording = this.recording;
    this.unadopt();
    await recording?.close();
  }

  // --- controls -----------------------------------------------------------------------------

  private async onControl(candidate: unknown): Promise<TFlightControlResult> {
    const parsed = ZFlightControl.safeParse(candidate);
    if (!parsed.success) return { accepted: false, rejection: `Invalid control: ${z.prettifyError(parsed.error)}` };
    const recording = this.recording;
    if (recording === undefined) return { accepted: false, rejection: 'No flight is being recorded' };
    const control = parsed.data;
    const result = await recording.uplink.control(control);
    if (result.accepted) this.applyToBuiltinSimulator(control);
    return result;
  }

  /**
   * What the pilot would do in the simulator, done for them in the built-in one: the seat-belt
   * switch, a diversion and a new cruise level. (Cabin services have nothing to do in the cockpit.)
   */
  private applyToBuiltinSimulator(control: TFlightControl): void {
    const connector = this.connector;
    if (!(connector instanceof BuiltinSimulatorConnector)) return;
    if (control.type === 'SwitchSeatBeltSign') {
      connector.switchSeatBeltSign();
    } else if (control.type === 'DivertFlight') {
      const lastFrame = connector.flight.snapshot().position;
      const arrivalCourseDeg = normalizeHeadingDeg(initialBearingDeg(lastFrame, control.arrival.position));
      connector.divertTo(toSimAirport(control.arrival, arrivalCourseDeg, 'landing'));
    } else if (control.type === 'UpdateCruiseLevel') {
      connector.changeCruiseLevel(control.cruiseLevelFt);
    }
  }

  // --- helpers ------------------------------------------------------------------------------

  private setStatus(status: SimulatorConnectionStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.io.emit('ConnectionStatus', status);
  }

  private refuse(code: string, message: string): TResult {
    const error = { code, message };
    this.io.emit('HubError', error);
    return { ok: false, error };
  }

  private flightError(error: TFlightError): TResult {
    this.io.emit('FlightError', error);
    return { ok: false, error: { code: error.errorCode, message: error.message } };
  }
}

function failure(code: string, message: string): TResult {
  return { ok: false, error: { code, message } };
}

/** `Message(payload, ack)` or `Message(ack)`: a message without payload may also come with one. */
function splitArgs(name: string, args: unknown[]): { payload: unknown; ack: TAck | undefined } {
  const ackIndex = args.findIndex((arg) => typeof arg === 'function');
  const ack = ackIndex >= 0 ? (args[ackIndex] as TAck) : undefined;
  const payload = MESSAGES_WITHOUT_PAYLOAD.has(name) || ackIndex === 0 ? undefined : args[0];
  return { payload, ack };
}

function asRecord(payload: unknown): Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {};
}
