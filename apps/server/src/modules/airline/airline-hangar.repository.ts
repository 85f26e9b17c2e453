import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineHangars, airlineHubs } from './airline.schema';

export type HangarRow = typeof airlineHangars.$inferSelect;

/** One page of the airline's hangars, oldest first, each with its hub's airport. */
export const findHangarsPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }) =>
  selectPage(db, page, {
    select: db
      .select({ ...getTableColumns(airlineHangars), hubAirportIdent: airlineHubs.airportIdent })
      .from(airlineHangars)
      .innerJoin(airlineHubs, eq(airlineHubs.id, airlineHangars.hubId))
      .where(eq(airlineHangars.airlineId, airlineId))
      .$dynamic(),
    orderBy: [asc(airlineHangars.createdAt)],
  });

export const insertHangar = async (db: DbExecutor, values: typeof airlineHangars.$inferInsert): Promise<HangarRow> => {
  const [hangar] = await db.insert(airlineHangars).values(values).returning();
  return hangar!;
};

/** The ACTIVE hangars of a hub with how many planes each holds. */
export const findActiveHangarsAt = (db: DbExecutor, hubId: string) =>
  db
    .select({ id: airlineHangars.id, size: airlineHangars.size, used: sql<number>`(select count(*)::int from airline_planes p where p.hangar_id = "airline_hangars"."id")` })
    .from(airlineHangars)
    .where(and(eq(airlineHangars.hubId, hubId), eq(airlineHangars.state, 'ACTIVE')));

/** A hangar whose rent was paid by hand: ACTIVE again until `due`. */
export const reactivateHangar = async (db: DbExecutor, hangarId: string, due: Date): Promise<HangarRow | undefined> => {
  const [hangar] = await db.update(airlineHangars).set({ state: 'ACTIVE', nextDtOfPayment: due }).where(eq(airlineHangars.id, hangarId)).returning();
  return hangar;
};

export const countHangarsOf = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airlineHangars).where(eq(airlineHangars.airlineId, airlineId));
  return row?.n ?? 0;
};

export const deleteHangarsOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlineHangars).where(eq(airlineHangars.airlineId, airlineId));
};
