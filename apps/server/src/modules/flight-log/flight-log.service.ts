import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { TFlightLogDetail, TFlightLogPage, TFlightLogStatistics, TFlightLogSummary } from '@contrail/domain/flight-api/flight-log-contract';
import { FREEMIUM_OPEN_LOGS, mayOpenFlightLog } from '@contrail/domain/flight-api/pilot-tier';
import type { TFlightReview } from '@contrail/domain/flight-review/review-contract';
import type { AppDeps } from '../../app-deps';
import { toPage } from '../../db/paging';
import { notFound } from '../../plugins/error-handler';
import { findFlightLog, pageFlightLogsOfUser, recentFlightLogIds, type FlightLogRow } from './flight-log.repository';
import { requireAccess, requireAccessOrHide, type Caller } from '../access/access.service';
import { flightReviewOfLog } from '../flight-review/flight-review-view';
import { isPremium } from '../subscription/subscription.service';

export type FlightLogContext = { deps: Pick<AppDeps, 'db' | 'clock'> };

/**
 * What other modules may do with the log book: the flight module writes the log inside its own
 * completion transaction (so it takes an executor, not a context); it and the user module read
 * flight hours for the flight-time limits through `sumFlightHoursSince`, the one such query.
 */
export { findFlightLogOfFlight, insertFlightLog, sumFlightHoursSince } from './flight-log.repository';
/**
 * The flight module pays or drops what a log in review holds, in the reviewer's transaction: it
 * locks the log, then records what was paid on it.
 */
export { lockFlightLog, updateFlightLog, type FlightLogRow } from './flight-log.repository';
export type { HeldPayments } from './flight-log.schema';
/** The review queue pages, locks and decides logs, and records the pilot's reply. */
export { findFlightLog, findReviewLogInScope, pageReviewLogs, recordReviewDecision, recordReviewReply, type ReviewLogScope } from './flight-log.repository';
/** The ledger seals logs into blocks: it reads their records and marks them sealed. */
export { countLogsByLedgerState, isLedgerHashPending, ledgerRecordsOfLogs, listLogsAwaitingSeal, markLogsSealed } from './flight-log.repository';
/** The weekly challenge ranks the logs of its route from their stored figures. */
export { listLogFiguresOnRoute, type RouteLogFigures } from './flight-log.repository';
/** The airline's member and applicant lists show each pilot's most flown aircraft type. */
export { findMostFlownAircraft as mostFlownAircraftOf } from './flight-log.repository';

const isPremiumPilot = (ctx: FlightLogContext, userId: string): Promise<boolean> => isPremium(ctx.deps.db, userId, 'pilot', ctx.deps.clock.now());

const airportOf = (row: FlightLogRow, ident: string) => ({
  ident,
  position: row.airports[ident] ?? { latitude: 0, longitude: 0, altitude: 0 },
});

const toSummary = (row: FlightLogRow, locked: boolean): TFlightLogSummary => ({
  id: row.id,
  flightId: row.flightId,
  flightNumber: row.flightNumber,
  type: row.type,
  departureAirport: airportOf(row, row.departureIdent),
  arrivalAirport: airportOf(row, row.arrivalIdent),
  startDate: row.startDate.toISOString(),
  endDate: row.endDate.toISOString(),
  flightCoinAmount: row.fc + row.missionFcBonus,
  xp: row.xp + row.missionXpBonus,
  satisfactionXp: row.satisfactionXp,
  locked,
  aircraftIcao: row.aircraftIcao,
  flightDurationSeconds: row.flightDurationSeconds,
  distanceNm: row.distanceNm,
  isArrived: row.isArrived,
  ledgerState: row.ledgerState,
  reviewStatus: row.reviewStatus,
  practice: row.practice,
});

const isoOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The flown record of a log as the log screen and the reviewer read it: figures, events, track, landing. */
export const flownRecordOf = (row: FlightLogRow): Pick<TFlightLogDetail, 'statistics' | 'events' | 'positionHistory' | 'landing'> => {
  const outcome = row.outcome;
  const stats = outcome.statistics;
  const statistics: TFlightLogStatistics = {
    ...stats,
    flightDuration: stats.flightDurationSeconds,
    blockTime: stats.blockTimeSeconds,
    fuelConsumed: stats.fuelConsumedKg,
    fuelLoaded: stats.fuelLoadedKg,
    averageSpeed: stats.averageSpeedKts,
  };
  return {
    statistics,
    events: outcome.events.map((event) => ({
      id: event.sequence,
      flightId: row.flightId,
      createdAt: new Date(event.createdAtMs).toISOString(),
      eventCode: event.eventCode,
      key: event.key,
      data: event.data,
    })),
    positionHistory: outcome.positionHistory.map((point) => ({
      createdAt: new Date(point.timeMs).toISOString(),
      latitude: point.latitudeDeg,
      longitude: point.longitudeDeg,
      altitude: point.altitudeFt,
      speed: point.groundSpeedKts,
    })),
    landing: outcome.landing,
  };
};

const toDetail = (row: FlightLogRow, review: TFlightReview): TFlightLogDetail => {
  const outcome = row.outcome;
  const stats = outcome.statistics;
  const cabin = outcome.cabin;
  return {
    ...toSummary(row, false),
    ...flownRecordOf(row),
    fcReason: row.fcReason,
    inRestPeriod: row.inRestPeriod,
    nextRemuneration: row.nextRemuneration?.toISOString() ?? null,
    isPNC: row.isPNC,
    cruiseLevel: row.cruiseLevelFt,
    aircraftRegistration: row.aircraftRegistration,
    originalArrivalIdent: row.originalArrivalIdent,
    isDiverted: outcome.isDiverted,
    isCrashed: outcome.isCrashed,
    finalStep: outcome.finalStep,
    startBlockDate: isoOrNull(stats.blockOffTimeMs),
    endBlockDate: isoOrNull(stats.blockOnTimeMs),
    takeoffDate: isoOrNull(stats.takeoffTimeMs),
    landingDate: isoOrNull(stats.landingTimeMs),
    steps: outcome.steps.map((step) => ({ name: step.step, date: new Date(step.timeMs).toISOString() })),
    integrity: outcome.integrity,
    reward: row.reward,
    flightScore: row.flightScore,
    incidents: cabin ? cabin.incidents.map((incident) => ({ ...incident, date: new Date(incident.timeMs).toISOString() })) : null,
    satisfaction: cabin
      ? { satietyRate: cabin.satietyRate, entertainmentRate: cabin.entertainmentRate, wellnessRate: cabin.wellnessRate, satisfactionRate: cabin.satisfactionRate }
      : null,
    passengers: cabin ? cabin.passengers : null,
    pax: row.pax,
    cargos: row.cargos,
    missionId: row.missionId,
    ledgerHash: row.ledgerHash,
    ledgerBlockHeight: row.ledgerBlockHeight,
    review,
  };
};

/**
 * GET /v1/flight-log/{id}: the caller's own log (someone else's id answers 404). The log book is
 * premium: a freemium pilot opens the newest logs and the held ones, any other answers 403
 * (`mayOpenFlightLog`, docs/decisions/0045-pilot-tier-rules.md).
 */
export const getFlightLog = async (ctx: FlightLogContext, callerId: string, id: string): Promise<TFlightLogDetail> => {
  const row = await findFlightLog(ctx.deps.db, id);
  const flightLogNotFound = () => notFound('Flight log');
  if (!row) throw flightLogNotFound();
  await requireAccessOrHide(ctx.deps.db, { id: callerId }, 'flight-log.user.read', { userId: row.userId }, flightLogNotFound);
  const [premium, newest] = await Promise.all([isPremiumPilot(ctx, callerId), recentFlightLogIds(ctx.deps.db, callerId, FREEMIUM_OPEN_LOGS)]);
  if (!mayOpenFlightLog({ premium, isAmongNewest: newest.has(row.id), reviewStatus: row.reviewStatus })) {
    throw new AppError(ErrorCode.forbidden, 'The whole flight log is a GOLD feature: as a freemium pilot you open your 3 newest flights and those held for review');
  }
  return toDetail(row, await flightReviewOfLog(ctx.deps.db, row, callerId));
};

/** GET /v1/flight-log/user/{userId}?search&page&size: the caller's own only. */
export const listFlightLogsOfUser = async (
  ctx: FlightLogContext,
  caller: Caller,
  userId: string,
  query: { search?: string | undefined; page: number; size: number },
): Promise<TFlightLogPage> => {
  await requireAccess(ctx.deps.db, caller, 'flight-log.user.read', { userId });
  const [page, premium, open] = await Promise.all([
    pageFlightLogsOfUser(ctx.deps.db, userId, query),
    isPremiumPilot(ctx, userId),
    recentFlightLogIds(ctx.deps.db, userId, FREEMIUM_OPEN_LOGS),
  ]);
  return toPage(page, (row) => toSummary(row, !mayOpenFlightLog({ premium, isAmongNewest: open.has(row.id), reviewStatus: row.reviewStatus })));
};
