import { createFlightEngine, type FlightEngine } from '../../../src/flight/flight-engine';
import type { FlightOutcome } from '../../../src/flight/flight-engine-types';
import type { TFlightPlanInputRaw } from '../../../src/flight/flight-plan-input';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';

/** Feeds every frame, calling `at[index]` (e.g. a divert or a cabin command) right after that frame. */
export const runEngine = (
  plan: TFlightPlanInputRaw,
  frames: readonly TTelemetryFrame[],
  at: Record<number, (engine: FlightEngine) => void> = {},
): { engine: FlightEngine; outcome: FlightOutcome } => {
  const engine = createFlightEngine(plan);
  frames.forEach((frame, i) => {
    engine.ingest(frame);
    at[i]?.(engine);
  });
  return { engine, outcome: engine.complete() };
};

export const stepNames = (outcome: FlightOutcome) => outcome.steps.map((s) => s.step);
export const eventKeys = (outcome: FlightOutcome) => new Set(outcome.events.map((e) => e.key));
export const eventsOf = <K extends FlightOutcome['events'][number]['key']>(outcome: FlightOutcome, key: K) =>
  outcome.events.filter((e): e is Extract<FlightOutcome['events'][number], { key: K }> => e.key === key);

/** Feeds the frames and leaves the flight in progress. */
export const feedEngine = (plan: TFlightPlanInputRaw, frames: readonly TTelemetryFrame[]): FlightEngine => {
  const engine = createFlightEngine(plan);
  for (const frame of frames) engine.ingest(frame);
  return engine;
};
