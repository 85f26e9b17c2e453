import { describe, expect, it } from 'vitest';
import { FrameSettleGuard, frameSanityProblem } from '../../src/telemetry/frame-sanity';
import { ZTelemetryFrame, type TTelemetryFrame } from '../../src/telemetry/telemetry-frame';

/** A C172 parked at Honolulu as FlightGear reports it once loaded. */
const parked: TTelemetryFrame = ZTelemetryFrame.parse({
  timeMs: 1_000_000,
  position: { latitudeDeg: 21.3068, longitudeDeg: -157.9106, altitudeFtMsl: 11, altitudeFtAgl: 4 },
  groundSpeedKts: 0,
  indicatedAirspeedKts: 0,
  trueAirspeedKts: 0,
  verticalSpeedFpm: 0,
  headingDegTrue: 270,
  pitchDeg: 4.5,
  bankDeg: 0.2,
  gForce: 1,
  isOnGround: true,
  gearDownRatio: 1,
  flapsRatio: 0,
  spoilersRatio: 0,
  enginesRunning: [false],
  lights: { beacon: false, strobe: false, landing: false, taxi: false, nav: false },
  fuelKg: 29.4,
  simulationRate: 1,
  isPaused: false,
  isParkingBrakeSet: true,
  transponder: '1200',
  isSeatBeltSignOn: false,
  aircraftTitle: 'Cessna 172P Skyhawk (1982)',
  aircraftIcao: 'C172',
});

/** What FlightGear sends while it loads: -9999 ft (clamped), no fuel, no weight on wheels, a made-up TAS. */
const loading: TTelemetryFrame = {
  ...parked,
  position: { ...parked.position, altitudeFtMsl: -2000, altitudeFtAgl: 0 },
  trueAirspeedKts: 416.58,
  isOnGround: false,
  fuelKg: 0,
};

const at = (frame: TTelemetryFrame, timeMs: number): TTelemetryFrame => ({ ...frame, timeMs });

describe('frame sanity', () => {
  it('tells a loading simulator from a real aircraft', () => {
    expect(frameSanityProblem(parked)).toBeNull();
    expect(frameSanityProblem(loading)).toBe('no_altitude');
    expect(frameSanityProblem({ ...parked, fuelKg: 0 })).toBe('no_fuel');
    // A glider has no engine and no fuel: sane.
    expect(frameSanityProblem({ ...parked, fuelKg: 0, enginesRunning: [] })).toBeNull();
    expect(frameSanityProblem({ ...parked, position: { ...parked.position, latitudeDeg: 0, longitudeDeg: 0 } })).toBe('no_position');
    expect(frameSanityProblem({ ...parked, position: { ...parked.position, altitudeFtAgl: -80 } })).toBe('below_ground');
    // The Dead Sea shore (-1,400 ft) is a real place.
    expect(frameSanityProblem({ ...parked, position: { ...parked.position, altitudeFtMsl: -1_400 } })).toBeNull();
  });

  it('settles after three consistent frames over 1.5 s, and unsettles on a loading frame', () => {
    const guard = new FrameSettleGuard();
    expect(guard.next(at(loading, 0))).toEqual({ isSettled: false, problem: 'no_altitude' });
    expect(guard.next(at(parked, 500)).isSettled).toBe(false);
    expect(guard.next(at(parked, 1_000)).isSettled).toBe(false);
    // Three frames but only 1 s: not yet.
    expect(guard.next(at(parked, 1_500))).toEqual({ isSettled: false, problem: 'settling' });
    expect(guard.next(at(parked, 2_000))).toEqual({ isSettled: true, problem: null });
    // Settled, a reposition in flight is the engine's business (POSITION_JUMP): still settled.
    const moved = { ...parked, position: { ...parked.position, latitudeDeg: 22 } };
    expect(guard.next(at(moved, 2_500)).isSettled).toBe(true);
    // Back to a loading frame (a reset, the menus): settle again.
    expect(guard.next(at(loading, 3_000)).isSettled).toBe(false);
    expect(guard.next(at(parked, 3_500)).isSettled).toBe(false);
  });

  it('restarts the count when the aircraft jumps while it settles (placed on the ground)', () => {
    const guard = new FrameSettleGuard({ frames: 3, durationMs: 1_000 });
    guard.next(at({ ...parked, position: { ...parked.position, altitudeFtMsl: 3_000 } }, 0));
    guard.next(at(parked, 500)); // 2,989 ft lower: a jump, the run restarts here
    expect(guard.next(at(parked, 1_000)).isSettled).toBe(false);
    expect(guard.next(at(parked, 1_500)).isSettled).toBe(true);
  });
});
