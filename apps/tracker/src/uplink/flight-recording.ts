import type { TFlightCompleted, TFlightError } from '@contrail/domain/live/flight-messages';
import type { SimulatorConnector } from '../connectors/simulator-connector';
import { FrameJournal, journalPathFor } from './frame-journal';
import { readFlightStates, removeFlightState, writeFlightState, type TFlightState } from './flight-state-file';
import { UplinkClient, type TUplinkOptions } from './uplink-client';

export type TRecordingOptions = Pick<TUplinkOptions, 'ackTimeoutMs' | 'reconnectDelayMs' | 'reconnectDelayMaxMs' | 'batchSize' | 'log'>;

/**
 * One flight being recorded: its state file, its journal and its uplink, kept together so that
 * `serve` (the hub) and `fly` (headless) stream, complete and cancel the same way, and a
 * restarted tracker finds the flight again (`resumable`).
 */
export class FlightRecording {
  private detachers: (() => void)[] = [];

  private constructor(
    readonly dataDir: string,
    readonly state: TFlightState,
    readonly uplink: UplinkClient,
  ) {}

  get flightId(): string {
    return this.state.flightId;
  }

  /**
   * Starts (or, with an existing journal, resumes) recording a flight: writes the state file,
   * opens the journal, starts the uplink. The uplink connects in the background; use
   * `uplink.waitUntilConnected` to know the server accepted the flight.
   */
  static async open(dataDir: string, state: TFlightState, options: TRecordingOptions = {}): Promise<FlightRecording> {
    await writeFlightState(dataDir, state);
    const journal = await FrameJournal.open(journalPathFor(dataDir, state.flightId), state.flightId);
    const uplink = new UplinkClient({ ...options, serverUrl: state.serverUrl, flightId: state.flightId, token: state.token, simulator: state.simulator, journal });
    uplink.start();
    return new FlightRecording(dataDir, state, uplink);
  }

  /** The flights a previous run left in progress in `dataDir`, oldest first. */
  static async resumable(dataDir: string): Promise<TFlightState[]> {
    return (await readFlightStates(dataDir)).states;
  }

  /** Streams the connector's frames into the uplink until detached or ended. */
  attach(connector: SimulatorConnector): () => void {
    const detach = connector.on('frame', (frame) => this.uplink.push(frame));
    this.detachers.push(detach);
    connector.recordingStarted();
    return detach;
  }

  detachAll(): void {
    for (const detach of this.detachers.splice(0)) detach();
  }

  /**
   * Flushes every frame, completes the flight on the server, then deletes the journal and the
   * state. A refusal (not ready to end, for instance) leaves everything as it was.
   */
  async complete(flushTimeoutMs?: number): Promise<TFlightCompleted | { error: TFlightError }> {
    let result: TFlightCompleted | { error: TFlightError };
    try {
      result = await this.uplink.complete(flushTimeoutMs);
    } catch (error) {
      return { error: { message: error instanceof Error ? error.message : String(error), errorCode: 'FLUSH_TIMEOUT' } };
    }
    if (!('error' in result)) await this.end();
    return result;
  }

  /** Cancels the flight on the server, then deletes the journal and the state. */
  async cancel(): Promise<{ flightId: string } | { error: TFlightError }> {
    const result = await this.uplink.cancel();
    if (!('error' in result)) await this.end();
    return result;
  }

  /** Forgets the flight locally (journal and state deleted): completed, cancelled, or refused by the server. */
  async end(): Promise<void> {
    this.detachAll();
    await this.uplink.finish();
    await removeFlightState(this.dataDir, this.state.flightId);
  }

  /** Stops streaming; the journal and state stay for the next run. */
  async close(): Promise<void> {
    this.detachAll();
    await this.uplink.close();
  }
}
