import { describe, expect, it } from 'vitest';
import { copyIntoDigest, digestOf } from '../../../src/flight/engine/frame-digest';
import { gapBeforeTouchdown, integrateInterval, noteFrameGap } from '../../../src/flight/engine/integrity';
import { recordTrack } from '../../../src/flight/engine/track';
import { TRACK_MAX_POINTS } from '../../../src/flight/flight-constants';
import { airFrameAt, contextFor, frameAt, keysOf, newCall, setLast } from './support';

describe('track', () => {
  it('keeps the first point, then one a minute of simulated time, at step changes and in turns', () => {
    const s = contextFor().s;
    s.simClockMs = 0;
    expect(recordTrack(s, airFrameAt(0, 5_000), false)).toMatchObject({ altitudeFt: 5_000, groundSpeedKts: 250 });
    s.simClockMs = 30_000;
    expect(recordTrack(s, airFrameAt(30, 5_000), false)).toBeNull();
    expect(recordTrack(s, airFrameAt(30, 5_000), true)).not.toBeNull();
    s.simClockMs = 45_000;
    expect(recordTrack(s, airFrameAt(45, 5_000, { headingDegTrue: 300 }), false)).not.toBeNull();
    s.simClockMs = 105_000;
    expect(recordTrack(s, airFrameAt(105, 5_000, { headingDegTrue: 300 }), false)).not.toBeNull();
    expect(s.track).toHaveLength(4);
  });

  it('makes a point at once after a snapshot without the simulated clock', () => {
    const s = contextFor().s;
    recordTrack(s, airFrameAt(0, 5_000), false);
    delete s.lastTrackSimMs;
    expect(recordTrack(s, airFrameAt(1, 5_000), false)).not.toBeNull();
  });

  it('halves its resolution past the cap, keeping the first and newest points', () => {
    const s = contextFor().s;
    for (let i = 0; i <= TRACK_MAX_POINTS; i += 1) recordTrack(s, airFrameAt(i, 5_000), true);
    expect(s.track.length).toBe(TRACK_MAX_POINTS / 2 + 1);
    expect(s.track[0]!.timeMs).toBe(airFrameAt(0, 0).timeMs);
    expect(s.track.at(-1)!.timeMs).toBe(airFrameAt(TRACK_MAX_POINTS, 0).timeMs);
  });
});

describe('integrity', () => {
  it('counts distance flown, the simulated and airborne clocks, and excludes paused time', () => {
    const ctx = newCall(contextFor());
    const prev = setLast(ctx, airFrameAt(0, 5_000, { simulationRate: 4 }));
    integrateInterval(ctx, airFrameAt(10, 5_000, { position: { latitudeDeg: 51.48 } }), prev);
    expect(ctx.s.flownNm).toBeGreaterThan(0);
    expect(ctx.s.airborneNm).toBe(ctx.s.flownNm);
    expect(ctx.s.simClockMs).toBe(40_000);
    expect(ctx.s.airborneSimMs).toBe(40_000);
    expect(ctx.s.acceleratedAirborneSimMs).toBe(40_000);
    const paused = setLast(ctx, airFrameAt(10, 5_000, { isPaused: true }));
    integrateInterval(ctx, airFrameAt(70, 5_000), paused);
    expect(ctx.s.simClockMs).toBe(40_000);
    expect(keysOf(ctx)).toEqual(['TELEMETRY_GAP']);
  });

  it('reports a position jump, whose distance earns nothing', () => {
    const ctx = newCall(contextFor());
    const prev = setLast(ctx, airFrameAt(0, 5_000));
    integrateInterval(ctx, airFrameAt(1, 5_000, { position: { latitudeDeg: 52.5 } }), prev);
    expect(keysOf(ctx)).toEqual(['POSITION_JUMP']);
    expect(ctx.s.flownNm).toBe(0);
    expect(ctx.s.jumpedNm).toBeGreaterThan(50);
  });

  it('keeps the frame gap nearest a touchdown, before or after it', () => {
    const s = contextFor().s;
    noteFrameGap(s, 1_000, 9_000, true);
    expect(s.longestAirborneGapMs).toBe(8_000);
    expect(gapBeforeTouchdown(s, 12_000)).toEqual({ seconds: 8, offsetSeconds: 3 });
    s.landing = { touchdownTimeMs: 12_000 } as never;
    noteFrameGap(s, 20_000, 27_000, false);
    noteFrameGap(s, 40_000, 50_000, false);
    expect(s.touchdownGap).toEqual({ seconds: 7, offsetSeconds: 8 });
  });
});

describe('frame digest', () => {
  it('copying a frame into a digest gives the digest of that frame', () => {
    const d = digestOf(frameAt(0));
    const next = airFrameAt(5, 7_000, { flapsRatio: 0.25, transponder: '7000', simulationRate: 2 });
    copyIntoDigest(d, next);
    expect(d).toEqual(digestOf(next));
    expect(Object.keys(d).sort()).toEqual(Object.keys(digestOf(next)).sort());
  });
});
