import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage, type PageOfRows, type PageOrder } from '../../db/paging';
import { flightLogs } from './flight-log.schema';
import { ledgerHashOfLog } from '../ledger/ledger-record-of-log';

export type FlightLogRow = typeof flightLogs.$inferSelect;
export type NewFlightLogRow = typeof flightLogs.$inferInsert;

/** Writes a log with its ledger record hash, the pending record the sealing job puts into a block. */
export const insertFlightLog = async (db: DbExecutor, values: Omit<NewFlightLogRow, 'ledgerHash'>): Promise<FlightLogRow> => {
  const log = { ...values, id: values.id ?? randomUUID() };
  const [row] = await db.insert(flightLogs).values({ ...log, ledgerHash: ledgerHashOfLog(log) }).returning();
  if (!row) throw new Error('insertFlightLog: no row returned');
  return row;
};

export const findFlightLog = async (db: DbExecutor, id: string): Promise<FlightLogRow | undefined> => {
  const [row] = await db.select().from(flightLogs).where(eq(flightLogs.id, id));
  return row;
};

/** The log with its row locked until the transaction ends (one decision or payment at a time). */
export const lockFlightLog = async (tx: DbExecutor, id: string): Promise<FlightLogRow | undefined> => {
  const [row] = await tx.select().from(flightLogs).where(eq(flightLogs.id, id)).for('update');
  return row;
};

export const updateFlightLog = async (db: DbExecutor, id: string, patch: Partial<Omit<NewFlightLogRow, 'id'>>): Promise<void> => {
  await db.update(flightLogs).set(patch).where(eq(flightLogs.id, id));
};

export const findFlightLogOfFlight = async (db: DbExecutor, flightId: string): Promise<FlightLogRow | undefined> => {
  const [row] = await db.select().from(flightLogs).where(eq(flightLogs.flightId, flightId));
  return row;
};

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A page of a user's logs, newest first; `search` matches flight number, airports or aircraft. */
export const pageFlightLogsOfUser = async (
  db: DbExecutor,
  userId: string,
  query: { search?: string | undefined; page: number; size: number },
) => {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    eq(flightLogs.userId, userId),
    pattern
      ? or(
          ilike(flightLogs.flightNumber, pattern),
          ilike(flightLogs.departureIdent, pattern),
          ilike(flightLogs.arrivalIdent, pattern),
          ilike(flightLogs.aircraftIcao, pattern),
        )
      : undefined,
  );
  return selectPage(db, { page: query.page, size: query.size }, { select: db.select().from(flightLogs).where(where).$dynamic(), orderBy: [desc(flightLogs.endDate), desc(flightLogs.id)] });
};

/** Ids of the user's `limit` most recent logs (the ones a freemium pilot may open). */
export const recentFlightLogIds = async (db: DbExecutor, userId: string, limit: number): Promise<Set<string>> => {
  const rows = await db
    .select({ id: flightLogs.id })
    .from(flightLogs)
    .where(eq(flightLogs.userId, userId))
    .orderBy(desc(flightLogs.endDate), desc(flightLogs.id))
    .limit(limit);
  return new Set(rows.map((row) => row.id));
};

/**
 * THE flight-hours query (the flight-time limits): airborne hours (`flight_duration_seconds`) of the
 * user's flight logs that ended at or after `since`; a flight counts whole at the time it ended.
 * The boundary is inclusive (`end_date >= since`) because every caller asks for a window that
 * starts at `since`: the calendar day and month of the flight-times page (a flight ended at
 * 00:00:00.000 UTC on the 1st belongs to the new month, as the month's limit reads it) and the
 * completion's month and last 24 hours (a flight ended exactly 24 h ago still counts towards the
 * rest period, the cautious reading of a rest rule).
 */
export const sumFlightHoursSince = async (db: DbExecutor, userId: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ seconds: sql<string>`coalesce(sum(${flightLogs.flightDurationSeconds}), 0)` })
    .from(flightLogs)
    .where(and(eq(flightLogs.userId, userId), gte(flightLogs.endDate, since)));
  return Number(row?.seconds ?? 0) / 3600;
};

/** A log's figures the weekly challenge ranks (read from the stored outcome without loading its track). */
export type RouteLogFigures = Pick<
  FlightLogRow,
  'id' | 'userId' | 'flightNumber' | 'aircraftIcao' | 'departureIdent' | 'arrivalIdent' | 'endDate' | 'isArrived' | 'practice' | 'reviewStatus' | 'distanceNm'
> & { fuelConsumedKg: number | null; touchdownFpm: number | null; isTouchdownRateKnown: boolean };

/** Logs of one route that ended in [from, to). */
export const listLogFiguresOnRoute = async (
  db: DbExecutor,
  route: { departureIdent: string; arrivalIdent: string; from: Date; to: Date },
): Promise<RouteLogFigures[]> => {
  const rows = await db
    .select({
      id: flightLogs.id,
      userId: flightLogs.userId,
      flightNumber: flightLogs.flightNumber,
      aircraftIcao: flightLogs.aircraftIcao,
      departureIdent: flightLogs.departureIdent,
      arrivalIdent: flightLogs.arrivalIdent,
      endDate: flightLogs.endDate,
      isArrived: flightLogs.isArrived,
      practice: flightLogs.practice,
      reviewStatus: flightLogs.reviewStatus,
      distanceNm: flightLogs.distanceNm,
      fuelConsumedKg: sql<string | null>`${flightLogs.outcome} -> 'statistics' ->> 'fuelConsumedKg'`,
      touchdownFpm: sql<string | null>`${flightLogs.outcome} -> 'landing' ->> 'verticalSpeedFpm'`,
      isObserved: sql<string | null>`${flightLogs.outcome} -> 'landing' ->> 'isObserved'`,
      isRateKnown: sql<string | null>`${flightLogs.outcome} -> 'landing' ->> 'isRateKnown'`,
    })
    .from(flightLogs)
    .where(
      and(
        eq(flightLogs.departureIdent, route.departureIdent),
        eq(flightLogs.arrivalIdent, route.arrivalIdent),
        gte(flightLogs.endDate, route.from),
        sql`${flightLogs.endDate} < ${route.to}`,
      ),
    );
  const numberOrNull = (value: string | null) => (value === null || value === '' || !Number.isFinite(Number(value)) ? null : Number(value));
  return rows.map(({ isObserved, isRateKnown, fuelConsumedKg, touchdownFpm, ...row }) => ({
    ...row,
    fuelConsumedKg: numberOrNull(fuelConsumedKg),
    touchdownFpm: numberOrNull(touchdownFpm),
    // A touchdown the tracker did not see, or whose rate is the last one known, scores no landing.
    isTouchdownRateKnown: isObserved === 'true' && isRateKnown !== 'false',
  }));
};

/** Each pilot's most flown aircraft type (ICAO) in their logs; pilots without logs are absent. */
export const findMostFlownAircraft = async (db: DbExecutor, userIds: readonly string[]): Promise<Map<string, string>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([flightLogs.userId], { userId: flightLogs.userId, aircraftIcao: flightLogs.aircraftIcao })
    .from(flightLogs)
    .where(inArray(flightLogs.userId, [...new Set(userIds)]))
    .groupBy(flightLogs.userId, flightLogs.aircraftIcao)
    .orderBy(flightLogs.userId, desc(count()));
  return new Map(rows.map((row) => [row.userId, row.aircraftIcao]));
};

// ---- the ledger's reads and writes of the logs it seals ----

/** Every column a log's ledger record is made of. */
const ledgerRecordColumns = {
  id: flightLogs.id,
  flightId: flightLogs.flightId,
  userId: flightLogs.userId,
  flightNumber: flightLogs.flightNumber,
  type: flightLogs.type,
  aircraftIcao: flightLogs.aircraftIcao,
  departureIdent: flightLogs.departureIdent,
  arrivalIdent: flightLogs.arrivalIdent,
  startDate: flightLogs.startDate,
  endDate: flightLogs.endDate,
  flightDurationSeconds: flightLogs.flightDurationSeconds,
  distanceNm: flightLogs.distanceNm,
  isArrived: flightLogs.isArrived,
  flightScore: flightLogs.flightScore,
  fc: flightLogs.fc,
  xp: flightLogs.xp,
  missionFcBonus: flightLogs.missionFcBonus,
  missionXpBonus: flightLogs.missionXpBonus,
  ledgerHash: flightLogs.ledgerHash,
};

/** How many logs are sealed (`validated`) and how many wait for a block (`pending`). */
export const countLogsByLedgerState = async (db: DbExecutor): Promise<{ validated: number; pending: number }> => {
  const states = await db.select({ state: flightLogs.ledgerState, value: count() }).from(flightLogs).groupBy(flightLogs.ledgerState);
  const of = (state: string) => states.find((row) => row.state === state)?.value ?? 0;
  return { validated: of('validated'), pending: of('pending') };
};

/**
 * The oldest pending logs, in the order they are sealed. A log in review waits: what it pays is
 * decided (and its record with it) only when a reviewer accepts or rejects it.
 */
export const listLogsAwaitingSeal = async (db: DbExecutor, limit: number) =>
  db
    .select(ledgerRecordColumns)
    .from(flightLogs)
    .where(and(eq(flightLogs.ledgerState, 'pending'), ne(flightLogs.reviewStatus, 'pending')))
    .orderBy(asc(flightLogs.createdAt), asc(flightLogs.id))
    .limit(limit);

/** The ledger records of these logs (absent: logs that no longer exist). */
export const ledgerRecordsOfLogs = async (db: DbExecutor, ids: readonly string[]) =>
  ids.length === 0 ? [] : db.select(ledgerRecordColumns).from(flightLogs).where(inArray(flightLogs.id, [...new Set(ids)]));

/** Whether a log with this record hash still waits for a block. */
export const isLedgerHashPending = async (db: DbExecutor, recordHash: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: flightLogs.id })
    .from(flightLogs)
    .where(and(eq(flightLogs.ledgerHash, recordHash), eq(flightLogs.ledgerState, 'pending')))
    .limit(1);
  return row !== undefined;
};

/** Marks these logs sealed in the block at `height`, each with the record hash its leaf holds. */
export const markLogsSealed = async (tx: DbExecutor, height: number, records: readonly { id: string; recordHash: string }[]): Promise<void> => {
  if (records.length === 0) return;
  const rows = records.map((record) => sql`(${record.id}::uuid, ${record.recordHash})`);
  await tx.execute(sql`
    update ${flightLogs} set ledger_state = 'validated', ledger_hash = sealed.record_hash, ledger_block_height = ${height}
    from (values ${sql.join(rows, sql`, `)}) as sealed(id, record_hash)
    where ${flightLogs.id} = sealed.id`);
};

// ---- the review queue's reads and writes of the logs it decides ----

/**
 * Which logs a review queue holds: an airline's (AIRLINE logs of the flights `flightIds` selects,
 * a subquery the flight module gives) or the site's (every log that is not an airline flight's).
 */
export type ReviewLogScope = { kind: 'airline'; flightIds: SQLWrapper } | { kind: 'site' };

const inReviewScope = (scope: ReviewLogScope): SQL | undefined =>
  scope.kind === 'airline' ? and(eq(flightLogs.type, 'AIRLINE'), inArray(flightLogs.flightId, scope.flightIds)) : ne(flightLogs.type, 'AIRLINE');

/**
 * A page of a review queue, the reviewer's own flights left out: the pending flights oldest first
 * (the queue's order), the decided ones most recently decided first.
 */
export const pageReviewLogs = async (
  db: DbExecutor,
  scope: ReviewLogScope,
  reviewerId: string,
  query: { status: 'pending' | 'decided'; page: number; size: number },
): Promise<PageOfRows<FlightLogRow>> => {
  const byStatus =
    query.status === 'pending' ? eq(flightLogs.reviewStatus, 'pending') : and(inArray(flightLogs.reviewStatus, ['accepted', 'rejected']), isNotNull(flightLogs.reviewedAt));
  const where = and(inReviewScope(scope), byStatus, ne(flightLogs.userId, reviewerId));
  const order: PageOrder = query.status === 'pending' ? [asc(flightLogs.endDate), asc(flightLogs.id)] : [desc(flightLogs.reviewedAt), desc(flightLogs.id)];
  return selectPage(db, { page: query.page, size: query.size }, { select: db.select().from(flightLogs).where(where).$dynamic(), orderBy: order });
};

/** One log of a review queue, or undefined when the queue does not hold it. */
export const findReviewLogInScope = async (db: DbExecutor, scope: ReviewLogScope, flightLogId: string): Promise<FlightLogRow | undefined> => {
  const [row] = await db.select().from(flightLogs).where(and(eq(flightLogs.id, flightLogId), inReviewScope(scope)));
  return row;
};

export const recordReviewDecision = async (
  db: DbExecutor,
  flightLogId: string,
  decision: { reviewStatus: 'accepted' | 'rejected'; reviewerComment: string; reviewedBy: string; reviewedAt: Date },
): Promise<void> => {
  await db.update(flightLogs).set(decision).where(eq(flightLogs.id, flightLogId));
};

/** Records the pilot's one reply; false when the log is not pending or already has a reply. */
export const recordReviewReply = async (db: DbExecutor, flightLogId: string, pilotId: string, reply: string, now: Date): Promise<boolean> => {
  const updated = await db
    .update(flightLogs)
    .set({ pilotReply: reply, pilotRepliedAt: now })
    .where(and(eq(flightLogs.id, flightLogId), eq(flightLogs.userId, pilotId), eq(flightLogs.reviewStatus, 'pending'), sql`${flightLogs.pilotReply} is null`))
    .returning({ id: flightLogs.id });
  return updated.length > 0;
};
