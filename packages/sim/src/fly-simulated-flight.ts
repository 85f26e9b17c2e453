import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { TSimulatedFlightPlan } from './simulated-flight-plan';
import { type TSimulatedFlightOptions, createSimulatedFlight } from './simulated-flight';

export type TFlySimulatedFlightOptions = TSimulatedFlightOptions & {
  /** Give up (throw) after this many simulated seconds. Default 72 hours. */
  maxSimulatedSeconds?: number;
};

/**
 * Flies `plan` from the gate to the gate and returns every frame, one per `frameIntervalSeconds`
 * simulated seconds (default 1); frames inside a dropped connection are left out. For tests and
 * benchmarks; the tracker uses `createSimulatedFlight` to run in real time.
 *
 * @throws Error when the flight has not finished after `maxSimulatedSeconds`.
 */
export const flySimulatedFlight = (plan: TSimulatedFlightPlan, options: TFlySimulatedFlightOptions = {}): TTelemetryFrame[] => {
  const { maxSimulatedSeconds = 72 * 3_600, ...flightOptions } = options;
  const flight = createSimulatedFlight(plan, flightOptions);
  const frames: TTelemetryFrame[] = [];
  const first = flight.snapshot();
  frames.push(first);
  while (!flight.isFinished) {
    if (flight.elapsedSeconds > maxSimulatedSeconds) {
      throw new Error(
        `flySimulatedFlight: ${plan.departure.ident}-${plan.arrival.ident} not finished after ${maxSimulatedSeconds} s (phase ${flight.phase})`,
      );
    }
    const frame = flight.next();
    if (frame) frames.push(frame);
  }
  return frames;
};
