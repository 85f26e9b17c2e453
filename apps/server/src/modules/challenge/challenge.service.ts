import { challengeWeekOf, rankChallenge, type ChallengeFlight, type TChallenge } from '@contrail/domain/challenge/weekly-challenge';
import type { AppDeps } from '../../app-deps';
import { listLogFiguresOnRoute } from '../flight-log/flight-log.service';
import { publicPilotNamesOf } from '../user/user.service';

export type ChallengeContext = { deps: Pick<AppDeps, 'db' | 'clock'> };

/**
 * GET /v1/challenge/current: this week's route and its two boards, ranked from the flight logs
 * the server wrote (docs/decisions/0051-weekly-challenge.md); no client sends a score.
 */
export const currentChallenge = async (ctx: ChallengeContext, callerId: string): Promise<TChallenge> => {
  const week = challengeWeekOf(ctx.deps.clock.now());
  const logs = await listLogFiguresOnRoute(ctx.deps.db, { departureIdent: week.departureIdent, arrivalIdent: week.arrivalIdent, from: week.start, to: week.end });
  const names = await publicPilotNamesOf(ctx.deps.db, [...new Set(logs.map((log) => log.userId))]);
  const flights: ChallengeFlight[] = logs.map((log) => ({
    flightLogId: log.id,
    userId: log.userId,
    pilotName: names.get(log.userId) ?? 'Pilot',
    flightNumber: log.flightNumber,
    aircraftIcao: log.aircraftIcao,
    departureIdent: log.departureIdent,
    arrivalIdent: log.arrivalIdent,
    endDate: log.endDate,
    isArrived: log.isArrived,
    practice: log.practice,
    reviewStatus: log.reviewStatus,
    distanceNm: log.distanceNm,
    fuelConsumedKg: log.fuelConsumedKg ?? 0,
    touchdownFpm: log.isTouchdownRateKnown ? log.touchdownFpm : null,
  }));
  return rankChallenge(flights, week, callerId);
};
