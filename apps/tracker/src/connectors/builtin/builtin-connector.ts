import {
  createSimulatedFlight,
  type TSimulatedFlight,
  type TSimulatedFlightOptions,
} from '@contrail/sim/simulated-flight';
import type { TSimAirport, TSimulatedFlightPlan } from '@contrail/sim/simulated-flight-plan';
import type { TSimFault } from '@contrail/sim/sim-fault';
import { ConnectorBase, DEFAULT_LIVENESS, type TLivenessOptions } from '../connector-base';

export type TBuiltinConnectorOptions = {
  /** Wall milliseconds between frames. Each tick advances the flight by rate x interval. */
  frameIntervalMs: number;
  liveness: TLivenessOptions;
};

/**
 * At most this much simulated time per frame: at a high rate a tick publishes several frames, so
 * the flight engine sees the climb, the touchdown and the cabin at the resolution it would see at
 * 1x (a 128x tick would otherwise be one frame per 128 simulated seconds, 14 frames a short hop).
 */
export const BUILTIN_MAX_SIMULATED_SECONDS_PER_FRAME = 2;

export const DEFAULT_BUILTIN_OPTIONS: TBuiltinConnectorOptions = {
  frameIntervalMs: 1_000,
  liveness: DEFAULT_LIVENESS,
};

/**
 * The built-in simulator (packages/sim) behind the connector contract: the default for newcomers
 * and the driver of the end-to-end tests. Every `frameIntervalMs` of wall time it advances the
 * flight by `simulationRate x frameIntervalMs` simulated time (so a rate-change fault speeds it
 * up) and publishes the frame. A `droppedConnection` fault makes the flight return no frame: the
 * connector then goes `reconnecting` like a real simulator that stopped talking.
 *
 * Frame times are the flight's own (`plan.startTimeMs` + elapsed / rate): start the plan at
 * `Date.now()` for live use.
 */
export class BuiltinSimulatorConnector extends ConnectorBase {
  readonly kind = 'builtin' as const;

  private readonly options: TBuiltinConnectorOptions;
  private timer: NodeJS.Timeout | undefined;
  /**
   * The pilot's own seat-belt switch (a hub control): shown instead of the simulated crew's sign
   * until the crew moves the sign themselves (their checklist wins again from there).
   */
  protected override readonly stampsFrames = false;
  private seatBeltOverride: { isOn: boolean; crewSignWhenSet: boolean } | undefined;
  private lastCrewSeatBeltSign = false;

  constructor(
    /** The flight to play; create it with createSimulatedFlight, or use `fromPlan`. */
    readonly flight: TSimulatedFlight,
    options: Partial<TBuiltinConnectorOptions> = {},
  ) {
    const resolved = { ...DEFAULT_BUILTIN_OPTIONS, ...options };
    // The flight's frames carry its own clock, and a simulated state needs no settling: ready at
    // the first sane frame (a `loading` fault makes the first ones look like a loading simulator).
    super(resolved.liveness, Date.now, { frames: 1, durationMs: 0 });
    this.options = resolved;
  }

  /** Creates the simulated flight of `plan` and its connector. Throws (ZodError) on an invalid plan. */
  static fromPlan(
    plan: TSimulatedFlightPlan,
    simulatorOptions: TSimulatedFlightOptions = {},
    options: Partial<TBuiltinConnectorOptions> = {},
  ): BuiltinSimulatorConnector {
    return new BuiltinSimulatorConnector(createSimulatedFlight(plan, simulatorOptions), options);
  }

  /** Injects a fault into the live flight (the harness and the CLI use it). */
  inject(fault: TSimFault): void {
    this.flight.inject(fault);
  }

  /** The seat-belt sign as the frames show it now. */
  get isSeatBeltSignOn(): boolean {
    return this.seatBeltOverride?.isOn ?? this.lastCrewSeatBeltSign;
  }

  /** The pilot flips the seat-belt switch (SwitchSeatBeltSign); returns the new state. */
  switchSeatBeltSign(): boolean {
    const isOn = !this.isSeatBeltSignOn;
    this.seatBeltOverride = { isOn, crewSignWhenSet: this.lastCrewSeatBeltSign };
    return isOn;
  }

  /** The pilot diverts (DivertFlight): the simulated aircraft flies to `airport` from now on. */
  divertTo(airport: TSimAirport): void {
    this.flight.inject({ kind: 'diversion', airport });
  }

  /** The flight is recorded: the simulated crew may close the doors (see `boardsUntilReleased`). */
  override recordingStarted(): void {
    this.flight.releaseForDeparture();
  }

  /** The pilot asks for a new cruise level (UpdateCruiseLevel); null once it is too late for one. */
  changeCruiseLevel(levelFt: number): number | null {
    return this.flight.changeCruiseLevel(levelFt);
  }

  protected async openTransport(): Promise<void> {
    // The simulator is in-process: the current state is available at once.
    this.publish(this.flight.snapshot());
    this.timer = setInterval(() => this.tick(), this.options.frameIntervalMs);
  }

  protected async closeTransport(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    let remainingSeconds = (this.flight.simulationRate * this.options.frameIntervalMs) / 1_000;
    if (this.flight.isFinished) {
      // Parked at the gate, engines off: one frame a tick, as a real simulator left running there
      // keeps sending. The pilot may take minutes to complete the flight, and silence would read
      // as a lost simulator (stale, then given up).
      const frame = this.flight.step(remainingSeconds);
      if (frame !== null) this.publish(frame);
      return;
    }
    while (remainingSeconds > 1e-9 && !this.flight.isFinished) {
      const simulatedSeconds = Math.min(remainingSeconds, BUILTIN_MAX_SIMULATED_SECONDS_PER_FRAME);
      remainingSeconds -= simulatedSeconds;
      const frame = this.flight.step(simulatedSeconds);
      if (frame !== null) this.publish(frame);
    }
  }

  private publish(simulated: ReturnType<TSimulatedFlight['snapshot']>): void {
    this.stats.messagesReceived += 1;
    this.lastCrewSeatBeltSign = simulated.isSeatBeltSignOn;
    const override = this.seatBeltOverride;
    if (override !== undefined && simulated.isSeatBeltSignOn !== override.crewSignWhenSet) this.seatBeltOverride = undefined;
    const frame =
      this.seatBeltOverride === undefined ? simulated : { ...simulated, isSeatBeltSignOn: this.seatBeltOverride.isOn };
    this.setAircraft({ aircraftTitle: frame.aircraftTitle, aircraftIcao: frame.aircraftIcao });
    this.noteAlive();
    this.publishFrame(frame);
  }
}
