import { describe, expect, it } from 'vitest';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';
import { buildAltitudeSpeedChart, CHART_TICK_LIMIT, formatUtcTick } from './altitude-speed-chart-config';

const labels = { altitude: 'Altitude', speed: 'Speed', cruiseLevel: 'Cruise level', altitudeAxis: 'ft', speedAxis: 'kts' };
const point = (isoTime: string, altitude: number, speed: number): TPositionHistoryPoint => ({ createdAt: isoTime, latitude: 51.47, longitude: -0.45, altitude, speed });
const history = [
  point('2026-03-01T10:02:00.000Z', 8000, 250),
  point('2026-03-01T10:00:00.000Z', 80, 0),
  point('2026-03-01T10:20:00.000Z', 35000, 450),
];

describe('the altitude and speed chart configuration', () => {
  const { data, options } = buildAltitudeSpeedChart({ history, cruiseLevelFt: 35_000, labels });
  const [altitude, speed, cruise] = data.datasets;

  it('draws altitude on the left axis and speed on the right axis, in time order', () => {
    expect(altitude?.yAxisID).toBe('altitude');
    expect(speed?.yAxisID).toBe('speed');
    expect(options.scales?.altitude?.position).toBe('left');
    expect(options.scales?.speed?.position).toBe('right');
    expect(altitude?.data.map((p) => p.y)).toEqual([80, 8000, 35000]);
    expect(speed?.data.map((p) => p.y)).toEqual([0, 250, 450]);
    expect(altitude?.data.map((p) => p.x)).toEqual([Date.parse('2026-03-01T10:00:00Z'), Date.parse('2026-03-01T10:02:00Z'), Date.parse('2026-03-01T10:20:00Z')]);
  });

  it('adds a dashed cruise-level line on the altitude axis across the whole flight', () => {
    expect(cruise?.label).toBe('Cruise level');
    expect(cruise?.yAxisID).toBe('altitude');
    expect(cruise?.borderDash?.length).toBeGreaterThan(0);
    expect(altitude?.borderDash).toBeUndefined();
    expect(cruise?.data).toEqual([
      { x: Date.parse('2026-03-01T10:00:00Z'), y: 35000 },
      { x: Date.parse('2026-03-01T10:20:00Z'), y: 35000 },
    ]);
  });

  it('suggests 1.2 times the cruise level as the left axis maximum', () => {
    expect(options.scales?.altitude?.suggestedMax).toBe(42_000);
    expect(buildAltitudeSpeedChart({ history, cruiseLevelFt: 10_000, labels }).options.scales?.altitude?.suggestedMax).toBe(12_000);
  });

  it('limits every axis to 4 ticks', () => {
    expect(CHART_TICK_LIMIT).toBe(4);
    for (const axis of ['x', 'altitude', 'speed'] as const) {
      expect((options.scales?.[axis]?.ticks as { maxTicksLimit?: number }).maxTicksLimit).toBe(4);
    }
  });

  it('labels time ticks in UTC, with seconds on a short flight', () => {
    expect(formatUtcTick(Date.parse('2026-03-01T10:20:30Z'))).toBe('10:20');
    expect(formatUtcTick(Date.parse('2026-03-01T10:20:30Z'), true)).toBe('10:20:30');
    const short = buildAltitudeSpeedChart({ history: history.slice(0, 2), cruiseLevelFt: 35_000, labels }).options;
    const callback = (short.scales?.x?.ticks as { callback: (value: number) => string }).callback;
    expect(callback(Date.parse('2026-03-01T10:01:15Z'))).toBe('10:01:15');
    const long = (options.scales?.x?.ticks as { callback: (value: number) => string }).callback;
    expect(long(Date.parse('2026-03-01T10:01:15Z'))).toBe('10:01');
  });

  it('has no line without positions', () => {
    const empty = buildAltitudeSpeedChart({ history: [], cruiseLevelFt: 35_000, labels });
    expect(empty.data.datasets.every((dataset) => dataset.data.length === 0)).toBe(true);
  });
});
