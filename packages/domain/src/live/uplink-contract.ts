import { z } from 'zod';
import { ZTelemetryFrame } from '../telemetry/telemetry-frame';
import { ZSimulatorKind } from './tracker-hub-contract';
import type { FlightServerMessages, TFlightCompleted, TFlightControl, TFlightControlResult, TFlightError } from './flight-messages';

/**
 * The tracker's uplink to the server: Socket.IO namespace `/uplink`, authenticated by the
 * registered flight's id and token (handshake `auth: { flightId, token, simulator? }`: the tracker
 * names the simulator it records, and a flight recorded from the built-in one is practice). Frames are numbered
 * from 1 per flight; the server acknowledges the highest sequence it has stored, and ignores any
 * sequence at or below it, so resending after a cut or a restart delivers each frame exactly once.
 */
export const UPLINK_NAMESPACE = '/uplink';
/** At most this many frames in one batch. */
export const UPLINK_MAX_BATCH = 200;

export const ZUplinkAuth = z.object({ flightId: z.uuid(), token: z.string().min(16).max(200), simulator: ZSimulatorKind.optional() });
export type TUplinkAuth = z.infer<typeof ZUplinkAuth>;

export const ZNumberedFrame = z.object({ seq: z.number().int().positive(), frame: ZTelemetryFrame });
export type TNumberedFrame = z.infer<typeof ZNumberedFrame>;

export const ZFrameBatch = z.object({ frames: z.array(z.unknown()).min(1).max(UPLINK_MAX_BATCH) });

/** The server's answer to a batch: the highest stored sequence, and the frames it refused. */
export type TFrameBatchAck = {
  ackSeq: number;
  rejected: { seq: number | null; reason: string }[];
};

type Ack<T> = (result: T) => void;

export type UplinkClientToServer = {
  frames: (batch: { frames: unknown[] }, ack: Ack<TFrameBatchAck | { error: TFlightError }>) => void;
  control: (control: TFlightControl, ack: Ack<TFlightControlResult | { error: TFlightError }>) => void;
  complete: (ack: Ack<TFlightCompleted | { error: TFlightError }>) => void;
  cancel: (ack: Ack<{ flightId: string } | { error: TFlightError }>) => void;
};

export type UplinkServerToClient = FlightServerMessages;
