import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineHubs } from './airline.schema';

export type HubRow = typeof airlineHubs.$inferSelect;
export type NewHubRow = typeof airlineHubs.$inferInsert;

export const findHubsPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }) =>
  selectPage(db, page, { select: db.select().from(airlineHubs).where(eq(airlineHubs.airlineId, airlineId)).$dynamic(), orderBy: [asc(airlineHubs.createdAt)] });

/** Every hub of the airline, oldest first. */
export const findHubsOf = (db: DbExecutor, airlineId: string): Promise<HubRow[]> =>
  db.select().from(airlineHubs).where(eq(airlineHubs.airlineId, airlineId)).orderBy(asc(airlineHubs.createdAt));

/** The airline's hubs that are not CLOSED (the live map). */
export const findOpenHubsOf = (db: DbExecutor, airlineId: string): Promise<HubRow[]> =>
  db.select().from(airlineHubs).where(and(eq(airlineHubs.airlineId, airlineId), sql`${airlineHubs.state} <> 'CLOSED'`));

export const findHubOf = async (db: DbExecutor, airlineId: string, hubId: string): Promise<HubRow | undefined> => {
  const [hub] = await db.select().from(airlineHubs).where(and(eq(airlineHubs.id, hubId), eq(airlineHubs.airlineId, airlineId)));
  return hub;
};

export const findHubById = async (db: DbExecutor, hubId: string): Promise<HubRow | undefined> => {
  const [hub] = await db.select().from(airlineHubs).where(eq(airlineHubs.id, hubId));
  return hub;
};

export const findActiveHubOf = async (db: DbExecutor, airlineId: string, hubId: string): Promise<HubRow | undefined> => {
  const [hub] = await db.select().from(airlineHubs).where(and(eq(airlineHubs.id, hubId), eq(airlineHubs.airlineId, airlineId), eq(airlineHubs.state, 'ACTIVE')));
  return hub;
};

/** The airports of the airline's ACTIVE hubs. */
export const findActiveHubIdents = async (db: DbExecutor, airlineId: string): Promise<Set<string>> =>
  new Set((await db.select({ ident: airlineHubs.airportIdent }).from(airlineHubs).where(and(eq(airlineHubs.airlineId, airlineId), eq(airlineHubs.state, 'ACTIVE')))).map((row) => row.ident));

/** Inserts a hub; undefined when the airline already has one at that airport. */
export const insertHub = async (db: DbExecutor, values: NewHubRow): Promise<HubRow | undefined> => {
  const [hub] = await db.insert(airlineHubs).values(values).onConflictDoNothing().returning();
  return hub;
};

export const updateHubRow = async (db: DbExecutor, hubId: string, patch: Partial<Pick<HubRow, 'state' | 'nextDtOfPayment' | 'isMain'>>): Promise<void> => {
  await db.update(airlineHubs).set(patch).where(eq(airlineHubs.id, hubId));
};

export const clearMainHub = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.update(airlineHubs).set({ isMain: false }).where(eq(airlineHubs.airlineId, airlineId));
};

/** A hub whose rent was paid by hand: ACTIVE again until `due`, unless it was closed meanwhile. */
export const reactivateHub = async (db: DbExecutor, hubId: string, due: Date): Promise<HubRow | undefined> => {
  const [hub] = await db.update(airlineHubs).set({ state: 'ACTIVE', nextDtOfPayment: due }).where(and(eq(airlineHubs.id, hubId), sql`${airlineHubs.state} <> 'CLOSED'`)).returning();
  return hub;
};

/** How many hubs (of every airline) stand at this airport. */
export const countHubsAt = async (db: DbExecutor, airportIdent: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airlineHubs).where(eq(airlineHubs.airportIdent, airportIdent));
  return row?.n ?? 0;
};

export const countHubsOf = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(airlineHubs).where(eq(airlineHubs.airlineId, airlineId));
  return row?.n ?? 0;
};

export const deleteHubsOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlineHubs).where(eq(airlineHubs.airlineId, airlineId));
};
