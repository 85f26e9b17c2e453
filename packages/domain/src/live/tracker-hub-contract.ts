import { z } from 'zod';
import { ZFlightAirport } from '../flight/flight-plan-input';
import { MAX_SIMULATION_RATE } from '../telemetry/telemetry-frame';
import type { SimulatorConnectionStatus } from './connection-status';
import type { FlightServerMessages, TFlightControl, TFlightControlResult } from './flight-messages';

/**
 * The tracker's local hub: Socket.IO on 127.0.0.1, accepting only the web app's origin. The
 * browser drives a flight with the product's client messages; the hub answers with the connection
 * status, ReadyToRecord, and relays every server flight message (`FlightServerMessages`).
 */
export const ZSimulatorKind = z.enum(['builtin', 'xplane', 'flightgear', 'msfs']);
export type TSimulatorKind = z.infer<typeof ZSimulatorKind>;

/** Start: connect to a simulator. The built-in simulator needs the flight it will fly. */
export const ZStartRequest = z.object({
  simulator: ZSimulatorKind.default('builtin'),
  builtin: z
    .object({
      departure: ZFlightAirport,
      arrival: ZFlightAirport,
      aircraftIcao: z.string().min(2).max(4),
      cruiseLevelFt: z.number().int().min(1000).max(60_000),
      /** Fuel on board at the gate, kg: the flight plan's block fuel. Absent (no plan), the simulator estimates one. */
      fuelKg: z.number().positive().max(500_000).optional(),
      /** Simulation rate: 1 is real time. */
      simulationRate: z.number().min(1).max(MAX_SIMULATION_RATE).default(1),
      /** Faults to inject (names of the simulator's faults), for demos and tests. */
      faults: z.array(z.string()).max(10).default([]),
    })
    .optional(),
});
export type TStartRequest = z.input<typeof ZStartRequest>;

/** StartRecord / StartPaxNCargo: stream the flight registered on the server. */
export const ZStartRecordRequest = z.object({
  flightId: z.uuid(),
  token: z.string().min(16).max(200),
  /** Base URL of the Contrail server; when absent, the tracker's configured server (`--server`). */
  serverUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type TStartRecordRequest = z.infer<typeof ZStartRecordRequest>;

export type TReadyToRecord = { simulator: TSimulatorKind; aircraftTitle: string; aircraftIcao: string };

/**
 * Whether the connected simulator is ready to fly. A simulator sends data while it loads
 * (FlightGear -9999 ft and no fuel, MSFS from its menus): `loading` until it is really ready,
 * then `ready`, or `paused`. ReadyToRecord comes only once it is ready; the page waits until then.
 */
export const SimulatorReadinessState = ['loading', 'paused', 'ready'] as const;
export type TSimulatorReadinessState = (typeof SimulatorReadinessState)[number];
export type TSimulatorReadiness = { simulator: TSimulatorKind; state: TSimulatorReadinessState };
export type THubError = { message: string; code: string };

type Ack<T> = (result: T) => void;

export type TrackerHubClientToServer = {
  Start: (request: TStartRequest, ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  StartRecord: (request: TStartRecordRequest, ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  StartPaxNCargo: (request: TStartRecordRequest, ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  CancelFlight: (ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  CancelResumedFlight: (request: TStartRecordRequest, ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  CompleteFlight: (ack?: Ack<{ ok: boolean; error?: THubError }>) => void;
  DivertFlight: (request: { arrival: z.input<typeof ZFlightAirport> }, ack?: Ack<TFlightControlResult>) => void;
  SwitchSeatBeltSign: (ack?: Ack<TFlightControlResult>) => void;
  SwitchDutyFree: (ack?: Ack<TFlightControlResult>) => void;
  SwitchIfe: (ack?: Ack<TFlightControlResult>) => void;
  AddTimeOnEstimateDepartureTime: (request: { minutes: number }, ack?: Ack<TFlightControlResult>) => void;
  AddTimeOnEstimateArrivalTime: (request: { minutes: number }, ack?: Ack<TFlightControlResult>) => void;
  ServeFood: (request: { foodType: number }, ack?: Ack<TFlightControlResult>) => void;
  LaunchAnnouncement: (request: { announcementType: number }, ack?: Ack<TFlightControlResult>) => void;
  UpdateCruiseLevel: (request: { cruiseLevelFt: number }, ack?: Ack<TFlightControlResult>) => void;
};

export type TrackerHubServerToClient = FlightServerMessages & {
  ConnectionStatus: (status: SimulatorConnectionStatus) => void;
  ReadyToRecord: (payload: TReadyToRecord) => void;
  SimulatorReadiness: (payload: TSimulatorReadiness) => void;
  HubError: (error: THubError) => void;
};

/** Every client message that is a flight control maps to one `TFlightControl`. */
export type FlightControlMessage = TFlightControl['type'];
