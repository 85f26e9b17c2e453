import { aircraftSystemsFor } from '../../reference/aircraft-catalogue';
import type { TTelemetryFrame } from '../../telemetry/telemetry-frame';
import { loseCalmness, onCabinStepChanged, type CabinEmitter, type PncIncident } from '../cabin-simulation';
import { CABIN_CALMNESS_LOSS_BY_EVENT, GEAR_DOWN_MIN_RATIO, MAX_STORED_EVENTS, MAX_STORED_STEPS } from '../flight-constants';
import type { EngineUpdate, FlightEngineState } from '../flight-engine-types';
import { FLIGHT_EVENT_CODE, type FlightEvent, type FlightEventDataByKey, type FlightEventKey } from '../flight-event-codes';
import type { FlightStep } from '../flight-step';

/** What one call to the engine has produced so far (reset by each ingest or command). */
export type CallOutput = {
  stepChanges: EngineUpdate['stepChanges'];
  events: FlightEvent[];
  incidents: PncIncident[];
  cabinChanged: boolean;
};

/**
 * What every part of the engine works on: the state (plain JSON, the snapshot), the output of the
 * call in progress, and the aircraft's fixed figures. The parts keep no state of their own, so a
 * restored snapshot continues exactly.
 */
export type EngineContext = {
  s: FlightEngineState;
  out: CallOutput;
  /** The systems of the type: a rule about a system it lacks does not apply. */
  systems: ReturnType<typeof aircraftSystemsFor>;
  engineCount: number;
  /** Distance from the last frame to the arrival, computed once per frame (or after a diversion). */
  remainingCache: { timeMs: number; arrivalIdent: string; nm: number };
};

export const newCallOutput = (): CallOutput => ({ stepChanges: [], events: [], incidents: [], cabinChanged: false });

/**
 * An engine's output between calls. Nothing is pushed outside a call (frozen, so a change that
 * did would fail loudly), and an engine that kept its last call's output would keep it alive until
 * its next frame, a second later: with thousands of flights, that is garbage every young-generation
 * collection has to copy.
 */
export const IDLE_CALL_OUTPUT: CallOutput = Object.freeze({
  stepChanges: Object.freeze([]) as unknown as CallOutput['stepChanges'],
  events: Object.freeze([]) as unknown as CallOutput['events'],
  incidents: Object.freeze([]) as unknown as CallOutput['incidents'],
  cabinChanged: false,
});

export const createEngineContext = (s: FlightEngineState): EngineContext => ({
  s,
  out: IDLE_CALL_OUTPUT,
  // Plans stored before they carried the systems read the catalogue's.
  systems: s.plan.aircraft.systems ?? aircraftSystemsFor(s.plan.aircraft.icao),
  engineCount: s.plan.aircraft.engineCount,
  remainingCache: { timeMs: -1, arrivalIdent: '', nm: 0 },
});

/** Records a flight event: counted, stored (up to the cap), pushed with the call, felt by the cabin. */
export const emit = <K extends FlightEventKey>(ctx: EngineContext, key: K, data: FlightEventDataByKey[K], timeMs: number): void => {
  const s = ctx.s;
  const eventCode = FLIGHT_EVENT_CODE[key];
  s.eventCounts[eventCode] = (s.eventCounts[eventCode] ?? 0) + 1;
  const event = { sequence: s.eventSequence, eventCode, key, createdAtMs: timeMs, data } as FlightEvent;
  s.eventSequence += 1;
  if (s.events.length < MAX_STORED_EVENTS) s.events.push(event);
  ctx.out.events.push(event);
  if (s.cabin) {
    const loss = CABIN_CALMNESS_LOSS_BY_EVENT[key];
    if (loss !== undefined) {
      loseCalmness(s.cabin, loss);
      ctx.out.cabinChanged = true;
    }
  }
};

/** The cabin simulation's way to raise events and incidents at `timeMs`. */
export const cabinEmitter = (ctx: EngineContext, timeMs: number): CabinEmitter => ({
  event: (key, data) => {
    ctx.out.cabinChanged = true;
    emit(ctx, key, data, timeMs);
  },
  incident: (incident) => {
    ctx.out.cabinChanged = true;
    ctx.out.incidents.push(incident);
  },
});

/** Moves to `step` (no-op when already there): stored, pushed, logged as an event, told to the cabin. */
export const setStep = (ctx: EngineContext, step: FlightStep, timeMs: number): void => {
  const s = ctx.s;
  if (step === s.step) return;
  const previousStep = s.step;
  s.step = step;
  s.stepStartMs = timeMs;
  if (s.steps.length < MAX_STORED_STEPS) s.steps.push({ step, timeMs });
  ctx.out.stepChanges.push({ step, previousStep, timeMs });
  emit(ctx, 'FLIGHT_STEP_UPDATED', { step, previousStep }, timeMs);
  if (s.cabin) onCabinStepChanged(s.cabin, step, cabinEmitter(ctx, timeMs));
};

// ---- the aircraft as the frames show it ---------------------------------------------------------

/** The engines the type has (a connector may report more flags than engines). */
export const enginesOf = (ctx: EngineContext, frame: TTelemetryFrame): boolean[] =>
  frame.enginesRunning.length > ctx.engineCount ? frame.enginesRunning.slice(0, ctx.engineCount) : frame.enginesRunning;

export const anyEngineRunning = (ctx: EngineContext, frame: TTelemetryFrame): boolean => enginesOf(ctx, frame).some(Boolean);

/** Fixed gear is always down, whatever a simulator reports for it. */
export const isGearDown = (ctx: EngineContext, frame: TTelemetryFrame): boolean => !ctx.systems.retractableGear || frame.gearDownRatio >= GEAR_DOWN_MIN_RATIO;

export const isSeatBeltOn = (ctx: EngineContext, frame: TTelemetryFrame): boolean => frame.isSeatBeltSignOn || (ctx.s.cabin?.seatBelt ?? false);

/** A missing seat-belt sign is never "off". */
export const isSeatBeltMissed = (ctx: EngineContext, frame: TTelemetryFrame): boolean => ctx.systems.seatBeltSign && !isSeatBeltOn(ctx, frame);

/**
 * The cabin's clock: simulated time since the first frame, so an announcement or a meal lasts its
 * simulated duration at any rate (a safety demonstration at 32x ends before the take-off it
 * precedes, as it would at 1x). Decision 0022-pilot-simulated-time.
 */
export const cabinClockMs = (s: FlightEngineState): number => (s.firstTimeMs ?? s.last?.timeMs ?? 0) + (s.simClockMs ?? 0);

export const angleDiffDeg = (a: number, b: number): number => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return d > 180 ? 360 - d : d;
};
