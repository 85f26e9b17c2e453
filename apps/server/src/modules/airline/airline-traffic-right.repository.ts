import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineTrafficRights } from './airline.schema';

export type TrafficRightRow = typeof airlineTrafficRights.$inferSelect;

export const findTrafficRightsPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }) =>
  selectPage(db, page, { select: db.select().from(airlineTrafficRights).where(eq(airlineTrafficRights.airlineId, airlineId)).$dynamic(), orderBy: [asc(airlineTrafficRights.isoCountry)] });

/** Inserts a traffic right; undefined when the airline already holds that country's. */
export const insertTrafficRight = async (db: DbExecutor, values: typeof airlineTrafficRights.$inferInsert): Promise<TrafficRightRow | undefined> => {
  const [right] = await db.insert(airlineTrafficRights).values(values).onConflictDoNothing().returning();
  return right;
};

export const findTrafficRightOf = async (db: DbExecutor, airlineId: string, isoCountry: string): Promise<TrafficRightRow | undefined> => {
  const [right] = await db.select().from(airlineTrafficRights).where(and(eq(airlineTrafficRights.airlineId, airlineId), eq(airlineTrafficRights.isoCountry, isoCountry)));
  return right;
};

export const setTrafficRightAutoRenewRow = async (db: DbExecutor, rightId: string, autoRenew: boolean): Promise<void> => {
  await db.update(airlineTrafficRights).set({ autoRenew }).where(eq(airlineTrafficRights.id, rightId));
};

/** Moves the end date from the one it was read at (ACTIVE again); undefined when another renewal moved it first. */
export const extendTrafficRight = async (db: DbExecutor, rightId: string, fromEndDate: Date, toEndDate: Date): Promise<TrafficRightRow | undefined> => {
  const [moved] = await db
    .update(airlineTrafficRights)
    .set({ endDate: toEndDate, state: 'ACTIVE' })
    .where(and(eq(airlineTrafficRights.id, rightId), eq(airlineTrafficRights.endDate, fromEndDate)))
    .returning();
  return moved;
};

/** A renewal paid by hand: twelve months more, ACTIVE again. */
export const renewTrafficRightByAYear = async (db: DbExecutor, rightId: string): Promise<TrafficRightRow | undefined> => {
  const [right] = await db
    .update(airlineTrafficRights)
    .set({ state: 'ACTIVE', endDate: sql`${airlineTrafficRights.endDate} + interval '12 months'` })
    .where(eq(airlineTrafficRights.id, rightId))
    .returning();
  return right;
};

export const deleteTrafficRightsOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlineTrafficRights).where(eq(airlineTrafficRights.airlineId, airlineId));
};
