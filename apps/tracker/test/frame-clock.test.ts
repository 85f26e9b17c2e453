import { describe, expect, it } from 'vitest';
import { FrameClock, SimulationRateWatch } from '../src/connectors/frame-clock';

describe('frame clock', () => {
  it("spaces samples by the simulator's clock and rate, even when they arrive in the same millisecond", () => {
    let arrivalMs = 1_000_000;
    const clock = new FrameClock(() => arrivalMs);
    // FlightGear at 4x: its clock advances 2 s between samples, 0.5 s of wall time; pairs arrive together.
    const stamps: number[] = [];
    for (let sample = 0; sample < 8; sample += 1) {
      arrivalMs = 1_000_000 + Math.floor(sample / 2) * 1_000;
      stamps.push(clock.stamp(100 + sample * 2, 4));
    }
    expect(stamps).toEqual([1_000_000, 1_000_500, 1_001_000, 1_001_500, 1_002_000, 1_002_500, 1_003_000, 1_003_500]);
  });

  it('falls back to the arrival time when the simulator clock stops, resets or drifts, never repeating a time', () => {
    let arrivalMs = 5_000;
    const clock = new FrameClock(() => arrivalMs);
    expect(clock.stamp(10, 1)).toBe(5_000);
    // Paused: the simulator clock stops; the frames keep coming at the arrival time.
    arrivalMs = 6_000;
    expect(clock.stamp(10, 1)).toBe(6_000);
    // Two frames in the same millisecond without a clock: 1 ms apart.
    expect(clock.stamp(undefined, 1)).toBe(6_001);
    expect(clock.stamp(undefined, 1)).toBe(6_002);
    // A new flight loaded: the clock went back to 0.
    arrivalMs = 7_000;
    expect(clock.stamp(0.5, 1)).toBe(7_000);
    // The simulator clock says 60 s passed, the wall clock 1 s: beyond the drift allowed, arrival time.
    arrivalMs = 8_000;
    expect(clock.stamp(60.5, 1)).toBe(8_000);
  });
});

describe('simulation rate watch', () => {
  it('reports a rate other than 1 once it held 5 s, and the return to real time', () => {
    const reports: [number, number][] = [];
    const watch = new SimulationRateWatch((rate, previous) => reports.push([rate, previous]));
    watch.next(1, 0);
    watch.next(4, 1_000);
    watch.next(2, 2_000); // a flicker through 2x on the way: not reported
    watch.next(4, 3_000);
    watch.next(4, 7_999);
    expect(reports).toEqual([]);
    watch.next(4, 8_000);
    expect(reports).toEqual([[4, 1]]);
    watch.next(4, 60_000);
    watch.next(1, 61_000);
    watch.next(1, 66_000);
    expect(reports).toEqual([
      [4, 1],
      [1, 4],
    ]);
  });
});
