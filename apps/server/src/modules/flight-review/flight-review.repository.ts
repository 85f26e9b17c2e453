import { AirlineRole, airlineRoleGrants } from '@contrail/domain/access/permissions';
import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage, type PageOfRows, type PageOrder } from '../../db/paging';
import { airlineMembers } from '../airline/airline.schema';
import { flightLogs } from '../flight-log/flight-log.schema';
import { flights } from '../flight/flight.schema';
import { users } from '../user/user.schema';

/** Whose flights a queue holds: one airline's flights, or the site's (every flight that is not an airline's). */
export type ReviewScope = { kind: 'airline'; airlineId: string } | { kind: 'site' };

export type ReviewedLogRow = { log: typeof flightLogs.$inferSelect; pilotUserName: string; airlineId: string | null };

const inScope = (scope: ReviewScope): SQL | undefined =>
  scope.kind === 'airline' ? and(eq(flightLogs.type, 'AIRLINE'), eq(flights.virtualAirlineId, scope.airlineId)) : ne(flightLogs.type, 'AIRLINE');

const reviewedLogs = (db: DbExecutor) =>
  db
    .select({ log: flightLogs, pilotUserName: users.userName, airlineId: flights.virtualAirlineId })
    .from(flightLogs)
    .innerJoin(users, eq(users.id, flightLogs.userId))
    .leftJoin(flights, eq(flights.id, flightLogs.flightId));

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
  const byStatus =
    query.status === 'pending' ? eq(flightLogs.reviewStatus, 'pending') : and(inArray(flightLogs.reviewStatus, ['accepted', 'rejected']), isNotNull(flightLogs.reviewedAt));
  const where = and(inScope(scope), byStatus, ne(flightLogs.userId, reviewerId));
  const order: PageOrder = query.status === 'pending' ? [asc(flightLogs.endDate), asc(flightLogs.id)] : [desc(flightLogs.reviewedAt), desc(flightLogs.id)];
  return selectPage(db, { page: query.page, size: query.size }, { select: reviewedLogs(db).where(where).$dynamic(), orderBy: order });
};

/** One log of the scope with its pilot's name, or undefined when the scope does not hold it. */
export const findLogInScope = async (db: DbExecutor, scope: ReviewScope, flightLogId: string): Promise<ReviewedLogRow | undefined> => {
  const [row] = await reviewedLogs(db).where(and(eq(flightLogs.id, flightLogId), inScope(scope)));
  return row;
};

/** A log with its pilot's name and airline, whatever its scope. */
export const findReviewedLog = async (db: DbExecutor, flightLogId: string): Promise<ReviewedLogRow | undefined> => {
  const [row] = await reviewedLogs(db).where(eq(flightLogs.id, flightLogId));
  return row;
};

/** Holds the log's row until the transaction ends, so two decisions on it are made one after the other. */
export const lockFlightLog = async (db: DbExecutor, flightLogId: string): Promise<void> => {
  await db.execute(sql`SELECT 1 FROM ${flightLogs} WHERE ${flightLogs.id} = ${flightLogId} FOR UPDATE`);
};

export const recordDecision = async (
  db: DbExecutor,
  flightLogId: string,
  decision: { reviewStatus: 'accepted' | 'rejected'; reviewerComment: string; reviewedBy: string; reviewedAt: Date },
): Promise<void> => {
  await db.update(flightLogs).set(decision).where(eq(flightLogs.id, flightLogId));
};

/** Records the pilot's one reply; false when the log is not pending or already has a reply. */
export const recordPilotReply = async (db: DbExecutor, flightLogId: string, pilotId: string, reply: string, now: Date): Promise<boolean> => {
  const updated = await db
    .update(flightLogs)
    .set({ pilotReply: reply, pilotRepliedAt: now })
    .where(and(eq(flightLogs.id, flightLogId), eq(flightLogs.userId, pilotId), eq(flightLogs.reviewStatus, 'pending'), sql`${flightLogs.pilotReply} is null`))
    .returning({ id: flightLogs.id });
  return updated.length > 0;
};

export const findUserName = async (db: DbExecutor, userId: string): Promise<string | undefined> => {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName;
};

/** The airline roles that review its flights, read from the access map. */
const reviewerRoles = AirlineRole.filter((role) => airlineRoleGrants(role, 'airline.flight.review'));

/** Who reviews a scope's flights: the airline's ACTIVE owner and administrators, or the site admins. */
export const reviewerIdsOf = async (db: DbExecutor, scope: ReviewScope): Promise<string[]> => {
  const rows =
    scope.kind === 'airline'
      ? await db
          .select({ id: airlineMembers.userId })
          .from(airlineMembers)
          .where(and(eq(airlineMembers.airlineId, scope.airlineId), eq(airlineMembers.status, 'ACTIVE'), inArray(airlineMembers.role, reviewerRoles)))
      : await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
  return rows.map((row) => row.id);
};
