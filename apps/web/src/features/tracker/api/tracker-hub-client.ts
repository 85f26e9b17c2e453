import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  TRACKER_CONNECTION_ATTEMPTS,
  TRACKER_CONNECTION_RETRY_MS,
  type SimulatorConnectionStatus,
} from '@contrail/domain/live/connection-status';
import { FLIGHT_SERVER_MESSAGE_NAMES, type FlightServerMessages } from '@contrail/domain/live/flight-messages';
import type {
  THubError,
  TReadyToRecord,
  TSimulatorReadinessState,
  TrackerHubClientToServer,
  TrackerHubServerToClient,
} from '@contrail/domain/live/tracker-hub-contract';

export type TrackerHubSocket = Socket<TrackerHubServerToClient, TrackerHubClientToServer>;

/**
 * The browser's link to the hub (not the simulator's status, which the hub reports):
 * - `idle`: never asked to connect;
 * - `connecting`: attempt `attempt` of 4 (4 attempts 2000 ms apart);
 * - `connected`;
 * - `unreachable`: the 4 attempts failed (no tracker running): retry or start the tracker;
 * - `reconnecting`: an established link dropped, retried automatically;
 * - `dropped`: the automatic retries failed too: the pilot retries by hand.
 */
export type HubLinkStatus = 'idle' | 'connecting' | 'connected' | 'unreachable' | 'reconnecting' | 'dropped';

export type TrackerHubSnapshot = {
  url: string;
  link: HubLinkStatus;
  /** 1-based attempt number while connecting or reconnecting. */
  attempt: number;
  /** What the hub says about the simulator. */
  simulator: SimulatorConnectionStatus;
  readyToRecord: TReadyToRecord | null;
  /** Whether the connected simulator is ready to fly (`loading` while it loads scenery, menus...). */
  simulatorReadiness: TSimulatorReadinessState | null;
  lastError: THubError | null;
};

/** A hub answer to a lifecycle message. */
export type HubResult = { ok: boolean; error?: THubError };

/** The server flight messages the hub relays, by name. */
export type FlightMessageName = keyof FlightServerMessages;
export type FlightMessageListener = <K extends FlightMessageName>(name: K, payload: Parameters<FlightServerMessages[K]>[0]) => void;


/** The payload of a hub message before its ack: none for CancelFlight, CompleteFlight and the switches. */
export type HubArgs<K extends keyof TrackerHubClientToServer> =
  NonNullable<Parameters<TrackerHubClientToServer[K]>[0]> extends (...args: never[]) => unknown ? [] : [Parameters<TrackerHubClientToServer[K]>[0]];

/** How long a hub message waits for its acknowledgement. CompleteFlight flushes every frame first. */
export const HUB_ACK_TIMEOUT_MS = 60_000;

export type CreateHubSocket = (url: string, options: Partial<ManagerOptions & SocketOptions>) => TrackerHubSocket;

/**
 * The tracker's local hub as the browser sees it: one
 * Socket.IO connection to 127.0.0.1, tried 4 times 2000 ms apart; a dropped link is retried the
 * same way automatically, then left to the pilot. The hub's ConnectionStatus, ReadyToRecord and
 * HubError feed a snapshot that React reads; relayed flight messages go to the listeners.
 */
export class TrackerHubClient {
  private socket: TrackerHubSocket | null = null;
  private snapshot: TrackerHubSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly messageListeners = new Set<FlightMessageListener>();
  private hasConnectedOnce = false;

  constructor(
    url: string,
    private readonly createSocket: CreateHubSocket = io,
  ) {
    this.snapshot = { url, link: 'idle', attempt: 0, simulator: 'disconnect', readyToRecord: null, simulatorReadiness: null, lastError: null };
  }

  getSnapshot = (): TrackerHubSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Listens to every relayed flight message; returns the unsubscribe function. */
  onFlightMessage(listener: FlightMessageListener): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  get isConnected(): boolean {
    return this.snapshot.link === 'connected';
  }

  /**
   * Connects (or tries again after `unreachable` / `dropped`). Resolves true once connected,
   * false when every attempt failed.
   */
  connect(): Promise<boolean> {
    if (this.snapshot.link === 'connected') return Promise.resolve(true);
    const socket = this.ensureSocket();
    return new Promise<boolean>((resolve) => {
      const done = (isConnected: boolean) => {
        unsubscribe();
        resolve(isConnected);
      };
      const unsubscribe = this.subscribe(() => {
        const { link } = this.snapshot;
        if (link === 'connected') done(true);
        else if (link === 'unreachable' || link === 'dropped') done(false);
      });
      const { link } = this.snapshot;
      if (socket.connected) {
        done(true);
      } else if (link === 'idle' || link === 'unreachable' || link === 'dropped') {
        // A new round of 4 attempts (the manager's backoff was reset when the last round failed).
        this.set({ link: this.hasConnectedOnce ? 'reconnecting' : 'connecting', attempt: 1, lastError: null });
        socket.connect();
      }
    });
  }

  /** Closes the link (logout, or a flight ended and nothing else needs the hub). */
  disconnect(): void {
    const socket = this.socket;
    this.socket = null;
    this.hasConnectedOnce = false;
    socket?.removeAllListeners();
    socket?.io.removeAllListeners();
    socket?.disconnect();
    this.set({ link: 'idle', attempt: 0, simulator: 'disconnect', readyToRecord: null, simulatorReadiness: null, lastError: null });
  }

  clearError(): void {
    this.set({ lastError: null });
  }

  /** Sends a hub message and waits for its acknowledgement (a timeout becomes an error answer). */
  async send<K extends keyof TrackerHubClientToServer>(
    name: K,
    ...args: HubArgs<K>
  ): Promise<HubResult & { accepted?: boolean; rejection?: string | null }> {
    const socket = this.socket;
    if (!socket?.connected) return { ok: false, accepted: false, error: { code: 'hub_unreachable', message: 'The tracker is not connected' } };
    try {
      const timed = socket.timeout(HUB_ACK_TIMEOUT_MS) as unknown as { emitWithAck: (event: string, ...rest: unknown[]) => Promise<unknown> };
      const answer = (await timed.emitWithAck(name, ...args)) as Record<string, unknown>;
      if ('accepted' in answer) {
        return { ok: answer.accepted === true, accepted: answer.accepted === true, rejection: (answer.rejection as string | null) ?? null };
      }
      return answer as HubResult;
    } catch {
      return { ok: false, accepted: false, error: { code: 'hub_timeout', message: 'The tracker did not answer in time' } };
    }
  }

  private ensureSocket(): TrackerHubSocket {
    if (this.socket) return this.socket;
    const socket = this.createSocket(this.snapshot.url, {
      autoConnect: false,
      // 4 attempts (the first + 3 retries), 2000 ms apart, no growth, no jitter.
      reconnection: true,
      reconnectionAttempts: TRACKER_CONNECTION_ATTEMPTS - 1,
      reconnectionDelay: TRACKER_CONNECTION_RETRY_MS,
      reconnectionDelayMax: TRACKER_CONNECTION_RETRY_MS,
      randomizationFactor: 0,
      timeout: 5000,
    });
    this.socket = socket;
    socket.on('connect', () => {
      this.hasConnectedOnce = true;
      this.set({ link: 'connected', attempt: 0 });
    });
    socket.on('disconnect', (reason) => {
      // The browser closed it on purpose: nothing to retry.
      if (reason === 'io client disconnect') return;
      this.set({ link: 'reconnecting', attempt: 1, simulator: 'disconnect', readyToRecord: null, simulatorReadiness: null });
    });
    socket.io.on('reconnect_attempt', (attempt) => this.set({ attempt: attempt + 1 }));
    socket.io.on('reconnect_failed', () => this.set({ link: this.hasConnectedOnce ? 'dropped' : 'unreachable', attempt: 0 }));
    socket.on('ConnectionStatus', (status) =>
      this.set({ simulator: status, ...(status === 'disconnect' ? { readyToRecord: null, simulatorReadiness: null } : {}) }),
    );
    socket.on('ReadyToRecord', (payload) => this.set({ readyToRecord: payload }));
    socket.on('SimulatorReadiness', (payload) => this.set({ simulatorReadiness: payload.state }));
    socket.on('HubError', (error) => this.set({ lastError: error }));
    // Every relayed server message (the hub also sends ConnectionStatus, ReadyToRecord, HubError).
    for (const name of FLIGHT_SERVER_MESSAGE_NAMES) {
      (socket.on as (event: string, listener: (payload: unknown) => void) => void)(name, (payload) => {
        for (const listener of this.messageListeners) (listener as (n: string, p: unknown) => void)(name, payload);
      });
    }
    return socket;
  }

  private set(patch: Partial<TrackerHubSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
