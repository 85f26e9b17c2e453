import dgram from 'node:dgram';
import { ConnectorBase, DEFAULT_LIVENESS, type TLivenessOptions } from '../connector-base';
import {
  buildXPlaneSubscriptions,
  mapXPlaneStateToFrame,
  xplaneSignals,
  XPlaneState,
  type TXPlaneSubscription,
} from './xplane-datarefs';
import { decodeRrefAnswer, encodeRrefRequest, XPLANE_DEFAULT_PORT } from './xplane-rref';

/** Times the never-answered subscriptions are sent again once data flows. */
const MAX_MISSING_ROUNDS = 3;

export type TXPlaneConnectorOptions = {
  /** X-Plane's address; 127.0.0.1 when it runs on this machine. */
  host: string;
  /** X-Plane's receive port (Settings > Network, default 49000). */
  port: number;
  /** Local port to receive answers on; 0 = any free port (X-Plane answers to the request's source). */
  localPort: number;
  /** RREF frequency for flight data, per second. */
  frequencyHz: number;
  /** At most one frame per this many ms (X-Plane may split a tick over several datagrams). */
  minFrameIntervalMs: number;
  liveness: TLivenessOptions;
  /** Wall clock for frame.timeMs (epoch ms). */
  nowMs: () => number;
};

export const DEFAULT_XPLANE_OPTIONS: TXPlaneConnectorOptions = {
  host: '127.0.0.1',
  port: XPLANE_DEFAULT_PORT,
  localPort: 0,
  frequencyHz: 2,
  minFrameIntervalMs: 250,
  liveness: DEFAULT_LIVENESS,
  nowMs: Date.now,
};

/**
 * Reads X-Plane 10.40+/11/12 over UDP with RREF subscriptions: no plugin to install. On connect it
 * subscribes to every dataref of the table (one 413-byte request each), and re-subscribes while
 * reconnecting (X-Plane forgets subscriptions when it restarts). disconnect() unsubscribes
 * (frequency 0) so X-Plane stops sending.
 */
export class XPlaneConnector extends ConnectorBase {
  readonly kind = 'xplane' as const;

  private readonly options: TXPlaneConnectorOptions;
  private readonly subscriptions: readonly TXPlaneSubscription[];
  private readonly state: XPlaneState;
  private socket: dgram.Socket | undefined;
  private lastFrameAtMs = Number.NEGATIVE_INFINITY;
  /** Indexes X-Plane has answered at least once. */
  private readonly answered = new Set<number>();
  private resubscribeTimer: NodeJS.Timeout | undefined;
  private missingRounds = 0;

  constructor(options: Partial<TXPlaneConnectorOptions> = {}) {
    const resolved = { ...DEFAULT_XPLANE_OPTIONS, ...options };
    super(resolved.liveness, resolved.nowMs);
    this.options = resolved;
    this.subscriptions = buildXPlaneSubscriptions(resolved.frequencyHz);
    this.state = new XPlaneState(this.subscriptions);
  }

  protected async openTransport(): Promise<void> {
    const socket = dgram.createSocket('udp4');
    this.socket = socket;
    socket.on('message', (message) => this.handleDatagram(message));
    // A send error (ICMP port unreachable while X-Plane is not running) must not crash the tracker;
    // the liveness watch reports the silence.
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.options.localPort, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    await this.sendSubscriptions(false);
    this.resubscribeTimer = setInterval(() => this.resubscribe(), this.options.liveness.retryIntervalMs);
    this.resubscribeTimer.unref();
  }

  /**
   * UDP loses datagrams, and X-Plane ignores requests while it loads: until data flows, the whole
   * table is sent again every retry interval; once it flows, the subscriptions never answered are
   * sent again a few times (a dataref this X-Plane does not know, such as acf_ui_name before
   * X-Plane 12, never answers: hence the limit).
   */
  private resubscribe(): void {
    if (this.status === 'connecting') {
      void this.sendSubscriptions(false).catch(() => {});
    } else if (this.status === 'connected' && this.missingRounds < MAX_MISSING_ROUNDS) {
      this.missingRounds += 1;
      const missing = this.subscriptions.filter((subscription) => !this.answered.has(subscription.index));
      void this.sendSubscriptions(false, this.socket, missing).catch(() => {});
    }
  }

  protected async closeTransport(): Promise<void> {
    const socket = this.socket;
    if (socket === undefined) return;
    this.socket = undefined;
    clearInterval(this.resubscribeTimer);
    try {
      await this.sendSubscriptions(true, socket);
    } catch {
      // X-Plane gone: nothing to unsubscribe from.
    }
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  protected override onRetry(): void {
    void this.sendSubscriptions(false).catch(() => {});
  }

  private async sendSubscriptions(
    isUnsubscribe: boolean,
    socket = this.socket,
    subscriptions: readonly TXPlaneSubscription[] = this.subscriptions,
  ): Promise<void> {
    if (socket === undefined) return;
    for (const subscription of subscriptions) {
      const request = encodeRrefRequest({
        frequencyHz: isUnsubscribe ? 0 : subscription.frequencyHz,
        index: subscription.index,
        datarefPath: subscription.datarefPath,
      });
      await new Promise<void>((resolve, reject) => {
        socket.send(request, this.options.port, this.options.host, (error) => (error ? reject(error) : resolve()));
      });
    }
  }

  private handleDatagram(message: Buffer): void {
    const values = decodeRrefAnswer(message);
    if (values === undefined) {
      this.stats.messagesRejected += 1;
      return;
    }
    this.stats.messagesReceived += 1;
    for (const { index, value } of values) {
      if (this.state.apply(index, value)) this.answered.add(index);
    }
    this.setAircraft(this.state.aircraft());
    this.noteAlive();
    const now = this.monotonicMs();
    if (now - this.lastFrameAtMs < this.options.minFrameIntervalMs) return;
    // timeMs 0: the base stamps the frame (FrameClock, X-Plane's clock and options.nowMs).
    const frame = mapXPlaneStateToFrame(this.state, 0);
    if (frame !== undefined && this.publishFrame(frame, xplaneSignals(this.state))) this.lastFrameAtMs = now;
  }
}
