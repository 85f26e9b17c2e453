import { z } from 'zod';
import { MAX_SIMULATION_RATE, type TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import { createSimContext, currentRate } from './sim-context';
import { applyFault, changeCruiseLevel, scheduleFaults } from './sim-fault-schedule';
import { ZSimFault, type TSimFault } from './sim-fault';
import { frameOf } from './sim-frame';
import type { TSimPhase } from './sim-phase';
import { advanceBy } from './sim-phases';
import { type TParsedSimulatedFlightPlan, type TSimulatedFlightPlan, ZSimulatedFlightPlan } from './simulated-flight-plan';

export type { TSimEvent } from './sim-context';
import type { TSimEvent } from './sim-context';

export const ZSimulatedFlightOptions = z.object({
  /** Simulated seconds per wall second, as shown in the frames (1 = real time). Default 1. */
  simulationRate: z.number().positive().max(MAX_SIMULATION_RATE).optional(),
  /** Simulated seconds that `next()` advances. Default 1. */
  frameIntervalSeconds: z.number().positive().max(3_600).optional(),
  faults: z.array(ZSimFault).optional(),
  /** Time at the gate with the seat-belt sign on before engine start, simulated seconds. Default 600. */
  boardingSeconds: z.number().nonnegative().max(86_400).optional(),
  /**
   * Boards until `releaseForDeparture()`, then for `boardingSeconds` from there. The tracker's hub
   * starts the simulator when the pilot connects and releases it once the flight is recorded, so
   * the recorded flight starts with its whole boarding, however long the registration took.
   */
  boardsUntilReleased: z.boolean().optional(),
  /** Time at the gate after engine shutdown before the flight is finished. Default 300. */
  deboardingSeconds: z.number().nonnegative().max(86_400).optional(),
  /** Squawk shown in every frame. Default "2000". */
  transponder: z.string().regex(/^[0-7]{4}$/).optional(),
});
export type TSimulatedFlightOptions = z.input<typeof ZSimulatedFlightOptions>;

export type TSimulatedFlight = {
  readonly phase: TSimPhase;
  readonly isFinished: boolean;
  /** Current simulation rate (the option, or a `simRateChange` fault's). */
  readonly simulationRate: number;
  /** Simulated seconds since the start. */
  readonly elapsedSeconds: number;
  /** Wall-clock time of the current state, epoch ms (start + elapsed / rate). */
  readonly timeMs: number;
  /** ICAO ident of the airport the aircraft is flying to (the diversion airport once diverted). */
  readonly destinationIdent: string;
  /** True with the `noSafetyDemo` fault: the harness must not make the safety announcement. */
  readonly isSafetyDemoSkipped: boolean;
  readonly events: readonly TSimEvent[];
  /** Advances `dtSimSeconds` simulated seconds; the frame at the end, or null while the connection is dropped. */
  step(dtSimSeconds: number): TTelemetryFrame | null;
  /** `step(frameIntervalSeconds)`. */
  next(): TTelemetryFrame | null;
  /** The current frame, whatever the connection, without advancing. */
  snapshot(): TTelemetryFrame;
  /** Applies a fault now (or arms it for its natural moment: landing faults wait for the landing). */
  inject(fault: TSimFault): void;
  /**
   * The pilot asks for a new cruise level (UpdateCruiseLevel). Before the approach the aircraft climbs
   * or descends to it, within its ceiling and never lower than 1,500 ft above its destination; on
   * the approach or later it is refused. Returns the level it will fly, or null when refused.
   */
  changeCruiseLevel(levelFt: number): number | null;
  /** Ends the wait of `boardsUntilReleased`: boarding lasts its `boardingSeconds` from now. */
  releaseForDeparture(): void;
};

/**
 * Creates a simulated flight of `plan`: a deterministic state machine that a caller advances with
 * `step(dt)` (tests, benchmarks) or in real time (the tracker: at rate 50, one wall second is
 * `step(50)`). See `TSimFault` for the faults.
 *
 * @throws ZodError on an invalid plan, options or fault; Error on a diversion without an airport.
 */
export const createSimulatedFlight = (planInput: TSimulatedFlightPlan, optionsInput: TSimulatedFlightOptions = {}): TSimulatedFlight => {
  const plan: TParsedSimulatedFlightPlan = ZSimulatedFlightPlan.parse(planInput);
  const options = ZSimulatedFlightOptions.parse(optionsInput);
  const settings = {
    baseRate: options.simulationRate ?? 1,
    frameIntervalSeconds: options.frameIntervalSeconds ?? 1,
    boardingSeconds: options.boardingSeconds ?? 600,
    deboardingSeconds: options.deboardingSeconds ?? 300,
    transponder: options.transponder ?? '2000',
    boardsUntilReleased: options.boardsUntilReleased ?? false,
  };
  const ctx = createSimContext(plan, settings);
  const s = ctx.s;
  scheduleFaults(ctx, options.faults ?? []);

  const step = (dtSimSeconds: number): TTelemetryFrame | null => {
    advanceBy(ctx, dtSimSeconds);
    if (s.elapsedS < s.droppedUntilS) return null;
    const frame = frameOf(ctx);
    s.touchdownLatch = null;
    return frame;
  };

  return {
    get phase(): TSimPhase {
      return s.phase;
    },
    get isFinished() {
      return s.phase === 'finished';
    },
    get simulationRate() {
      return currentRate(ctx);
    },
    get elapsedSeconds() {
      return s.elapsedS;
    },
    get timeMs() {
      return Math.round(s.timeMs);
    },
    get destinationIdent() {
      return s.destination.ident;
    },
    get isSafetyDemoSkipped() {
      return s.isSafetyDemoSkipped;
    },
    events: ctx.events,
    step,
    next: () => step(settings.frameIntervalSeconds),
    snapshot: () => frameOf(ctx),
    inject: (faultInput: TSimFault) => {
      const fault = ZSimFault.parse(faultInput);
      applyFault(ctx, fault);
    },
    changeCruiseLevel: (levelFt: number) => changeCruiseLevel(ctx, levelFt),
    releaseForDeparture: () => {
      if (!s.isHeldAtGate) return;
      s.isHeldAtGate = false;
      if (s.phase === 'boarding') s.phaseS = 0;
    },
  };
};
