import { describe, expect, it } from 'vitest';
import { monitor, runMonitors } from '../../../src/flight/engine/monitors';
import type { EngineContext } from '../../../src/flight/engine/engine-context';
import type { TTelemetryFrame } from '../../../src/telemetry/telemetry-frame';
import { airFrameAt, contextFor, frameAt, keysOf, newCall, setLast } from './support';

const watch = (ctx: EngineContext, frame: TTelemetryFrame) => {
  newCall(ctx);
  runMonitors(ctx, frame, ctx.s.last);
  setLast(ctx, frame);
  return keysOf(ctx);
};

describe('monitors', () => {
  it('a monitor fires once its grace has passed, once, and re-arms when the condition clears', () => {
    const m = { sinceMs: null, raised: false };
    expect(monitor(m, true, 0, 10)).toBe(false);
    expect(monitor(m, true, 9, 10)).toBe(false);
    expect(monitor(m, true, 10, 10)).toBe(true);
    expect(monitor(m, true, 50, 10)).toBe(false);
    expect(monitor(m, false, 60, 10)).toBe(false);
    expect(m).toEqual({ sinceMs: null, raised: false });
    expect(monitor(m, true, 70, 10)).toBe(false);
    expect(monitor(m, true, 80, 10)).toBe(true);
  });

  it('reports engines, gear and the settled flaps when they change, never on the first frame', () => {
    const ctx = contextFor();
    expect(watch(ctx, airFrameAt(0, 5_000, { enginesRunning: [true, true], flapsRatio: 0.5 }))).toEqual([]);
    expect(watch(ctx, airFrameAt(1, 5_000, { enginesRunning: [true, false], flapsRatio: 0.5 }))).toEqual(['ENGINE_STOPPED']);
    expect(watch(ctx, airFrameAt(2, 5_000, { enginesRunning: [true, false], flapsRatio: 0.5, gearDownRatio: 1 }))).toEqual(['GEAR_DOWN']);
    // Moving flaps are not reported until they settle.
    expect(watch(ctx, airFrameAt(3, 5_000, { enginesRunning: [true, false], flapsRatio: 0.7, gearDownRatio: 1 }))).toEqual([]);
    expect(watch(ctx, airFrameAt(4, 5_000, { enginesRunning: [true, false], flapsRatio: 0.7, gearDownRatio: 1 }))).toEqual(['FLAPS_CHANGED']);
  });

  it('reports an overspeed below 10,000 ft once until the speed is back within the limit', () => {
    const ctx = contextFor();
    expect(watch(ctx, airFrameAt(0, 8_000, { indicatedAirspeedKts: 300 }))).toEqual(['OVERSPEED_BELOW_10000_FT']);
    expect(watch(ctx, airFrameAt(1, 8_000, { indicatedAirspeedKts: 300 }))).toEqual([]);
    expect(watch(ctx, airFrameAt(2, 8_000, { indicatedAirspeedKts: 240 }))).toEqual([]);
    expect(watch(ctx, airFrameAt(3, 8_000, { indicatedAirspeedKts: 300 }))).toEqual(['OVERSPEED_BELOW_10000_FT']);
    expect(watch(ctx, airFrameAt(4, 12_000, { indicatedAirspeedKts: 320 }))).toEqual([]);
  });

  it('reports the beacon off with an engine running after its grace', () => {
    const ctx = contextFor();
    const dark = { beacon: false, strobe: false, landing: false, taxi: false, nav: true };
    expect(watch(ctx, frameAt(0, { enginesRunning: [true, true], lights: dark }))).toEqual([]);
    expect(watch(ctx, frameAt(5, { enginesRunning: [true, true], lights: dark }))).toEqual([]);
    expect(watch(ctx, frameAt(10, { enginesRunning: [true, true], lights: dark }))).toEqual(['BEACON_OFF_WITH_ENGINE_RUNNING']);
  });

  it('counts a first frame faster than real time as a rate change, and measures pauses in flight', () => {
    const ctx = contextFor();
    expect(watch(ctx, airFrameAt(0, 24_000, { simulationRate: 4 }))).toEqual(['SIMULATION_RATE_CHANGED']);
    expect(ctx.s.maxSimulationRate).toBe(4);
    expect(watch(ctx, airFrameAt(1, 24_000, { simulationRate: 4, isPaused: true }))).toEqual(['PAUSE_IN_FLIGHT_STARTED']);
    expect(watch(ctx, airFrameAt(61, 24_000, { simulationRate: 4 }))).toEqual(['PAUSE_IN_FLIGHT_ENDED']);
    expect(ctx.s.pausedInFlightMs).toBe(60_000);
    expect(ctx.s.longestPauseMs).toBe(60_000);
  });

  it('reports excessive bank and pitch once each, and an emergency squawk when it is set', () => {
    const ctx = contextFor();
    expect(watch(ctx, airFrameAt(0, 24_000, { bankDeg: 50, pitchDeg: 35 }))).toEqual(['EXCESSIVE_BANK', 'EXCESSIVE_PITCH']);
    expect(watch(ctx, airFrameAt(1, 24_000, { bankDeg: 50, pitchDeg: 35, transponder: '7700' }))).toEqual(['EMERGENCY_SQUAWK']);
    expect(watch(ctx, airFrameAt(2, 24_000, { transponder: '7700' }))).toEqual([]);
  });
});
