import type { DbExecutor } from '../../db/database';
import type { PageOfRows } from '../../db/paging';
import {
  findFlightLog,
  findReviewLogInScope,
  pageReviewLogs,
  type FlightLogRow,
  type ReviewLogScope,
} from '../flight-log/flight-log.service';
import { airlineFlightIdsQuery, airlinesOfFlights } from '../flight/flight-directory.service';
import { userNamesOf } from '../user/user-directory.service';

/**
 * The logs a review queue holds, each with its pilot's name and the airline it flew for: the logs
 * from the flight-log module, the airline from the flight module, the names from the user module.
 */

/** Whose flights a queue holds: one airline's flights, or the site's (every flight that is not an airline's). */
export type ReviewScope = { kind: 'airline'; airlineId: string } | { kind: 'site' };

export type ReviewedLogRow = { log: FlightLogRow; pilotUserName: string; airlineId: string | null };

const logScopeOf = (db: DbExecutor, scope: ReviewScope): ReviewLogScope =>
  scope.kind === 'airline' ? { kind: 'airline', flightIds: airlineFlightIdsQuery(db, scope.airlineId) } : { kind: 'site' };

/** The logs with their pilots' names and airlines, in their order. */
const withPilotsAndAirlines = async (db: DbExecutor, logs: readonly FlightLogRow[]): Promise<ReviewedLogRow[]> => {
  const [names, airlines] = await Promise.all([userNamesOf(db, logs.map((log) => log.userId)), airlinesOfFlights(db, logs.map((log) => log.flightId))]);
  return logs.map((log) => ({ log, pilotUserName: names.get(log.userId) ?? '', airlineId: airlines.get(log.flightId) ?? null }));
};

const reviewedLogOf = async (db: DbExecutor, log: FlightLogRow | undefined): Promise<ReviewedLogRow | undefined> =>
  log ? (await withPilotsAndAirlines(db, [log]))[0] : undefined;

/**
 * A page of the queue, the reviewer's own flights left out: the pending flights oldest first (the
 * queue's order), the decided ones most recently decided first.
 */
export const pageReviewQueue = async (
  db: DbExecutor,
  scope: ReviewScope,
  reviewerId: string,
  query: { status: 'pending' | 'decided'; page: number; size: number },
): Promise<PageOfRows<ReviewedLogRow>> => {
  const page = await pageReviewLogs(db, logScopeOf(db, scope), reviewerId, query);
  return { ...page, rows: await withPilotsAndAirlines(db, page.rows) };
};

/** One log of the scope with its pilot's name, or undefined when the scope does not hold it. */
export const findLogInScope = async (db: DbExecutor, scope: ReviewScope, flightLogId: string): Promise<ReviewedLogRow | undefined> =>
  reviewedLogOf(db, await findReviewLogInScope(db, logScopeOf(db, scope), flightLogId));

/** A log with its pilot's name and airline, whatever its scope. */
export const findReviewedLog = async (db: DbExecutor, flightLogId: string): Promise<ReviewedLogRow | undefined> =>
  reviewedLogOf(db, await findFlightLog(db, flightLogId));
