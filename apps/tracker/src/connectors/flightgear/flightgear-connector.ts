import dgram from 'node:dgram';
import { ConnectorBase, DEFAULT_LIVENESS, type TLivenessOptions } from '../connector-base';
import { FLIGHTGEAR_DEFAULT_PORT, flightGearSignals, mapFlightGearSampleToFrame, parseFlightGearLine } from './flightgear-protocol';

export type TFlightGearConnectorOptions = {
  /** Address to listen on: the host given in FlightGear's --generic option. */
  host: string;
  /** Port to listen on: the port given in FlightGear's --generic option. */
  port: number;
  /** FlightGear has no ICAO type property: the flight's configured type, or ''. */
  aircraftIcao: string;
  liveness: TLivenessOptions;
  /** Wall clock for frame.timeMs (epoch ms); FlightGear's own clock spaces the frames (FrameClock). */
  nowMs: () => number;
};

export const DEFAULT_FLIGHTGEAR_OPTIONS: TFlightGearConnectorOptions = {
  host: '127.0.0.1',
  port: FLIGHTGEAR_DEFAULT_PORT,
  aircraftIcao: '',
  liveness: DEFAULT_LIVENESS,
  nowMs: Date.now,
};

/**
 * Reads FlightGear through its generic protocol over UDP (protocol/contrail.xml): the tracker
 * listens, FlightGear sends. Nothing to ask for, so nothing to re-send while reconnecting: the
 * liveness watch only reports the silence. A line with the wrong field count or a bad value is
 * skipped and counted in stats.messagesRejected (`lastRejection` says why).
 *
 * Ready (frames published) once FlightGear says its flight model and scenery are up and the
 * frames have settled: while it loads it sends -9999 ft, no fuel and made-up speeds.
 */
export class FlightGearConnector extends ConnectorBase {
  readonly kind = 'flightgear' as const;

  /** Why the last line was rejected (diagnostics). */
  lastRejection: string | undefined;

  private readonly options: TFlightGearConnectorOptions;
  private socket: dgram.Socket | undefined;

  constructor(options: Partial<TFlightGearConnectorOptions> = {}) {
    const resolved = { ...DEFAULT_FLIGHTGEAR_OPTIONS, ...options };
    super(resolved.liveness, resolved.nowMs);
    this.options = resolved;
  }

  /** The UDP port actually listened on (useful when `port` was 0). */
  get listeningPort(): number | undefined {
    try {
      return this.socket?.address().port;
    } catch {
      return undefined; // not bound yet
    }
  }

  protected async openTransport(): Promise<void> {
    const socket = dgram.createSocket('udp4');
    this.socket = socket;
    socket.on('message', (message) => this.handleDatagram(message));
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.options.port, this.options.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
  }

  protected async closeTransport(): Promise<void> {
    const socket = this.socket;
    if (socket === undefined) return;
    this.socket = undefined;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private handleDatagram(message: Buffer): void {
    // One line per datagram normally; tolerate several, and a missing final newline.
    const lines = message.toString('utf8').split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) {
      this.reject('empty datagram');
      return;
    }
    for (const line of lines) {
      const parsed = parseFlightGearLine(line);
      if (!parsed.ok) {
        this.reject(parsed.reason);
        continue;
      }
      this.stats.messagesReceived += 1;
      // timeMs 0: the base stamps the frame (FrameClock, FlightGear's clock and options.nowMs).
      const frame = mapFlightGearSampleToFrame(parsed.sample, 0, this.options.aircraftIcao);
      this.setAircraft({ aircraftTitle: frame.aircraftTitle, aircraftIcao: frame.aircraftIcao });
      this.noteAlive();
      this.publishFrame(frame, flightGearSignals(parsed.sample));
    }
  }

  private reject(reason: string): void {
    this.stats.messagesRejected += 1;
    this.lastRejection = reason;
  }
}
