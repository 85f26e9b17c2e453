import type { TPositionHistoryPoint } from '@contrail/domain/flight-api/flight-contract';

/** Two history points are the same when their times are within 1000 ms. */
export const POSITION_MATCH_TOLERANCE_MS = 1000;

const timeOf = (point: TPositionHistoryPoint): number => Date.parse(point.createdAt);

/** Index of the first time >= `time` in ascending `times`. */
const lowerBound = (times: number[], time: number): number => {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (times[middle]! < time) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * The position history returned by a refetch is merged into the stored one only
 * if it holds entries not already present, times compared within 1000 ms. Returns `stored` itself
 * (same reference) when nothing is new, else the union in time order.
 */
export const mergePositionHistory = (
  stored: readonly TPositionHistoryPoint[],
  incoming: readonly TPositionHistoryPoint[],
  toleranceMs = POSITION_MATCH_TOLERANCE_MS,
): readonly TPositionHistoryPoint[] => {
  const storedTimes = stored.map(timeOf).sort((a, b) => a - b);
  const isPresent = (time: number): boolean => {
    const index = lowerBound(storedTimes, time - toleranceMs);
    return index < storedTimes.length && storedTimes[index]! <= time + toleranceMs;
  };
  const fresh = incoming.filter((point) => Number.isFinite(timeOf(point)) && !isPresent(timeOf(point)));
  if (fresh.length === 0) return stored;
  return [...stored, ...fresh].sort((a, b) => timeOf(a) - timeOf(b));
};

/** Above this many points the live history is thinned (every other older point dropped) to keep the chart quick. */
export const LIVE_HISTORY_MAX_POINTS = 3000;

/** Appends a live point (at most one per second of wall time), thinning the oldest half when too long. */
export const appendLivePoint = (history: readonly TPositionHistoryPoint[], point: TPositionHistoryPoint): readonly TPositionHistoryPoint[] => {
  const last = history.at(-1);
  if (last && timeOf(point) - timeOf(last) < POSITION_MATCH_TOLERANCE_MS) return history;
  const next = [...history, point];
  if (next.length <= LIVE_HISTORY_MAX_POINTS) return next;
  const half = Math.floor(next.length / 2);
  return [...next.slice(0, half).filter((_, index) => index % 2 === 0), ...next.slice(half)];
};
