import type { PerClass, PncData } from '@contrail/domain/flight/cabin-simulation';
import type { TPaxByClass } from '@contrail/domain/flight/flight-plan-input';

export type CabinScores = { wellness: number; entertainment: number; satiety: number };

/** Mean of the per-class points weighted by the passengers of each class (plain mean without passengers). */
const weighted = (points: PerClass, pax: TPaxByClass | null): number => {
  const weights = pax ? { first: pax.first, business: pax.business, economy: pax.economy } : { first: 1, business: 1, economy: 1 };
  const total = weights.first + weights.business + weights.economy;
  if (total === 0) return Math.round((points.first + points.business + points.economy) / 3);
  return Math.round((points.first * weights.first + points.business * weights.business + points.economy * weights.economy) / total);
};

/** The three satisfaction figures (wellness, entertainment, satiety), 0 to 100. */
export const cabinScores = (pncData: PncData | null | undefined, pax: TPaxByClass | null): CabinScores | null =>
  pncData
    ? {
        wellness: weighted(pncData.passengersCalmness, pax),
        entertainment: weighted(pncData.passengersEntertainement, pax),
        satiety: weighted(pncData.passengersSatiatedPoint, pax),
      }
    : null;
