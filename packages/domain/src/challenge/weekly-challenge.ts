import { z } from 'zod';
import type { FlightReviewStatus } from '../flight-review/review-contract';

/**
 * The weekly challenge (docs/decisions/0051-weekly-challenge.md): one route a week, Monday 00:00
 * UTC to the next Monday, and two rankings among pilots over it, both read from flight logs:
 * the softest landing (touchdown rate, lower is better) and the least fuel per nautical mile.
 * Only accepted flights count: not practice, arrived, no review pending or refused.
 */
export const CHALLENGE_ROUTES: readonly (readonly [string, string])[] = [
  ['EGLL', 'LFPG'],
  ['LFPG', 'EDDF'],
  ['EDDF', 'EHAM'],
  ['EHAM', 'EGLL'],
  ['LFPG', 'LEMD'],
  ['LEMD', 'LFPG'],
  ['EGLL', 'EIDW'],
  ['LFPG', 'EGLL'],
];

/** How many pilots each board shows. */
export const CHALLENGE_BOARD_SIZE = 20;

const WEEK_MS = 7 * 86_400_000;
/** 1970-01-05 was a Monday: weeks are counted from it. */
const FIRST_MONDAY_MS = Date.UTC(1970, 0, 5);

export type ChallengeWeek = { index: number; start: Date; end: Date; departureIdent: string; arrivalIdent: string };

export const challengeWeekOf = (now: Date): ChallengeWeek => {
  const index = Math.floor((now.getTime() - FIRST_MONDAY_MS) / WEEK_MS);
  const start = new Date(FIRST_MONDAY_MS + index * WEEK_MS);
  const [departureIdent, arrivalIdent] = CHALLENGE_ROUTES[((index % CHALLENGE_ROUTES.length) + CHALLENGE_ROUTES.length) % CHALLENGE_ROUTES.length]!;
  return { index, start, end: new Date(start.getTime() + WEEK_MS), departureIdent, arrivalIdent };
};

/** A flight log as the challenge reads it. */
export type ChallengeFlight = {
  flightLogId: string;
  userId: string;
  pilotName: string;
  flightNumber: string;
  aircraftIcao: string;
  departureIdent: string;
  arrivalIdent: string;
  endDate: Date;
  isArrived: boolean;
  practice: boolean;
  reviewStatus: FlightReviewStatus;
  distanceNm: number;
  fuelConsumedKg: number;
  /** The touchdown rate when the tracker saw the touchdown, else null (no landing score). */
  touchdownFpm: number | null;
};

export const ZChallengeEntry = z.object({
  rank: z.number().int().positive(),
  userId: z.string(),
  pilotName: z.string(),
  flightNumber: z.string(),
  aircraftIcao: z.string(),
  /** Landing: the touchdown rate in fpm (positive); fuel: kilograms per nautical mile. */
  value: z.number(),
  flownAt: z.string(),
});
export type TChallengeEntry = z.infer<typeof ZChallengeEntry>;

export const ZChallenge = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  departureIdent: z.string(),
  arrivalIdent: z.string(),
  landing: z.array(ZChallengeEntry),
  fuel: z.array(ZChallengeEntry),
  /** The caller's own places (null: no counted flight on that board). */
  mine: z.object({ landing: ZChallengeEntry.nullable(), fuel: ZChallengeEntry.nullable() }),
});
export type TChallenge = z.infer<typeof ZChallenge>;

/** Whether a flight counts for the week: the week's route, flown in the week, accepted, arrived, not practice. */
export const countsForChallenge = (flight: ChallengeFlight, week: ChallengeWeek): boolean =>
  flight.departureIdent === week.departureIdent &&
  flight.arrivalIdent === week.arrivalIdent &&
  flight.endDate >= week.start &&
  flight.endDate < week.end &&
  flight.isArrived &&
  !flight.practice &&
  flight.reviewStatus === 'accepted';

/** Each pilot's best value (lower wins; on a tie the earlier flight), ranked. */
const board = (flights: readonly ChallengeFlight[], valueOf: (flight: ChallengeFlight) => number | null): TChallengeEntry[] => {
  const best = new Map<string, { flight: ChallengeFlight; value: number }>();
  for (const flight of flights) {
    const value = valueOf(flight);
    if (value === null || !Number.isFinite(value)) continue;
    const held = best.get(flight.userId);
    if (!held || value < held.value || (value === held.value && flight.endDate < held.flight.endDate)) best.set(flight.userId, { flight, value });
  }
  return [...best.values()]
    .sort((a, b) => a.value - b.value || a.flight.endDate.getTime() - b.flight.endDate.getTime())
    .map(({ flight, value }, index) => ({
      rank: index + 1,
      userId: flight.userId,
      pilotName: flight.pilotName,
      flightNumber: flight.flightNumber,
      aircraftIcao: flight.aircraftIcao,
      value,
      flownAt: flight.endDate.toISOString(),
    }));
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The week's two boards and the caller's places, from the flights on its route. */
export const rankChallenge = (flights: readonly ChallengeFlight[], week: ChallengeWeek, callerId: string): TChallenge => {
  const counted = flights.filter((flight) => countsForChallenge(flight, week));
  const landing = board(counted, (flight) => (flight.touchdownFpm === null ? null : round(Math.abs(flight.touchdownFpm), 0)));
  const fuel = board(counted, (flight) => (flight.distanceNm > 0 && flight.fuelConsumedKg > 0 ? round(flight.fuelConsumedKg / flight.distanceNm, 2) : null));
  return {
    weekStart: week.start.toISOString(),
    weekEnd: week.end.toISOString(),
    departureIdent: week.departureIdent,
    arrivalIdent: week.arrivalIdent,
    landing: landing.slice(0, CHALLENGE_BOARD_SIZE),
    fuel: fuel.slice(0, CHALLENGE_BOARD_SIZE),
    mine: { landing: landing.find((entry) => entry.userId === callerId) ?? null, fuel: fuel.find((entry) => entry.userId === callerId) ?? null },
  };
};
