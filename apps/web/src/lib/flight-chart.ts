/**
 * The altitude/speed chart ("Charts"), as pure options any renderer can draw:
 * altitude on the left axis and speed on the right axis over time, a dashed cruise-level line,
 * a left-axis suggested maximum of 1.2 times the cruise level, at most 4 ticks per axis.
 *
 * Shared by the flight-log detail and the current-flight screen (features never import each
 * other): both build their options here and draw them (SVG) their own way.
 */

/** "Tick limit 4". */
export const CHART_TICK_LIMIT = 4;
/** "Left axis suggested maximum is 1.2 times cruise level". */
export const ALTITUDE_SUGGESTED_MAX_FACTOR = 1.2;

export type FlightChartPoint = { timeMs: number; altitudeFt: number; speedKts: number };

export type FlightChartSize = {
  width: number;
  height: number;
  /** Room around the plot for the axis labels, pixels. */
  padding?: { top: number; right: number; bottom: number; left: number };
};

export type ChartTick = { value: number; position: number };

export type FlightChartOptions = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** Time axis (x), epoch ms. */
  time: { minMs: number; maxMs: number; ticks: ChartTick[] };
  /** Left axis, feet. */
  altitude: { max: number; ticks: ChartTick[]; path: string };
  /** Right axis, knots. */
  speed: { max: number; ticks: ChartTick[]; path: string };
  /** The dashed cruise-level line (y in pixels), or null without a cruise level. */
  cruiseLine: { valueFt: number; y: number } | null;
  isEmpty: boolean;
};

const DEFAULT_PADDING = { top: 12, right: 56, bottom: 28, left: 64 };

/** A "nice" step (1, 2, 2.5, 5 x 10^n) so that [0, max] needs at most `limit` ticks. */
export const niceStep = (max: number, limit = CHART_TICK_LIMIT): number => {
  if (!(max > 0)) return 1;
  const raw = max / Math.max(1, limit - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    const step = factor * magnitude;
    if (Math.floor(max / step) + 1 <= limit) return step;
  }
  return 10 * magnitude;
};

/** Ticks from 0 to `max` (at most `limit` of them), values only. */
export const axisTicks = (max: number, limit = CHART_TICK_LIMIT): number[] => {
  const step = niceStep(max, limit);
  const ticks: number[] = [];
  for (let value = 0; value <= max + 1e-9 && ticks.length < limit; value += step) ticks.push(Math.round(value * 1000) / 1000);
  return ticks;
};

/** The axis maximum: the data's maximum, at least the suggested one, rounded up to a nice step. */
const axisMax = (dataMax: number, suggestedMax: number): number => {
  const max = Math.max(dataMax, suggestedMax, 1);
  const step = niceStep(max);
  return Math.ceil(max / step) * step;
};

const MINUTE_MS = 60_000;
const TIME_STEPS_MINUTES = [1, 2, 5, 10, 15, 20, 30, 60, 90, 120, 180, 240, 360, 480, 720];

/** Elapsed-time ticks (ms from the start) in whole minutes, at most CHART_TICK_LIMIT of them. */
export const timeTickOffsetsMs = (spanMs: number): number[] => {
  const stepMinutes =
    TIME_STEPS_MINUTES.find((minutes) => Math.floor(spanMs / (minutes * MINUTE_MS)) + 1 <= CHART_TICK_LIMIT) ??
    Math.ceil(spanMs / MINUTE_MS / (CHART_TICK_LIMIT - 1));
  const ticks: number[] = [];
  for (let offset = 0; offset <= spanMs && ticks.length < CHART_TICK_LIMIT; offset += stepMinutes * MINUTE_MS) ticks.push(offset);
  return ticks;
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Options for the chart of `points` (any order; sorted by time here) in a `size` box.
 * `cruiseLevelFt` draws the dashed line and sets the left axis' suggested maximum (1.2 x cruise).
 */
export const buildFlightChartOptions = (
  points: readonly FlightChartPoint[],
  cruiseLevelFt: number | null,
  size: FlightChartSize,
): FlightChartOptions => {
  const padding = size.padding ?? DEFAULT_PADDING;
  const plot = { left: padding.left, top: padding.top, right: size.width - padding.right, bottom: size.height - padding.bottom };
  const sorted = [...points].filter((p) => Number.isFinite(p.timeMs)).sort((a, b) => a.timeMs - b.timeMs);
  const minMs = sorted[0]?.timeMs ?? 0;
  const maxMs = Math.max(sorted[sorted.length - 1]?.timeMs ?? 0, minMs + 1);
  const cruise = cruiseLevelFt !== null && cruiseLevelFt > 0 ? cruiseLevelFt : null;

  const altitudeMax = axisMax(Math.max(0, ...sorted.map((p) => p.altitudeFt)), cruise === null ? 0 : cruise * ALTITUDE_SUGGESTED_MAX_FACTOR);
  const speedMax = axisMax(Math.max(0, ...sorted.map((p) => p.speedKts)), 0);

  const x = (ms: number) => round1(plot.left + ((ms - minMs) / (maxMs - minMs)) * (plot.right - plot.left));
  const yOf = (max: number) => (value: number) => round1(plot.bottom - (Math.max(0, value) / max) * (plot.bottom - plot.top));
  const yAltitude = yOf(altitudeMax);
  const ySpeed = yOf(speedMax);
  const pathOf = (y: (p: FlightChartPoint) => number) =>
    sorted.map((p, index) => `${index === 0 ? 'M' : 'L'}${x(p.timeMs)},${y(p)}`).join(' ');

  const timeTicks: ChartTick[] = timeTickOffsetsMs(maxMs - minMs).map((offset) => ({ value: minMs + offset, position: x(minMs + offset) }));

  return {
    width: size.width,
    height: size.height,
    plot,
    time: { minMs, maxMs, ticks: sorted.length === 0 ? [] : timeTicks },
    altitude: {
      max: altitudeMax,
      ticks: axisTicks(altitudeMax).map((value) => ({ value, position: yAltitude(value) })),
      path: pathOf((p) => yAltitude(p.altitudeFt)),
    },
    speed: {
      max: speedMax,
      ticks: axisTicks(speedMax).map((value) => ({ value, position: ySpeed(value) })),
      path: pathOf((p) => ySpeed(p.speedKts)),
    },
    cruiseLine: cruise === null ? null : { valueFt: cruise, y: yAltitude(cruise) },
    isEmpty: sorted.length === 0,
  };
};
