import type { FlightReviewStatus } from '../flight-review/review-contract';

/**
 * What a freemium pilot gets of the flight log (docs/decisions/0045-pilot-tier-rules.md). The log
 * book is a GOLD feature; a freemium pilot still opens the detail of their most recent flights
 * and of any flight held for review, since a held flight's reasons and the pilot's one reply live
 * on that page.
 */
export const FREEMIUM_OPEN_LOGS = 3;

export type FlightLogOpening = {
  /** The pilot holds an active GOLD subscription. */
  premium: boolean;
  /** The log is among the pilot's FREEMIUM_OPEN_LOGS newest (by end date). */
  isAmongNewest: boolean;
  reviewStatus: FlightReviewStatus;
};

/** Whether the pilot may open a log's detail; a locked log stays listed with its summary. */
export const mayOpenFlightLog = ({ premium, isAmongNewest, reviewStatus }: FlightLogOpening): boolean =>
  premium || isAmongNewest || reviewStatus === 'pending';
