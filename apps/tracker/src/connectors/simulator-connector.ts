import type { TSimulatorReadinessState } from '@contrail/domain/live/tracker-hub-contract';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';

/** The simulators the tracker can read. `builtin` is Contrail's own simulator (packages/sim). */
export type TSimulatorKind = 'builtin' | 'xplane' | 'flightgear' | 'msfs';

/**
 * Where a connector stands:
 * - `idle`: created, never connected (or connect() failed);
 * - `connecting`: connect() called, no data from the simulator yet;
 * - `connected`: data flows;
 * - `reconnecting`: data stopped flowing for a while; the connector keeps trying (re-subscribing);
 * - `disconnected`: disconnect() was called, or the connector gave up. Terminal: make a new one.
 */
export type TConnectorStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

/** The aircraft loaded in the simulator, as the simulator names it. */
export type TAircraftIdentity = {
  /** Display name, e.g. "Airbus A320 Neo Asobo"; '' when the simulator gives none. */
  aircraftTitle: string;
  /** ICAO type designator, e.g. "A20N"; '' when unknown. */
  aircraftIcao: string;
};

export type TDisconnectReason =
  /** disconnect() was called. */
  | 'client'
  /** The simulator closed the connection (MSFS quit). */
  | 'simulator_closed'
  /** No data for longer than the give-up delay while reconnecting. */
  | 'timeout'
  /** The socket failed. */
  | 'error';

/**
 * Whether the simulator is ready to fly, as opposed to merely sending data. Simulators talk while
 * they load: FlightGear sends -9999 ft and no fuel until its flight model and scenery are up,
 * X-Plane answers during its scenery loads, MSFS sends from its menus. `loading`: frames are
 * withheld (never published); `paused`: ready, frames flow with isPaused; `ready`: flying.
 */
export type { TSimulatorReadinessState };
export type TSimulatorReadiness = {
  state: TSimulatorReadinessState;
  /** Why it is still loading, in the words of the check that failed (diagnostics, logs). */
  detail: string;
};

/** The events a connector emits, with their listener arguments. */
export type TConnectorEvents = {
  /** Data flows (first time, and again after `reconnecting`). */
  connected: [aircraft: TAircraftIdentity];
  /** connect() could not reach the simulator; the connector is back to `idle`. */
  connection_failed: [error: Error];
  /** The connector stopped for good (status `disconnected`). */
  disconnect: [reason: TDisconnectReason];
  /** Data stopped flowing; `attempt` counts the retries since the data stopped (1, 2, ...). */
  reconnecting: [attempt: number];
  /** A frame that passed ZTelemetryFrame.parse. */
  frame: [frame: TTelemetryFrame];
  /** The loaded aircraft changed (or became known). */
  aircraft: [aircraft: TAircraftIdentity];
  /** The simulator's readiness changed (loading -> ready, ready -> paused...). */
  readiness: [readiness: TSimulatorReadiness];
  /** A simulation rate other than the last reported one held steadily (5 s); 1 = real time. */
  simulation_rate: [rate: number, previousRate: number];
};

export type TConnectorEventName = keyof TConnectorEvents;
export type TConnectorListener<E extends TConnectorEventName> = (...args: TConnectorEvents[E]) => void;

/** Counters a connector keeps for diagnostics (shown by the CLI, asserted by tests). */
export type TConnectorStats = {
  /** Datagrams / data blocks received from the simulator. */
  messagesReceived: number;
  /** Datagrams / lines that could not be decoded (wrong header, wrong field count...). */
  messagesRejected: number;
  /** Frames emitted. */
  framesEmitted: number;
  /** Frames built but rejected by ZTelemetryFrame (NaN, out of range after clamping). */
  framesRejected: number;
  /** Valid frames withheld because the simulator was still loading (never published). */
  framesWithheld: number;
};

/**
 * What every simulator connector offers. The local hub and the CLI `fly` command use only this.
 *
 * Frames come either through `on('frame', ...)` or through `frames()` (an async iterator that ends
 * when the connector disconnects). Every frame has passed ZTelemetryFrame.parse.
 */
export type SimulatorConnector = {
  readonly kind: TSimulatorKind;
  readonly status: TConnectorStatus;
  /** The loaded aircraft; empty strings until the simulator has told. */
  readonly aircraft: TAircraftIdentity;
  readonly stats: Readonly<TConnectorStats>;
  /** `loading` until the simulator is really ready (see TSimulatorReadiness). */
  readonly readiness: TSimulatorReadiness;
  /**
   * Starts reading the simulator. Resolves once the first data arrived (status `connected`);
   * rejects (and emits `connection_failed`) when the simulator cannot be reached in time.
   */
  connect(): Promise<void>;
  /** Stops reading, releases the socket, ends every frames() iterator. Safe to call twice. */
  disconnect(): Promise<void>;
  /**
   * Its frames are recorded from now on. The built-in simulator, started when the pilot connected,
   * boards until then; a real simulator has nothing to do.
   */
  recordingStarted(): void;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends TConnectorEventName>(event: E, listener: TConnectorListener<E>): () => void;
  /** The frames from now on, until disconnect. Several iterators may run at once. */
  frames(): AsyncIterableIterator<TTelemetryFrame>;
};
