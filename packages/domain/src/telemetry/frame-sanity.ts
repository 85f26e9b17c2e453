import type { TTelemetryFrame } from './telemetry-frame';

/**
 * Is a frame a real aircraft state, or what a simulator sends while it loads? FlightGear, before
 * its flight model and scenery are up, sends lines with altitude -9999 ft (clamped to the frame's
 * -2,000 ft floor), zero fuel, no weight on wheels and made-up speeds; MSFS in its menus sends the
 * aircraft at 0°N 0°E. Such a frame must never reach the flight engine: it would log a climb at
 * -2,000 ft, a touchdown at the gate and a fuel emergency before the engine is started.
 *
 * `frameSanityProblem` judges one frame; `FrameSettleGuard` waits until several sane frames in a
 * row, over a minimum time, agree with each other (no jump in altitude or position between them),
 * because the first frames after loading still move as the aircraft is placed on the ground.
 */
export type TFrameSanityProblem =
  /** The altitude is the loading placeholder (FlightGear -9999 ft, clamped to -2,000). */
  | 'no_altitude'
  /** The aircraft has engines but no fuel at all: the fuel system is not loaded yet. */
  | 'no_fuel'
  /** 0°N 0°E: no position yet (MSFS menus, X-Plane before the flight loads). */
  | 'no_position'
  /** Far below the ground under it: the terrain is not loaded yet. */
  | 'below_ground';

/** Lowest altitude a real airfield has (the Dead Sea shore, about -1,400 ft) with margin. */
export const LOWEST_REAL_ALTITUDE_FT = -1500;
/** An aircraft this far below the ground is in terrain that has not loaded. */
const LOWEST_REAL_AGL_FT = -50;

export const frameSanityProblem = (frame: TTelemetryFrame): TFrameSanityProblem | null => {
  if (frame.position.altitudeFtMsl <= LOWEST_REAL_ALTITUDE_FT) return 'no_altitude';
  if (Math.abs(frame.position.latitudeDeg) < 1e-6 && Math.abs(frame.position.longitudeDeg) < 1e-6) return 'no_position';
  if (frame.position.altitudeFtAgl <= LOWEST_REAL_AGL_FT) return 'below_ground';
  // A glider has no engine and no fuel; an aircraft with engines and 0 kg is still loading.
  if (frame.enginesRunning.length > 0 && frame.fuelKg <= 0) return 'no_fuel';
  return null;
};

export type TFrameSettleOptions = {
  /** Sane, consistent frames in a row before the state counts as settled. */
  frames: number;
  /** And at least this long between the first and the last of them (frame time). */
  durationMs: number;
};

export const DEFAULT_FRAME_SETTLE: TFrameSettleOptions = { frames: 3, durationMs: 1500 };

/** Between two consecutive frames, more than this altitude change is a jump, not flight. */
const MAX_ALTITUDE_STEP_FT = 500;
/** ... and more than this distance (about 3,600 kt over a second) a reposition. */
const MAX_POSITION_STEP_DEG = 1 / 60;

export type TSettleVerdict = { isSettled: boolean; problem: TFrameSanityProblem | 'settling' | null };

/**
 * Follows the frames of one connection: settled once `frames` sane frames in a row over
 * `durationMs` agree. A loading frame after that (a reload, back to the menu) unsettles it
 * again. Frame times are the caller's (any monotonic milliseconds).
 */
export class FrameSettleGuard {
  private run: { firstMs: number; count: number; last: TTelemetryFrame } | null = null;
  private settled = false;

  constructor(private readonly options: TFrameSettleOptions = DEFAULT_FRAME_SETTLE) {}

  get isSettled(): boolean {
    return this.settled;
  }

  /** Feeds one frame; says whether the simulator's state is settled now. */
  next(frame: TTelemetryFrame, timeMs: number = frame.timeMs): TSettleVerdict {
    const problem = frameSanityProblem(frame);
    if (problem !== null) {
      this.run = null;
      this.settled = false;
      return { isSettled: false, problem };
    }
    const previous = this.run?.last;
    const isConsistent =
      previous !== undefined &&
      Math.abs(frame.position.altitudeFtMsl - previous.position.altitudeFtMsl) <= MAX_ALTITUDE_STEP_FT &&
      Math.abs(frame.position.latitudeDeg - previous.position.latitudeDeg) <= MAX_POSITION_STEP_DEG &&
      Math.abs(frame.position.longitudeDeg - previous.position.longitudeDeg) <= MAX_POSITION_STEP_DEG;
    if (this.run === null || !isConsistent) {
      // Once settled, a jump (a reposition in flight) stays the engine's to judge (POSITION_JUMP).
      this.run = { firstMs: timeMs, count: 1, last: frame };
    } else {
      this.run = { firstMs: this.run.firstMs, count: this.run.count + 1, last: frame };
    }
    if (!this.settled && this.run.count >= this.options.frames && timeMs - this.run.firstMs >= this.options.durationMs) {
      this.settled = true;
    }
    return { isSettled: this.settled, problem: this.settled ? null : 'settling' };
  }

  reset(): void {
    this.run = null;
    this.settled = false;
  }
}
