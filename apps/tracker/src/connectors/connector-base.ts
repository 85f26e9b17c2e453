import { EventEmitter } from 'node:events';
import { DEFAULT_FRAME_SETTLE, FrameSettleGuard, type TFrameSettleOptions } from '@contrail/domain/telemetry/frame-sanity';
import { ZTelemetryFrame, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { FrameClock, SimulationRateWatch } from './frame-clock';
import type {
  SimulatorConnector,
  TAircraftIdentity,
  TConnectorEventName,
  TConnectorEvents,
  TConnectorListener,
  TConnectorStats,
  TConnectorStatus,
  TDisconnectReason,
  TSimulatorKind,
  TSimulatorReadiness,
} from './simulator-connector';

/** What a connector knows about a sample beyond the frame itself. */
export type TFrameSignals = {
  /** The simulator's own clock at the sample, in seconds (stamps the frame; see FrameClock). */
  simTimeSec?: number;
  /**
   * Set when the simulator itself says it is loading (FlightGear's fdm-initialized and
   * sceneryloaded flags, X-Plane's async scenery load, MSFS in its menus): why.
   */
  loading?: string;
};

/** Timing of a connector's liveness watch. All in milliseconds. */
export type TLivenessOptions = {
  /** connect() fails when no data arrived within this delay. */
  connectTimeoutMs: number;
  /** Once connected, no data for this long switches to `reconnecting`. */
  staleAfterMs: number;
  /** While reconnecting, a retry (onRetry) every this often. */
  retryIntervalMs: number;
  /** While reconnecting, give up (disconnect 'timeout') after this long without data. */
  giveUpAfterMs: number;
};

export const DEFAULT_LIVENESS: TLivenessOptions = {
  connectTimeoutMs: 10_000,
  staleAfterMs: 5_000,
  retryIntervalMs: 2_000,
  giveUpAfterMs: 120_000,
};

/** A frames() iterator keeps at most this many unread frames; the oldest are dropped beyond. */
const MAX_BUFFERED_FRAMES = 1_000;

export class ConnectionFailedError extends Error {
  override readonly name = 'ConnectionFailedError';
}

type TFrameQueue = {
  buffered: TTelemetryFrame[];
  waiting: ((result: IteratorResult<TTelemetryFrame>) => void) | undefined;
  isDone: boolean;
};

/**
 * What every connector shares: typed events, the frames() iterators, frame validation and the
 * liveness watch (connect timeout, stale data -> reconnecting -> give up). A subclass opens and
 * closes its transport, calls `noteAlive()` on every good message and `publishFrame()` per frame.
 */
export abstract class ConnectorBase implements SimulatorConnector {
  abstract readonly kind: TSimulatorKind;

  readonly stats: TConnectorStats = { messagesReceived: 0, messagesRejected: 0, framesEmitted: 0, framesRejected: 0, framesWithheld: 0 };

  private currentStatus: TConnectorStatus = 'idle';
  private currentAircraft: TAircraftIdentity = { aircraftTitle: '', aircraftIcao: '' };
  private readonly emitter = new EventEmitter();
  private readonly queues = new Set<TFrameQueue>();
  private lastDataAtMs = 0;
  private reconnectStartedAtMs = 0;
  private retryAttempt = 0;
  private watchTimer: NodeJS.Timeout | undefined;
  private firstData: { resolve: () => void } | undefined;
  private currentReadiness: TSimulatorReadiness = { state: 'loading', detail: 'no data yet' };
  private readonly settleGuard: FrameSettleGuard;
  private readonly frameClock: FrameClock;
  private readonly rateWatch = new SimulationRateWatch((rate, previousRate) => this.emit('simulation_rate', rate, previousRate));
  /**
   * False for a connector whose frames already carry their own, collision-free times (the
   * built-in simulator's flight clock): the base then keeps `timeMs` as given.
   */
  protected readonly stampsFrames: boolean = true;

  /**
   * `wallClockMs`: the clock that stamps frames (epoch ms; tests replay recorded times).
   * `settle`: how many consistent frames make a simulator ready (frame-sanity).
   */
  protected constructor(
    protected readonly liveness: TLivenessOptions,
    private readonly wallClockMs: () => number = Date.now,
    settle: TFrameSettleOptions = DEFAULT_FRAME_SETTLE,
  ) {
    this.frameClock = new FrameClock(wallClockMs);
    this.settleGuard = new FrameSettleGuard(settle);
  }

  /** The liveness watch runs on a monotonic clock (a wall-clock jump must not look like silence). */
  protected monotonicMs(): number {
    return performance.now();
  }

  get status(): TConnectorStatus {
    return this.currentStatus;
  }

  get aircraft(): TAircraftIdentity {
    return this.currentAircraft;
  }

  get readiness(): TSimulatorReadiness {
    return this.currentReadiness;
  }

  /** Opens the socket / connection and starts asking the simulator for data. */
  protected abstract openTransport(): Promise<void>;
  /** Stops asking for data and closes the socket. Must not throw. */
  protected abstract closeTransport(): Promise<void>;
  /** Called every retryIntervalMs while reconnecting (e.g. X-Plane re-subscribes). */
  protected onRetry(_attempt: number): void {}

  async connect(): Promise<void> {
    if (this.currentStatus !== 'idle') {
      throw new Error(`connect() called while the ${this.kind} connector is ${this.currentStatus}`);
    }
    this.currentStatus = 'connecting';
    const firstData = new Promise<void>((resolve) => {
      this.firstData = { resolve };
    });
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timeout = setTimeout(() => resolve('timeout'), this.liveness.connectTimeoutMs);
    });
    try {
      await this.openTransport();
      const outcome = await Promise.race([firstData.then(() => 'data' as const), timedOut]);
      if (outcome === 'timeout') {
        throw new ConnectionFailedError(
          `No data from ${this.kind} within ${this.liveness.connectTimeoutMs} ms: is the simulator running and set up to send?`,
        );
      }
    } catch (cause) {
      this.firstData = undefined;
      await this.closeTransport();
      this.currentStatus = 'idle';
      const error = cause instanceof Error ? cause : new ConnectionFailedError(String(cause));
      this.emit('connection_failed', error);
      throw error;
    } finally {
      clearTimeout(timeout);
    }
  }

  async disconnect(): Promise<void> {
    await this.stop('client');
  }

  /** A real simulator flies as its pilot does: nothing waits for the recording. */
  recordingStarted(): void {}

  on<E extends TConnectorEventName>(event: E, listener: TConnectorListener<E>): () => void {
    const wrapped = listener as (...args: unknown[]) => void;
    this.emitter.on(event, wrapped);
    return () => {
      this.emitter.off(event, wrapped);
    };
  }

  frames(): AsyncIterableIterator<TTelemetryFrame> {
    const queue: TFrameQueue = { buffered: [], waiting: undefined, isDone: this.currentStatus === 'disconnected' };
    this.queues.add(queue);
    const finish = (): IteratorResult<TTelemetryFrame> => {
      queue.isDone = true;
      queue.buffered = [];
      this.queues.delete(queue);
      return { done: true, value: undefined };
    };
    const iterator: AsyncIterableIterator<TTelemetryFrame> = {
      next: () => {
        const frame = queue.buffered.shift();
        if (frame !== undefined) return Promise.resolve({ done: false, value: frame });
        if (queue.isDone) return Promise.resolve(finish());
        return new Promise((resolve) => {
          queue.waiting = resolve;
        });
      },
      return: () => Promise.resolve(finish()),
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  /** A subclass calls this for every message it could decode. */
  protected noteAlive(): void {
    this.lastDataAtMs = this.monotonicMs();
    if (this.currentStatus === 'connecting' && this.firstData !== undefined) {
      this.currentStatus = 'connected';
      this.firstData.resolve();
      this.firstData = undefined;
      this.startWatch();
      this.emit('connected', this.currentAircraft);
    } else if (this.currentStatus === 'reconnecting') {
      this.currentStatus = 'connected';
      this.retryAttempt = 0;
      this.emit('connected', this.currentAircraft);
    }
  }

  /**
   * Validates a frame, stamps it (FrameClock) and hands it to listeners and iterators, once the
   * simulator is ready: until the frames have settled (frame-sanity: a real altitude and
   * position, fuel, several consistent frames in a row) and while the simulator says it loads,
   * frames are withheld (counted in stats.framesWithheld) and readiness says `loading`. An
   * invalid frame is counted, not sent.
   */
  protected publishFrame(candidate: TTelemetryFrame, signals: TFrameSignals = {}): boolean {
    if (this.currentStatus !== 'connected') return false;
    const parsed = ZTelemetryFrame.safeParse(candidate);
    if (!parsed.success) {
      this.stats.framesRejected += 1;
      return false;
    }
    const frame = this.stampsFrames
      ? { ...parsed.data, timeMs: this.frameClock.stamp(signals.simTimeSec, parsed.data.simulationRate) }
      : parsed.data;
    let loadingDetail = signals.loading;
    if (loadingDetail !== undefined) this.settleGuard.reset();
    else {
      const verdict = this.settleGuard.next(frame);
      if (!verdict.isSettled) loadingDetail = verdict.problem ?? 'settling';
    }
    if (loadingDetail !== undefined) {
      this.setReadiness({ state: 'loading', detail: loadingDetail });
      this.stats.framesWithheld += 1;
      return false;
    }
    this.setReadiness(frame.isPaused ? { state: 'paused', detail: 'paused' } : { state: 'ready', detail: '' });
    this.rateWatch.next(frame.simulationRate, frame.timeMs);
    this.stats.framesEmitted += 1;
    for (const queue of this.queues) {
      if (queue.waiting !== undefined) {
        const resolve = queue.waiting;
        queue.waiting = undefined;
        resolve({ done: false, value: frame });
      } else {
        queue.buffered.push(frame);
        if (queue.buffered.length > MAX_BUFFERED_FRAMES) queue.buffered.shift();
      }
    }
    this.emit('frame', frame);
    return true;
  }

  private setReadiness(readiness: TSimulatorReadiness): void {
    const previous = this.currentReadiness;
    this.currentReadiness = readiness;
    if (previous.state !== readiness.state) this.emit('readiness', readiness);
  }

  /** Records the loaded aircraft; emits `aircraft` when it changed. */
  protected setAircraft(aircraft: TAircraftIdentity): void {
    if (
      aircraft.aircraftTitle === this.currentAircraft.aircraftTitle &&
      aircraft.aircraftIcao === this.currentAircraft.aircraftIcao
    ) {
      return;
    }
    this.currentAircraft = { ...aircraft };
    this.emit('aircraft', this.currentAircraft);
  }

  /** Stops for good: closes the transport, ends iterators, emits `disconnect` once. */
  protected async stop(reason: TDisconnectReason): Promise<void> {
    if (this.currentStatus === 'disconnected') return;
    const wasIdle = this.currentStatus === 'idle';
    this.currentStatus = 'disconnected';
    clearInterval(this.watchTimer);
    this.watchTimer = undefined;
    if (!wasIdle) await this.closeTransport();
    for (const queue of this.queues) {
      queue.isDone = true;
      if (queue.waiting !== undefined && queue.buffered.length === 0) {
        const resolve = queue.waiting;
        queue.waiting = undefined;
        this.queues.delete(queue);
        resolve({ done: true, value: undefined });
      }
    }
    this.emit('disconnect', reason);
  }

  private startWatch(): void {
    const tickMs = Math.max(10, Math.min(this.liveness.staleAfterMs, this.liveness.retryIntervalMs) / 4);
    let lastRetryAtMs = 0;
    this.watchTimer = setInterval(() => {
      const now = this.monotonicMs();
      const silentMs = now - this.lastDataAtMs;
      if (this.currentStatus === 'connected' && silentMs >= this.liveness.staleAfterMs) {
        this.currentStatus = 'reconnecting';
        this.reconnectStartedAtMs = now;
        lastRetryAtMs = now;
        this.retryAttempt = 1;
        this.emit('reconnecting', this.retryAttempt);
        this.onRetry(this.retryAttempt);
        return;
      }
      if (this.currentStatus !== 'reconnecting') return;
      if (now - this.reconnectStartedAtMs >= this.liveness.giveUpAfterMs) {
        void this.stop('timeout');
        return;
      }
      if (now - lastRetryAtMs >= this.liveness.retryIntervalMs) {
        lastRetryAtMs = now;
        this.retryAttempt += 1;
        this.emit('reconnecting', this.retryAttempt);
        this.onRetry(this.retryAttempt);
      }
    }, tickMs);
    this.watchTimer.unref();
  }

  private emit<E extends TConnectorEventName>(event: E, ...args: TConnectorEvents[E]): void {
    this.emitter.emit(event, ...args);
  }
}
