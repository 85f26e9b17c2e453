import type { z } from 'zod';
import type { ZStartRequest } from '@contrail/domain/live/tracker-hub-contract';
import type { TSimulatorEndpoints } from '../config/tracker-config';
import { BuiltinSimulatorConnector } from './builtin/builtin-connector';
import { BuiltinPlanError, toSimFaults, toSimulatedFlightPlan } from './builtin/builtin-flight-plan';
import { FlightGearConnector } from './flightgear/flightgear-connector';
import type { SimulatorConnector } from './simulator-connector';
import { XPlaneConnector } from './xplane/xplane-connector';
import type { TLivenessOptions } from './connector-base';

/** A Start request after ZStartRequest.parse (defaults applied). */
export type TParsedStartRequest = z.infer<typeof ZStartRequest>;

export type TCreateConnectorOptions = {
  endpoints: TSimulatorEndpoints;
  /** Wall clock for the built-in flight's start (epoch ms). */
  nowMs?: () => number;
  liveness?: TLivenessOptions;
};

/**
 * Wall milliseconds between two built-in frames at `rate`: about one simulated second per frame
 * (the engine's resolution), but never more than 100 frames a wall second.
 */
export function builtinFrameIntervalMs(rate: number): number {
  return Math.max(10, Math.min(1_000, Math.round(1_000 / rate)));
}

/**
 * The connector a Start request asks for (not yet connected). The built-in simulator flies the
 * request's flight; the others read the simulator at the configured endpoints.
 * Throws a BuiltinPlanError when the built-in simulator is asked without a valid flight.
 */
export async function createConnector(request: TParsedStartRequest, options: TCreateConnectorOptions): Promise<SimulatorConnector> {
  const liveness = options.liveness === undefined ? {} : { liveness: options.liveness };
  switch (request.simulator) {
    case 'builtin': {
      const builtin = request.builtin;
      if (builtin === undefined) throw new BuiltinPlanError('The built-in simulator needs the flight to fly (Start.builtin)');
      const rate = builtin.simulationRate;
      const plan = toSimulatedFlightPlan(builtin, (options.nowMs ?? Date.now)());
      try {
        return BuiltinSimulatorConnector.fromPlan(
          plan,
          // Boards until the flight is recorded: registering it may take longer than boarding at a high rate.
          { simulationRate: rate, faults: toSimFaults(builtin.faults), boardsUntilReleased: true },
          { frameIntervalMs: builtinFrameIntervalMs(rate), ...liveness },
        );
      } catch (cause) {
        if (cause instanceof BuiltinPlanError) throw cause;
        throw new BuiltinPlanError(`The built-in simulator cannot fly this flight: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
    }
    case 'xplane':
      return new XPlaneConnector({ host: options.endpoints.xplaneHost, port: options.endpoints.xplanePort, ...liveness });
    case 'flightgear':
      return new FlightGearConnector({
        host: options.endpoints.flightgearHost,
        port: options.endpoints.flightgearPort,
        aircraftIcao: request.builtin?.aircraftIcao ?? '',
        ...liveness,
      });
    case 'msfs': {
      // Loaded on demand: node-simconnect is only needed by MSFS pilots.
      const { MsfsConnector } = await import('./msfs/msfs-connector');
      const { msfsHost, msfsPort } = options.endpoints;
      return new MsfsConnector({
        remote: msfsHost === undefined ? undefined : { host: msfsHost, port: msfsPort ?? 500 },
        ...liveness,
      });
    }
  }
}
