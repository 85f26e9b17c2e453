import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineRoutes } from './airline.schema';

export type RouteRow = typeof airlineRoutes.$inferSelect;
export type NewRouteRow = typeof airlineRoutes.$inferInsert;

/** One page of the airline's routes (those leaving `fromIdent` when given), oldest first. */
export const findRouteRowsPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }, fromIdent?: string) => {
  const where = and(eq(airlineRoutes.airlineId, airlineId), fromIdent ? sql`${airlineRoutes.destinations}[1] = ${fromIdent.toUpperCase()}` : undefined);
  return selectPage(db, page, { select: db.select().from(airlineRoutes).where(where).$dynamic(), orderBy: [asc(airlineRoutes.createdAt)] });
};

/** Every route of the airline, oldest first. */
export const findRoutesOf = (db: DbExecutor, airlineId: string): Promise<RouteRow[]> =>
  db.select().from(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId)).orderBy(asc(airlineRoutes.createdAt));

export const findRouteOf = async (db: DbExecutor, airlineId: string, routeId: string): Promise<RouteRow | undefined> => {
  const [route] = await db.select().from(airlineRoutes).where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId)));
  return route;
};

export const insertRoute = async (db: DbExecutor, values: NewRouteRow): Promise<RouteRow> => {
  const [route] = await db.insert(airlineRoutes).values(values).returning();
  return route!;
};

export const updateRouteOf = async (db: DbExecutor, airlineId: string, routeId: string, patch: Partial<NewRouteRow>): Promise<RouteRow | undefined> => {
  const [route] = await db
    .update(airlineRoutes)
    .set(patch)
    .where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId)))
    .returning();
  return route;
};

/** Deletes the airline's route; false when it has none with this id. */
export const deleteRouteOf = async (db: DbExecutor, airlineId: string, routeId: string): Promise<boolean> => {
  const [route] = await db.delete(airlineRoutes).where(and(eq(airlineRoutes.id, routeId), eq(airlineRoutes.airlineId, airlineId))).returning({ id: airlineRoutes.id });
  return route !== undefined;
};

export const countRoutesOf = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId));
  return row?.n ?? 0;
};

export const deleteRoutesOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlineRoutes).where(eq(airlineRoutes.airlineId, airlineId));
};
