import {
  open,
  Protocol,
  SimConnectConstants,
  SimConnectDataType,
  SimConnectPeriod,
  type SimConnectConnection,
} from 'node-simconnect';
import { ConnectorBase, DEFAULT_LIVENESS, type TLivenessOptions } from '../connector-base';
import { decodeMsfsDataBlock, mapMsfsDataToFrame, msfsSignals, MSFS_SIMVARS, type TMsfsDataKind } from './msfs-simvars';

export type TMsfsConnectorOptions = {
  /** Name shown in MSFS's SimConnect inspector. */
  appName: string;
  /**
   * A remote SimConnect (MSFS on another PC, SimConnect.xml opened to the network); undefined =
   * node-simconnect's discovery (SimConnect.cfg, then the Windows registry's named pipe / port).
   */
  remote: { host: string; port: number } | undefined;
  liveness: TLivenessOptions;
  /** Wall clock for frame.timeMs (epoch ms). */
  nowMs: () => number;
};

export const DEFAULT_MSFS_OPTIONS: TMsfsConnectorOptions = {
  appName: 'Contrail tracker',
  remote: undefined,
  liveness: DEFAULT_LIVENESS,
  nowMs: Date.now,
};

const DEFINITION_ID = 1;
const REQUEST_ID = 1;
const PAUSE_EVENT_ID = 1;
const SIM_EVENT_ID = 2;
const SIM_STATE_REQUEST_ID = 2;

const DATA_TYPES: Record<TMsfsDataKind, SimConnectDataType> = {
  float64: SimConnectDataType.FLOAT64,
  int32: SimConnectDataType.INT32,
  string256: SimConnectDataType.STRING256,
  string32: SimConnectDataType.STRING32,
};

/**
 * Reads Microsoft Flight Simulator (2020, 2024) through SimConnect with node-simconnect (pure JS,
 * TCP or named pipe; KittyHawk protocol). Deliberately thin: the data definition and the mapping
 * to the frame are in msfs-simvars.ts and tested there against recorded blocks. This class is
 * not exercised by the automated tests (there is no MSFS on Linux CI); it only registers the
 * definition, asks for the user aircraft's block once a second, listens to Pause_EX1 and the Sim
 * state (menus), and maps. Readiness: msfsSignals (Sim state and CAMERA STATE) and frame-sanity.
 */
export class MsfsConnector extends ConnectorBase {
  readonly kind = 'msfs' as const;

  private readonly options: TMsfsConnectorOptions;
  private handle: SimConnectConnection | undefined;
  private isPaused = false;
  /** SimConnect's "Sim" state: false in the menus and loading screens (SimStart / SimStop). */
  private isSimRunning = false;

  constructor(options: Partial<TMsfsConnectorOptions> = {}) {
    const resolved = { ...DEFAULT_MSFS_OPTIONS, ...options };
    super(resolved.liveness, resolved.nowMs);
    this.options = resolved;
  }

  protected async openTransport(): Promise<void> {
    const { handle } = await open(
      this.options.appName,
      Protocol.KittyHawk,
      this.options.remote === undefined ? undefined : { host: this.options.remote.host, port: this.options.remote.port },
    );
    this.handle = handle;
    for (const simVar of MSFS_SIMVARS) {
      handle.addToDataDefinition(DEFINITION_ID, simVar.name, simVar.unit, DATA_TYPES[simVar.kind]);
    }
    handle.subscribeToSystemEvent(PAUSE_EVENT_ID, 'Pause_EX1');
    handle.subscribeToSystemEvent(SIM_EVENT_ID, 'Sim');
    handle.on('event', (event) => {
      // Pause_EX1 flags: 0 running; 1 full pause, 2 active pause, 4 sim pause (menu).
      if (event.clientEventId === PAUSE_EVENT_ID) this.isPaused = event.data !== 0;
      // Sim: 1 once the user is in control of the aircraft, 0 back in the menus.
      if (event.clientEventId === SIM_EVENT_ID) this.isSimRunning = event.data !== 0;
    });
    // The Sim event only fires on a change: ask for the current state once.
    handle.on('systemState', (state) => {
      if (state.requestID === SIM_STATE_REQUEST_ID) this.isSimRunning = state.dataInteger !== 0;
    });
    handle.requestSystemState(SIM_STATE_REQUEST_ID, 'Sim');
    handle.on('simObjectData', (received) => {
      if (received.requestID !== REQUEST_ID) return;
      try {
        const block = decodeMsfsDataBlock(received.data);
        this.stats.messagesReceived += 1;
        // timeMs 0: the base stamps the frame (FrameClock, SIMULATION TIME and options.nowMs).
        const frame = mapMsfsDataToFrame(block, 0, this.isPaused);
        this.setAircraft({ aircraftTitle: frame.aircraftTitle, aircraftIcao: frame.aircraftIcao });
        this.noteAlive();
        this.publishFrame(frame, msfsSignals(block, this.isSimRunning));
      } catch {
        this.stats.messagesRejected += 1;
      }
    });
    // After closeTransport `this.handle` is cleared: our own close does not count as the simulator's.
    handle.on('quit', () => this.handle === handle && void this.stop('simulator_closed'));
    handle.on('close', () => this.handle === handle && void this.stop('simulator_closed'));
    handle.on('error', () => this.handle === handle && void this.stop('error'));
    handle.requestDataOnSimObject(REQUEST_ID, DEFINITION_ID, SimConnectConstants.OBJECT_ID_USER, SimConnectPeriod.SECOND);
  }

  protected async closeTransport(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    handle?.close();
  }
}
