import { describe, expect, it } from 'vitest';
import type { EngineContext } from '../../../src/flight/engine/engine-context';
import { profileStep, smoothVerticalSpeed, updateStep } from '../../../src/flight/engine/step-machine';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';
import { EGLL } from '../support/fixtures';
import { airFrameAt, contextFor, frameAt, keysOf, newCall, setLast, type FrameChanges } from './support';

/** The step machine's share of an ingest: vertical profile, step, then the frame becomes the last one. */
const feed = (ctx: EngineContext, frame: TTelemetryFrame) => {
  newCall(ctx);
  smoothVerticalSpeed(ctx.s, frame, ctx.s.last);
  updateStep(ctx, frame, ctx.s.last);
  setLast(ctx, frame);
  return ctx;
};

describe('step machine', () => {
  it('boards at the departure, and stands on the ground elsewhere', () => {
    expect(feed(contextFor(), frameAt(0)).s.step).toBe('boarding');
    expect(contextFor().s.step).toBe('none');
    const away = feed(contextFor(), frameAt(0, { position: { latitudeDeg: 52 } }));
    expect(away.s.step).toBe('ground');
    expect(away.s.startedAtDeparture).toBe(false);
  });

  it('starts an airborne first frame in the step its profile shows', () => {
    expect(feed(contextFor(), airFrameAt(0, 24_000)).s.step).toBe('cruise');
    expect(feed(contextFor(), airFrameAt(0, 8_000, { verticalSpeedFpm: 2_000 })).s.step).toBe('climb');
    expect(feed(contextFor(), airFrameAt(0, 8_000, { transponder: '7700' })).s.step).toBe('emergency');
  });

  it('goes off-block with the brake released and an engine running, then pushes back, taxis and rolls', () => {
    const ctx = feed(contextFor(), frameAt(0));
    feed(ctx, frameAt(1, { enginesRunning: [true, false], isParkingBrakeSet: false }));
    expect(ctx.s.step).toBe('block_off');
    expect(keysOf(ctx)).toEqual(['FUEL_REPORT', 'FLIGHT_STEP_UPDATED']);
    expect(ctx.s.blockOffTimeMs).toBe(frameAt(1).timeMs);
    // Moving tail first: a pushback.
    feed(ctx, frameAt(2, { enginesRunning: [true, true], isParkingBrakeSet: false, groundSpeedKts: 3, headingDegTrue: 90, position: { longitudeDeg: EGLL.position.longitudeDeg - 0.0001 } }));
    expect(ctx.s.step).toBe('pushback');
    feed(ctx, frameAt(3, { enginesRunning: [true, true], isParkingBrakeSet: false, groundSpeedKts: 10, headingDegTrue: 270, position: { longitudeDeg: EGLL.position.longitudeDeg - 0.0003 } }));
    expect(ctx.s.step).toBe('taxi_out');
    feed(ctx, frameAt(300, { enginesRunning: [true, true], isParkingBrakeSet: false, groundSpeedKts: 60 }));
    expect(ctx.s.step).toBe('takeoff');
    expect(keysOf(ctx)).toEqual(['TAXI_OUT_DURATION', 'FLIGHT_STEP_UPDATED']);
    expect(ctx.out.events[0]!.data).toEqual({ durationSeconds: 299 });
    // A rejected take-off returns to the taxi.
    feed(ctx, frameAt(310, { enginesRunning: [true, true], isParkingBrakeSet: false, groundSpeedKts: 20 }));
    expect(ctx.s.step).toBe('taxi_out');
  });

  it('lifts off into the initial climb, and climbs on above its top', () => {
    const ctx = feed(contextFor(), frameAt(0, { groundSpeedKts: 150, enginesRunning: [true, true], isParkingBrakeSet: false }));
    feed(ctx, airFrameAt(1, 200, { verticalSpeedFpm: 2_000 }));
    expect(ctx.s.step).toBe('initial_climb');
    expect(ctx.s.takeoffCount).toBe(1);
    expect(keysOf(ctx)).toEqual(['FUEL_REPORT', 'FLIGHT_STEP_UPDATED']);
    feed(ctx, airFrameAt(60, 3_000, { verticalSpeedFpm: 2_000 }));
    expect(ctx.s.step).toBe('climb');
  });

  const landingAt = (vs: number, over: FrameChanges = {}) => {
    const ctx = feed(contextFor(), frameAt(0, { groundSpeedKts: 150, enginesRunning: [true, true], isParkingBrakeSet: false }));
    feed(ctx, airFrameAt(1, 200, { verticalSpeedFpm: 1_000 }));
    feed(ctx, airFrameAt(2, 120, { verticalSpeedFpm: vs, gearDownRatio: 1 }));
    feed(ctx, frameAt(3, { groundSpeedKts: 130, verticalSpeedFpm: vs, enginesRunning: [true, true], isParkingBrakeSet: false, ...over }));
    return ctx;
  };

  it('lands with the touchdown analysed', () => {
    const ctx = landingAt(-150);
    expect(ctx.s.step).toBe('landing');
    expect(ctx.s.touchdownCount).toBe(1);
    expect(ctx.s.landing).toMatchObject({ verticalSpeedFpm: -150, isObserved: true, airportIdent: 'EGLL', bounces: 0 });
    expect(keysOf(ctx)).toEqual(['TOUCHDOWN_POSITION', 'TOUCHDOWN_RATE', 'FUEL_REPORT', 'FLIGHT_STEP_UPDATED']);
  });

  it('leaves the touchdown rate unknown when the last airborne sample is seconds old, unless the frame measures it', () => {
    const sparse = (over: FrameChanges = {}) => {
      const ctx = feed(contextFor(), frameAt(0, { groundSpeedKts: 150, enginesRunning: [true, true], isParkingBrakeSet: false }));
      feed(ctx, airFrameAt(1, 200, { verticalSpeedFpm: 1_000 }));
      // A position every 5 s: the last one before the ground is on the approach, not at the flare.
      feed(ctx, airFrameAt(6, 300, { verticalSpeedFpm: -700, gearDownRatio: 1 }));
      feed(ctx, frameAt(11, { groundSpeedKts: 130, verticalSpeedFpm: -700, enginesRunning: [true, true], isParkingBrakeSet: false, ...over }));
      return ctx;
    };
    expect(sparse().s.landing).toMatchObject({ isObserved: true, isRateKnown: false, rating: 'unobserved' });
    expect(sparse({ touchdownVerticalSpeedFpm: -180 }).s.landing).toMatchObject({ verticalSpeedFpm: -180, isRateKnown: true });
    expect(landingAt(-150).s.landing).toMatchObject({ isRateKnown: true });
  });

  it('crashes on a touchdown too hard, or with the gear up', () => {
    const hard = landingAt(-2_500);
    expect(hard.s.step).toBe('crashed');
    expect(hard.out.events.find((e) => e.key === 'CRASH')!.data).toMatchObject({ reason: 'touchdown_rate' });
    const gearUp = landingAt(-150, { gearDownRatio: 0 });
    expect(gearUp.out.events.find((e) => e.key === 'CRASH')!.data).toMatchObject({ reason: 'gear_up_landing' });
    // Nothing moves a crashed flight on.
    feed(hard, frameAt(60));
    expect(hard.s.step).toBe('crashed');
  });

  it('counts a short hop off the runway after a touchdown as a bounce of the same landing', () => {
    const ctx = landingAt(-300);
    feed(ctx, airFrameAt(4, 90, { verticalSpeedFpm: 200, gearDownRatio: 1 }));
    expect(ctx.s.pendingLiftoff).not.toBeNull();
    expect(ctx.s.takeoffCount).toBe(1);
    feed(ctx, frameAt(6, { groundSpeedKts: 120, verticalSpeedFpm: -100, enginesRunning: [true, true], isParkingBrakeSet: false }));
    expect(keysOf(ctx)).toContain('BOUNCE');
    expect(ctx.s.landing!.bounces).toBe(1);
    expect(ctx.s.touchdownCount).toBe(1);
  });

  it('reads the profile: descent, cruise band, climb, level', () => {
    const s = contextFor().s;
    s.vsAvgFpm = -1_000;
    expect(profileStep(s, airFrameAt(0, 20_000))).toBe('descent');
    s.vsAvgFpm = 0;
    expect(profileStep(s, airFrameAt(0, 24_400))).toBe('cruise');
    s.vsAvgFpm = 800;
    expect(profileStep(s, airFrameAt(0, 12_000))).toBe('climb');
    s.vsAvgFpm = 0;
    s.levelSinceMs = airFrameAt(0, 0).timeMs;
    expect(profileStep(s, airFrameAt(10, 12_000))).toBeNull();
    expect(profileStep(s, airFrameAt(600, 12_000))).toBe('flight_level');
  });

  it('smooths the vertical speed and notes since when the aircraft is level', () => {
    const s = contextFor().s;
    smoothVerticalSpeed(s, airFrameAt(0, 5_000, { verticalSpeedFpm: 1_000 }), null);
    expect(s.vsAvgFpm).toBe(1_000);
    const prev = setLast(contextFor(), airFrameAt(0, 5_000));
    smoothVerticalSpeed(s, airFrameAt(1, 5_000, { verticalSpeedFpm: 0 }), prev);
    expect(s.vsAvgFpm).toBeGreaterThan(0);
    expect(s.vsAvgFpm).toBeLessThan(1_000);
    expect(s.levelSinceMs).toBeNull();
  });
});
