/**
 * Jumpseat cost ("Jumpseat cost in FC (not shown)").
 *
 * A jumpseat moves the pilot to another airport without flying, so it must cost less than flying
 * the leg would earn (FC_PER_NM = 1 FC per NM before multipliers) but never be free, or pilots
 * would teleport to the best routes. A quarter of the flying rate, with a floor for short hops:
 * a 190 NM London-Paris ride costs 50 FC, an Atlantic crossing (3,000 NM) 750 FC, about a third
 * of what flying it pays.
 */
export const JUMPSEAT_FC_PER_NM = 0.25;
export const JUMPSEAT_MIN_FC = 25;

/** FlightCoins for a jumpseat ride of `distanceNm` (integer, at least JUMPSEAT_MIN_FC). */
export const jumpseatCostFc = (distanceNm: number): number =>
  Math.max(JUMPSEAT_MIN_FC, Math.ceil(Math.max(0, distanceNm) * JUMPSEAT_FC_PER_NM));
