import type { TRegisterFlightRequest } from '@contrail/domain/flight-api/flight-contract';
import type { TFlightCompleted } from '@contrail/domain/live/flight-messages';
import type { TSimulatorKind } from '@contrail/domain/live/tracker-hub-contract';
import type { TTelemetryFrame } from '@contrail/domain/telemetry/telemetry-frame';
import type { App } from '../../../src/app';
import { completeOver, connected, openUplink, registerShortHop, sendFrames, shortHopFrames } from './flight-kit';

/**
 * The built-in simulator's short hop (EGLL to LFPG), changed to break one rule of the automatic
 * review: each function answers a new list of frames, the honest one is never modified.
 */

/** Index of the first frame on the ground after the aircraft was airborne: the touchdown. */
export const touchdownIndex = (frames: readonly TTelemetryFrame[]): number => {
  const airborne = frames.findIndex((frame) => !frame.isOnGround);
  const index = frames.findIndex((frame, i) => i > airborne && frame.isOnGround);
  if (airborne < 0 || index < 0) throw new Error('the frames never take off and land');
  return index;
};

/** A touchdown the simulator measured at `fpm` (negative down): a hard landing when beyond the limit. */
export const withTouchdownRate = (frames: readonly TTelemetryFrame[], fpm: number): TTelemetryFrame[] => {
  const at = touchdownIndex(frames);
  return frames.map((frame, i) => (i === at ? { ...frame, touchdownVerticalSpeedFpm: fpm } : frame));
};

/** `seconds` of frames missing in the middle of the airborne part (the tracker lost its link). */
export const withAirborneGap = (frames: readonly TTelemetryFrame[], seconds: number): TTelemetryFrame[] => {
  const takeoff = frames.findIndex((frame) => !frame.isOnGround);
  const middle = Math.round((takeoff + touchdownIndex(frames)) / 2);
  return frames.filter((frame) => frame.timeMs < frames[middle]!.timeMs || frame.timeMs > frames[middle]!.timeMs + seconds * 1000);
};

/** The frames end before take-off: engines running at the gate, never airborne. */
export const groundOnly = (frames: readonly TTelemetryFrame[]): TTelemetryFrame[] => frames.slice(0, frames.findIndex((frame) => !frame.isOnGround) - 30);

/**
 * Registers a short hop, streams `tamper(frames)` over a real uplink (declaring `simulator` when
 * given, as the tracker does) and completes it. No frames at all when `tamper` answers none.
 */
export const flyTampered = async (
  app: App,
  baseUrl: string,
  headers: Record<string, string>,
  tamper: (frames: readonly TTelemetryFrame[]) => TTelemetryFrame[],
  options: { request?: Partial<TRegisterFlightRequest>; simulator?: TSimulatorKind } = {},
): Promise<TFlightCompleted> => {
  const frames = tamper(shortHopFrames(app.deps.clock.now().getTime()));
  const flight = await registerShortHop(app, headers, options.request);
  const socket = openUplink(baseUrl, { flightId: flight.id, token: flight.token, ...(options.simulator ? { simulator: options.simulator } : {}) });
  try {
    await connected(socket);
    if (frames.length > 0) await sendFrames(socket, frames, 1, frames.length);
    return await completeOver(socket);
  } finally {
    socket.disconnect();
  }
};
