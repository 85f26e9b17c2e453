import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { TPageRequest } from '@contrail/domain/api/page';
import type { DbExecutor } from '../../db/database';
import { selectPage, type PageOfRows } from '../../db/paging';
import { phpvmsAcars, phpvmsComments, phpvmsPireps } from './phpvms-api.schema';

export type PirepRow = typeof phpvmsPireps.$inferSelect;
export type AcarsRow = typeof phpvmsAcars.$inferSelect;

export const insertPirep = async (db: DbExecutor, values: typeof phpvmsPireps.$inferInsert): Promise<PirepRow> => {
  const [row] = await db.insert(phpvmsPireps).values(values).returning();
  return row!;
};

export const findPirep = async (db: DbExecutor, id: string): Promise<PirepRow | undefined> => {
  const [row] = await db.select().from(phpvmsPireps).where(eq(phpvmsPireps.id, id));
  return row;
};

export const updatePirep = async (db: DbExecutor, id: string, values: Partial<typeof phpvmsPireps.$inferInsert>): Promise<PirepRow> => {
  const [row] = await db.update(phpvmsPireps).set(values).where(eq(phpvmsPireps.id, id)).returning();
  return row!;
};

/** The pilot's report in progress with the same airline, flight number and airports (a duplicate prefile). */
export const findDuplicatePirep = async (
  db: DbExecutor,
  key: { userId: string; airlineId: string; flightNumber: string; dptAirportId: string; arrAirportId: string },
): Promise<PirepRow | undefined> => {
  const [row] = await db
    .select()
    .from(phpvmsPireps)
    .where(
      and(
        eq(phpvmsPireps.userId, key.userId),
        eq(phpvmsPireps.state, 0),
        eq(phpvmsPireps.airlineId, key.airlineId),
        eq(phpvmsPireps.flightNumber, key.flightNumber),
        eq(phpvmsPireps.dptAirportId, key.dptAirportId),
        eq(phpvmsPireps.arrAirportId, key.arrAirportId),
      ),
    );
  return row;
};

/** A page of the pilot's reports, newest first: one state, or every state but cancelled. */
export const pagePireps = async (db: DbExecutor, userId: string, state: number | null, request: TPageRequest): Promise<PageOfRows<PirepRow>> => {
  const where = and(eq(phpvmsPireps.userId, userId), state === null ? ne(phpvmsPireps.state, 3) : eq(phpvmsPireps.state, state));
  return selectPage(db, request, { select: db.select().from(phpvmsPireps).where(where).$dynamic(), orderBy: [desc(phpvmsPireps.createdAt), desc(phpvmsPireps.id)] });
};

/** Inserts ACARS rows; a row whose client id the report already holds is left as it is. Answers the rows inserted. */
export const insertAcars = async (db: DbExecutor, rows: (typeof phpvmsAcars.$inferInsert)[]): Promise<AcarsRow[]> => {
  if (rows.length === 0) return [];
  return db.insert(phpvmsAcars).values(rows).onConflictDoNothing().returning();
};

export const listAcars = async (db: DbExecutor, pirepId: string, type: AcarsRow['type']): Promise<AcarsRow[]> =>
  db
    .select()
    .from(phpvmsAcars)
    .where(and(eq(phpvmsAcars.pirepId, pirepId), eq(phpvmsAcars.type, type)))
    .orderBy(asc(phpvmsAcars.order), sql`${phpvmsAcars.simTime} asc nulls last`, asc(phpvmsAcars.createdAt));

export const lastPosition = async (db: DbExecutor, pirepId: string): Promise<AcarsRow | undefined> => {
  const [row] = await db
    .select()
    .from(phpvmsAcars)
    .where(and(eq(phpvmsAcars.pirepId, pirepId), eq(phpvmsAcars.type, 'position')))
    .orderBy(sql`${phpvmsAcars.simTime} desc nulls last`, desc(phpvmsAcars.createdAt))
    .limit(1);
  return row;
};

export const deleteAcars = async (db: DbExecutor, pirepId: string, type: AcarsRow['type']): Promise<void> => {
  await db.delete(phpvmsAcars).where(and(eq(phpvmsAcars.pirepId, pirepId), eq(phpvmsAcars.type, type)));
};

export const insertComment = async (db: DbExecutor, values: typeof phpvmsComments.$inferInsert) => {
  const [row] = await db.insert(phpvmsComments).values(values).returning();
  return row!;
};

export const listComments = async (db: DbExecutor, pirepId: string) =>
  db.select().from(phpvmsComments).where(eq(phpvmsComments.pirepId, pirepId)).orderBy(asc(phpvmsComments.createdAt));
