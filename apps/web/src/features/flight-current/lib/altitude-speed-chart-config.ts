import type { ChartData, ChartOptions } from 'chart.js';
import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';

/** "Charts": the left axis suggests up to 1.2 times the cruise level. */
export const CRUISE_LEVEL_HEADROOM = 1.2;
/** Chart tick limit 4. */
export const CHART_TICK_LIMIT = 4;
/** Dash pattern of the cruise-level line, px on / px off. */
export const CRUISE_LINE_DASH = [6, 6];

export type AltitudeSpeedChartInput = {
  history: readonly TPositionHistoryPoint[];
  /** Feet. */
  cruiseLevelFt: number;
  labels: { altitude: string; speed: string; cruiseLevel: string; altitudeAxis: string; speedAxis: string };
};

type Point = { x: number; y: number };

export const CHART_COLORS = { altitude: '#38bdf8', speed: '#fbbf24', cruise: '#cbd5e1', grid: '#334155', text: '#e2e8f0' } as const;

/** `HH:mm` UTC of an epoch-millisecond tick; `HH:mm:ss` with seconds. */
export const formatUtcTick = (value: number | string, withSeconds = false): string => {
  const date = new Date(Number(value));
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(11, withSeconds ? 19 : 16);
};

/** Below this span the time axis shows seconds (ticks a minute apart would repeat). */
const SECONDS_AXIS_SPAN_MS = 10 * 60_000;

/**
 * The altitude and speed chart as a Chart.js configuration: altitude (ft) on the
 * left axis, speed (kts) on the right axis, over time (UTC), with a dashed line at the cruise level;
 * the left axis suggests a maximum of 1.2 x the cruise level; every axis shows at most 4 ticks.
 * Pure, so the rules are tested without a canvas.
 */
export const buildAltitudeSpeedChart = ({ history, cruiseLevelFt, labels }: AltitudeSpeedChartInput) => {
  const points = [...history].map((point) => ({ ...point, timeMs: Date.parse(point.createdAt) })).filter((point) => Number.isFinite(point.timeMs));
  points.sort((a, b) => a.timeMs - b.timeMs);
  const altitude: Point[] = points.map((point) => ({ x: point.timeMs, y: Math.round(point.altitude) }));
  const speed: Point[] = points.map((point) => ({ x: point.timeMs, y: Math.round(point.speed) }));
  const firstX = points[0]?.timeMs ?? 0;
  const lastX = points.at(-1)?.timeMs ?? firstX;
  const cruise: Point[] = points.length > 0 ? [{ x: firstX, y: cruiseLevelFt }, { x: lastX, y: cruiseLevelFt }] : [];

  const data: ChartData<'line', Point[]> = {
    datasets: [
      { label: labels.altitude, data: altitude, yAxisID: 'altitude', borderColor: CHART_COLORS.altitude, backgroundColor: CHART_COLORS.altitude, pointRadius: 0, borderWidth: 2 },
      { label: labels.speed, data: speed, yAxisID: 'speed', borderColor: CHART_COLORS.speed, backgroundColor: CHART_COLORS.speed, pointRadius: 0, borderWidth: 2 },
      {
        label: labels.cruiseLevel,
        data: cruise,
        yAxisID: 'altitude',
        borderColor: CHART_COLORS.cruise,
        backgroundColor: CHART_COLORS.cruise,
        borderDash: CRUISE_LINE_DASH,
        pointRadius: 0,
        borderWidth: 1,
      },
    ],
  };

  const ticks = { maxTicksLimit: CHART_TICK_LIMIT, color: CHART_COLORS.text };
  const options: ChartOptions<'line'> = {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'nearest', intersect: false, axis: 'x' },
    scales: {
      x: { type: 'linear', ticks: { ...ticks, callback: (value) => formatUtcTick(value, lastX - firstX < SECONDS_AXIS_SPAN_MS) }, grid: { color: CHART_COLORS.grid } },
      altitude: {
        type: 'linear',
        position: 'left',
        suggestedMin: 0,
        suggestedMax: cruiseLevelFt * CRUISE_LEVEL_HEADROOM,
        ticks,
        title: { display: true, text: labels.altitudeAxis, color: CHART_COLORS.text },
        grid: { color: CHART_COLORS.grid },
      },
      speed: {
        type: 'linear',
        position: 'right',
        suggestedMin: 0,
        ticks,
        title: { display: true, text: labels.speedAxis, color: CHART_COLORS.text },
        grid: { drawOnChartArea: false },
      },
    },
    plugins: {
      legend: { labels: { color: CHART_COLORS.text } },
      tooltip: { callbacks: { title: (items) => (items[0] ? formatUtcTick(items[0].parsed.x ?? 0) : '') } },
    },
  };
  return { data, options };
};
