import { describe, expect, it } from 'vitest';
import { axisTicks, buildFlightChartOptions, CHART_TICK_LIMIT, niceStep, timeTickOffsetsMs } from './flight-chart';

const climb = [
  { timeMs: 0, altitudeFt: 0, speedKts: 0 },
  { timeMs: 10 * 60_000, altitudeFt: 20_000, speedKts: 300 },
  { timeMs: 40 * 60_000, altitudeFt: 35_000, speedKts: 450 },
  { timeMs: 60 * 60_000, altitudeFt: 0, speedKts: 20 },
];

describe('flight chart options', () => {
  it('keeps at most 4 ticks on every axis', () => {
    for (const max of [1, 7, 99, 1000, 12_345, 42_000, 587_000]) {
      expect(axisTicks(max).length).toBeLessThanOrEqual(CHART_TICK_LIMIT);
      expect(axisTicks(max)[0]).toBe(0);
      expect(niceStep(max)).toBeGreaterThan(0);
    }
    for (const span of [30_000, 5 * 60_000, 3_600_000, 15 * 3_600_000]) expect(timeTickOffsetsMs(span).length).toBeLessThanOrEqual(CHART_TICK_LIMIT);
    const options = buildFlightChartOptions(climb, 35_000, { width: 600, height: 240 });
    expect(options.altitude.ticks.length).toBeLessThanOrEqual(4);
    expect(options.speed.ticks.length).toBeLessThanOrEqual(4);
    expect(options.time.ticks.map((tick) => tick.value)).toEqual([0, 20, 40, 60].map((m) => m * 60_000));
  });

  it('suggests 1.2 x the cruise level as the left maximum and draws the cruise line inside the plot', () => {
    const options = buildFlightChartOptions(climb, 35_000, { width: 600, height: 240 });
    expect(options.altitude.max).toBeGreaterThanOrEqual(42_000);
    expect(options.cruiseLine?.valueFt).toBe(35_000);
    expect(options.cruiseLine!.y).toBeGreaterThan(options.plot.top);
    expect(options.cruiseLine!.y).toBeLessThan(options.plot.bottom);
    // Without a cruise level the axis follows the data only.
    const free = buildFlightChartOptions(climb, null, { width: 600, height: 240 });
    expect(free.cruiseLine).toBeNull();
    expect(free.altitude.max).toBeLessThan(options.altitude.max);
  });

  it('draws both series left to right, sorted by time, altitude up and speed on its own scale', () => {
    const options = buildFlightChartOptions([...climb].reverse(), 35_000, { width: 600, height: 240 });
    expect(options.altitude.path.startsWith(`M${options.plot.left},${options.plot.bottom}`)).toBe(true);
    expect(options.altitude.path.split(' ')).toHaveLength(4);
    const lastX = Number(options.speed.path.split(' ').at(-1)!.slice(1).split(',')[0]);
    expect(lastX).toBe(options.plot.right);
    expect(options.speed.max).toBeGreaterThanOrEqual(450);
  });

  it('says when there is nothing to draw', () => {
    const options = buildFlightChartOptions([], 30_000, { width: 300, height: 200 });
    expect(options.isEmpty).toBe(true);
    expect(options.altitude.path).toBe('');
    expect(options.time.ticks).toEqual([]);
  });
});
