import { AppError } from '../errors/app-error';
import { ErrorCode } from '../errors/error-codes';
import type { TTelemetryFrame } from '../telemetry/telemetry-frame';
import { advanceCabin, pncDataOf, type CabinCommandResult, type PncData } from './cabin-simulation';
import { CABIN_PUSH_INTERVAL_MS } from './flight-constants';
import {
  ZEngineCommand,
  type EngineUpdate,
  type FlightEngineSnapshot,
  type FlightEngineState,
  type FlightOutcome,
  type FlightStatistics,
  type TEngineCommand,
  type TrackPoint,
} from './flight-engine-types';
import { ZFlightAirport, ZFlightPlanInput, type TFlightAirport, type TFlightPlanInputRaw } from './flight-plan-input';
import type { FlightStep } from './flight-step';
import { applyCommand } from './engine/commands';
import { cabinClockMs, cabinEmitter, createEngineContext, IDLE_CALL_OUTPUT, isSeatBeltOn, newCallOutput, type EngineContext } from './engine/engine-context';
import { copyIntoDigest, digestOf } from './engine/frame-digest';
import { accountFuel, loadFuel } from './engine/fuel';
import { initialState } from './engine/initial-state';
import { integrateInterval } from './engine/integrity';
import { runMonitors } from './engine/monitors';
import { outcomeOf } from './engine/outcome';
import { isReadyToEndFlight, livePositionOf, statisticsOf, updateProgress } from './engine/statistics';
import { noteEngineAtDeparture, smoothVerticalSpeed, updateStep } from './engine/step-machine';
import { recordTrack } from './engine/track';

/**
 * The flight engine: fed telemetry frames in order, it yields the flight step, flight events,
 * statistics, landing analysis and (PNC flights) the cabin simulation, incrementally: a frame
 * costs O(1) work. Frames whose `timeMs` is not after the last accepted one are ignored, so
 * duplicated or reordered frames never change the outcome. The engine reads no clock: every time
 * comes from the frames (commands use the last frame's time).
 *
 * Frames must be valid by `ZTelemetryFrame` (the server parses them at its boundary); the engine
 * only rejects non-finite times and positions.
 */
export type FlightEngine = {
  /** Feeds one frame; returns what changed (see `EngineUpdate`). */
  ingest(frame: TTelemetryFrame): EngineUpdate;
  /**
   * Applies a pilot control (the hub messages of the same names). Throws `AppError` (VALIDATION_ERROR, 400) for a
   * malformed command; a refused command returns `commandResult.accepted === false` with its
   * reason (and the incident the cabin rules give it) and changes nothing else.
   */
  cabinCommand(command: TEngineCommand): EngineUpdate;
  /** Changes the arrival airport in flight (same as the `DivertFlight` command). */
  divert(arrival: TFlightAirport): EngineUpdate;
  /** The whole state as plain JSON (persist it; `restoreFlightEngine` continues identically). */
  snapshot(): FlightEngineSnapshot;
  /** True once the flight may be completed: stopped at the arrival airport after a flight, or crashed. */
  isReadyToEndFlight(): boolean;
  currentStep(): FlightStep;
  statistics(): FlightStatistics;
  pncData(): PncData | null;
  /** Ends the flight (later frames are ignored) and returns its outcome. Idempotent. */
  complete(): FlightOutcome;
};

/** Creates an engine for a flight plan. Throws `AppError` (VALIDATION_ERROR) for an invalid plan. */
export const createFlightEngine = (plan: TFlightPlanInputRaw): FlightEngine => engineFor(initialState(plan));

/**
 * Rebuilds an engine from `snapshot()` output (e.g. after a server restart): it continues exactly
 * as the original would have. Throws `AppError` (VALIDATION_ERROR) for a snapshot it cannot read.
 */
export const restoreFlightEngine = (snapshot: FlightEngineSnapshot): FlightEngine => {
  if (snapshot === null || typeof snapshot !== 'object' || snapshot.version !== 1 || !ZFlightPlanInput.safeParse(snapshot.plan).success) {
    throw new AppError(ErrorCode.validation, 'Unreadable flight engine snapshot');
  }
  return engineFor(JSON.parse(JSON.stringify(snapshot)) as FlightEngineState);
};

const ignored = (s: FlightEngineState, reason: EngineUpdate['ignoredReason'], ready: boolean): EngineUpdate => ({
  accepted: false,
  ignoredReason: reason,
  step: s.step,
  stepChanges: [],
  events: [],
  incidents: [],
  statistics: null,
  position: null,
  trackPoint: null,
  pncData: null,
  isReadyToEndFlight: ready,
  commandResult: null,
});

/** What a call pushes: its output, the current figures, and the cabin when it changed or is due. */
const finishCall = (ctx: EngineContext, accepted: boolean, trackPoint: TrackPoint | null, commandResult: CabinCommandResult | null): EngineUpdate => {
  const s = ctx.s;
  let pnc: PncData | null = null;
  const now = s.last?.timeMs ?? 0;
  if (s.cabin && (ctx.out.cabinChanged || now - s.lastPncPushMs >= CABIN_PUSH_INTERVAL_MS)) {
    s.lastPncPushMs = now;
    pnc = pncDataOf(s.cabin);
  }
  const out = ctx.out;
  ctx.out = IDLE_CALL_OUTPUT;
  return {
    accepted,
    ignoredReason: null,
    step: s.step,
    stepChanges: out.stepChanges,
    events: out.events,
    incidents: out.incidents,
    statistics: statisticsOf(ctx),
    position: livePositionOf(ctx),
    trackPoint,
    pncData: pnc,
    isReadyToEndFlight: isReadyToEndFlight(ctx),
    commandResult,
  };
};

const isReadable = (frame: TTelemetryFrame): boolean =>
  Number.isFinite(frame.timeMs) && Number.isFinite(frame.position.latitudeDeg) && Number.isFinite(frame.position.longitudeDeg) && Number.isFinite(frame.fuelKg);

/**
 * One frame through the parts, in order: the interval (integrity, fuel), the vertical profile, the
 * step machine, the monitors, the cabin, the last-frame digest, the progress and the track.
 */
const ingestFrame = (ctx: EngineContext, frame: TTelemetryFrame): EngineUpdate => {
  const s = ctx.s;
  if (s.completed) return ignored(s, 'completed', isReadyToEndFlight(ctx));
  if (!isReadable(frame)) return ignored(s, 'invalid', isReadyToEndFlight(ctx));
  const prev = s.last;
  if (prev !== null && frame.timeMs <= prev.timeMs) return ignored(s, 'stale', isReadyToEndFlight(ctx));
  ctx.out = newCallOutput();
  const t = frame.timeMs;
  s.frameCount += 1;
  if (s.firstTimeMs === null) {
    s.firstTimeMs = t;
    loadFuel(s, frame.fuelKg);
  }
  if (prev !== null) {
    integrateInterval(ctx, frame, prev);
    accountFuel(ctx, frame, prev);
  }
  smoothVerticalSpeed(s, frame, prev);
  const stepsBefore = ctx.out.stepChanges.length;
  updateStep(ctx, frame, prev);
  if (s.engineRunningAtDeparture === false && s.takeoffCount === 0) noteEngineAtDeparture(ctx, frame);
  runMonitors(ctx, frame, prev);
  if (s.cabin) {
    advanceCabin(
      s.cabin,
      { timeMs: cabinClockMs(s), step: s.step, isAirborne: !frame.isOnGround, gForce: frame.gForce, isSeatBeltOn: isSeatBeltOn(ctx, frame), isPaused: frame.isPaused },
      cabinEmitter(ctx, t),
    );
  }
  if (s.last === null) s.last = digestOf(frame);
  else copyIntoDigest(s.last, frame); // prev is no longer read: reuse its object
  updateProgress(ctx, frame);
  const trackPoint = recordTrack(s, frame, ctx.out.stepChanges.length > stepsBefore);
  return finishCall(ctx, true, trackPoint, null);
};

const command = (ctx: EngineContext, input: TEngineCommand): EngineUpdate => {
  const parsed = ZEngineCommand.safeParse(input);
  if (!parsed.success) {
    throw new AppError(ErrorCode.validation, `Invalid flight command: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  if (ctx.s.completed) return { ...ignored(ctx.s, 'completed', isReadyToEndFlight(ctx)), commandResult: { accepted: false, rejection: 'FLIGHT_COMPLETED' } };
  ctx.out = newCallOutput();
  const result = applyCommand(ctx, parsed.data);
  return finishCall(ctx, result.accepted, null, result);
};

const engineFor = (s: FlightEngineState): FlightEngine => {
  const ctx = createEngineContext(s);
  return {
    ingest: (frame) => ingestFrame(ctx, frame),
    cabinCommand: (input) => command(ctx, input),
    divert: (arrival: TFlightAirport) => {
      const parsed = ZFlightAirport.safeParse(arrival);
      if (!parsed.success) throw new AppError(ErrorCode.validation, 'Invalid diversion airport');
      return command(ctx, { type: 'DivertFlight', arrival: parsed.data });
    },
    snapshot: () => JSON.parse(JSON.stringify(s)) as FlightEngineSnapshot,
    isReadyToEndFlight: () => isReadyToEndFlight(ctx),
    currentStep: (): FlightStep => s.step,
    statistics: (): FlightStatistics => statisticsOf(ctx),
    pncData: () => (s.cabin ? pncDataOf(s.cabin) : null),
    complete: (): FlightOutcome => {
      s.completed = true;
      return outcomeOf(ctx);
    },
  };
};
