import type { TRankSwap } from '../api/airline-ranks';

/**
 * The switch calls that move the rank at `from` to `to` in `order` (rank ids, first first), the
 * others keeping their order: the moving rank swaps with each neighbour on the way, one at a time.
 */
export const rankSwaps = (order: readonly string[], from: number, to: number): TRankSwap[] => {
  const rankId = order[from];
  if (rankId === undefined || to < 0 || to >= order.length || from === to) return [];
  const step = to > from ? 1 : -1;
  const swaps: TRankSwap[] = [];
  for (let index = from + step; step > 0 ? index <= to : index >= to; index += step) swaps.push({ rankId, toRankId: order[index]! });
  return swaps;
};

/** Aircraft type codes typed free-form ("a320, B738 e190") as the API's upper-case list. */
export const parseAircraftList = (text: string): string[] => [...new Set(text.split(/[\s,;]+/).filter(Boolean).map((code) => code.toUpperCase()))];
