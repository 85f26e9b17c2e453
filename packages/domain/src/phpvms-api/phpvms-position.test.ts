import { describe, expect, it } from 'vitest';
import { ZTelemetryFrame } from '../telemetry/telemetry-frame';
import { INITIAL_POSITION_MEMORY, positionToFrame, ZPhpvmsPosition, type PositionMemory } from './phpvms-position';
import { distanceFromNm, fuelFromKg, zulu } from './phpvms-units';
import { pirepStateOfVerdict, PirepState } from './phpvms-pirep';

const context = { engineCount: 2, receivedAtMs: Date.UTC(2026, 10, 27, 12), aircraftIcao: 'A320' };
const frameOf = (position: Record<string, unknown>, memory: PositionMemory = INITIAL_POSITION_MEMORY) => positionToFrame(ZPhpvmsPosition.parse(position), memory, context);

describe('phpVMS positions as engine frames', () => {
  it('makes a valid frame from the least a client sends, timed by the simulator when it says', () => {
    const { frame } = frameOf({ lat: 51.47, lon: -0.45, sim_time: '2026-11-27T11:00:00Z' });
    expect(ZTelemetryFrame.parse(frame)).toEqual(frame);
    expect(frame.timeMs).toBe(Date.UTC(2026, 10, 27, 11));
    expect(frameOf({ lat: 51.47, lon: -0.45 }).frame.timeMs).toBe(context.receivedAtMs);
  });

  it('reads the ground from the radio altitude first, then the phase, then what was known', () => {
    expect(frameOf({ lat: 0, lon: 0, altitude_agl: 4, status: 'ENR' }).frame.isOnGround).toBe(true);
    expect(frameOf({ lat: 0, lon: 0, altitude_agl: 400, status: 'TXI' }).frame.isOnGround).toBe(false);
    expect(frameOf({ lat: 0, lon: 0, status: 'ENR', altitude: 30000 }).frame.isOnGround).toBe(false);
    expect(frameOf({ lat: 0, lon: 0, status: 'TXI' }).frame.isOnGround).toBe(true);
    const airborne = { ...INITIAL_POSITION_MEMORY, isOnGround: false };
    expect(frameOf({ lat: 0, lon: 0 }, airborne).frame.isOnGround).toBe(false);
  });

  it('runs the engines on a fuel flow, in the air, on a powered phase or at taxi speed, not on a towed push-back', () => {
    expect(frameOf({ lat: 0, lon: 0, fuel_flow: 0, gs: 20 }).frame.enginesRunning).toEqual([false, false]);
    expect(frameOf({ lat: 0, lon: 0, fuel_flow: 900 }).frame.enginesRunning).toEqual([true, true]);
    expect(frameOf({ lat: 0, lon: 0, gs: 12 }).frame.enginesRunning).toEqual([true, true]);
    expect(frameOf({ lat: 0, lon: 0, gs: 3, status: 'PBT' }).frame.enginesRunning).toEqual([false, false]);
    expect(frameOf({ lat: 0, lon: 0, gs: 0, status: 'BST' }).frame.enginesRunning).toEqual([false, false]);
    expect(frameOf({ lat: 0, lon: 0, altitude_agl: 3000 }).frame.enginesRunning).toEqual([true, true]);
  });

  it('sets what phpVMS never sends so no event can come of it: gear down, 1 g, level, lights as the rules want', () => {
    const { frame } = frameOf({ lat: 0, lon: 0, altitude_agl: 5000, altitude_msl: 5200, gs: 250, fuel_flow: 1 });
    expect(frame).toMatchObject({ gearDownRatio: 1, gForce: 1, pitchDeg: 0, bankDeg: 0, simulationRate: 1, isPaused: false });
    expect(frame.lights).toMatchObject({ beacon: true, nav: true, strobe: true, landing: true });
    expect(frameOf({ lat: 0, lon: 0, altitude_agl: 30000, altitude_msl: 31000, fuel_flow: 1 }).frame.lights.landing).toBe(false);
  });

  it('carries fuel (pounds in, kilograms out) and the last altitude over a position that omits them', () => {
    const first = frameOf({ lat: 0, lon: 0, fuel: 10_000, altitude: 1200 });
    expect(first.frame.fuelKg).toBeCloseTo(4535.9, 1);
    const second = frameOf({ lat: 0, lon: 0 }, first.memory);
    expect(second.frame.fuelKg).toBeCloseTo(4535.9, 1);
    expect(second.frame.position.altitudeFtMsl).toBe(1200);
  });

  it('keeps loose fields loose and refuses a position without a place', () => {
    expect(ZPhpvmsPosition.parse({ lat: '51.5', lon: '-0.4', vs: 'n/a', gs: '140' })).toMatchObject({ lat: 51.5, lon: -0.4, vs: undefined, gs: 140 });
    expect(ZPhpvmsPosition.safeParse({ lon: 1 }).success).toBe(false);
    expect(ZPhpvmsPosition.safeParse({ lat: 91, lon: 1 }).success).toBe(false);
    expect(ZPhpvmsPosition.safeParse({ lat: 1, lon: 1, heading: 400 }).success).toBe(false);
  });
});

describe('phpVMS units and states', () => {
  it('gives distances in four units, fuel in two, times in Zulu', () => {
    expect(distanceFromNm(100)).toEqual({ m: 185_200, km: 185.2, mi: 115.08, nmi: 100 });
    expect(fuelFromKg(1000)).toEqual({ kg: 1000, lbs: 2204.62 });
    expect(zulu(new Date(Date.UTC(2026, 10, 27, 17, 5, 9, 500)))).toBe('2026-11-27T17:05:09Z');
  });

  it('follows the review: accepted, pending, and rejected or not flown', () => {
    expect(pirepStateOfVerdict('accepted')).toBe(PirepState.ACCEPTED);
    expect(pirepStateOfVerdict('pending')).toBe(PirepState.PENDING);
    expect(pirepStateOfVerdict('rejected')).toBe(PirepState.REJECTED);
    expect(pirepStateOfVerdict('not-flown')).toBe(PirepState.REJECTED);
  });
});
