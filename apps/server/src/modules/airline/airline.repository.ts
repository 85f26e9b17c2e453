import { and, asc, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineMembers, airlines } from './airline.schema';

/** The airline row itself: who owns it, its state, balance and settings. */
export type AirlineRow = typeof airlines.$inferSelect;
export type NewAirlineRow = typeof airlines.$inferInsert;

export const findAirlineRow = async (db: DbExecutor, airlineId: string): Promise<AirlineRow | undefined> => {
  const [row] = await db.select().from(airlines).where(eq(airlines.id, airlineId));
  return row;
};

/** Whether this user owns an airline that is not CLOSED. */
export const ownsLiveAirline = async (db: DbExecutor, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(airlines)
    .where(and(eq(airlines.ownerId, userId), sql`${airlines.state} <> 'CLOSED'`));
  return (row?.n ?? 0) > 0;
};

/** Whether another airline than `exceptId` uses this code (case-insensitive). */
export const isCodeTaken = async (db: DbExecutor, code: string, exceptId?: string): Promise<boolean> => {
  const [taken] = await db
    .select({ id: airlines.id })
    .from(airlines)
    .where(and(sql`upper(${airlines.code}) = upper(${code})`, exceptId ? ne(airlines.id, exceptId) : undefined));
  return taken !== undefined;
};

/** Whether another airline than `exceptId` uses this name (case-insensitive). */
export const isNameTaken = async (db: DbExecutor, name: string, exceptId?: string): Promise<boolean> => {
  const [named] = await db
    .select({ id: airlines.id })
    .from(airlines)
    .where(and(sql`lower(${airlines.name}) = lower(${name})`, exceptId ? ne(airlines.id, exceptId) : undefined));
  return named !== undefined;
};

export const insertAirline = async (db: DbExecutor, values: NewAirlineRow): Promise<AirlineRow> => {
  const [row] = await db.insert(airlines).values(values).returning();
  return row!;
};

export const updateAirlineRow = async (db: DbExecutor, airlineId: string, patch: Partial<NewAirlineRow>): Promise<AirlineRow | undefined> => {
  const [row] = await db.update(airlines).set(patch).where(eq(airlines.id, airlineId)).returning();
  return row;
};

export const deleteAirlineRow = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlines).where(eq(airlines.id, airlineId));
};

/** One page of the ACTIVE airlines whose name contains `text` or whose code is `text`, by name. */
export const searchAirlinesPage = (db: DbExecutor, text: string | undefined, page: { page: number; size: number }) => {
  const where = and(eq(airlines.state, 'ACTIVE'), text ? sql`(${ilike(airlines.name, `%${text}%`)} or upper(${airlines.code}) = upper(${text}))` : undefined);
  const select = db
    .select({
      id: airlines.id,
      name: airlines.name,
      photo: airlines.photo,
      shortDescription: airlines.shortDescription,
      gameDifficulty: airlines.gameDifficulty,
      recruitmentOpened: airlines.recruitmentOpened,
      // Table-qualified by hand: in a one-table select drizzle writes bare column names, which the sub-select would resolve to its own table.
      mainHubIdent: sql<string | null>`(select h.airport_ident from airline_hubs h where h.airline_id = "airlines"."id" and h.is_main)`,
      nbOfMembers: sql<number>`(select count(*)::int from airline_members m where m.airline_id = "airlines"."id" and m.status = 'ACTIVE')`,
    })
    .from(airlines)
    .where(where)
    .$dynamic();
  return selectPage(db, page, { select, orderBy: [asc(airlines.name)] });
};

/** The airlines a user belongs to (ACTIVE or grounded), by name, with the user's role and status there. */
export const findAirlinesOfUser = (db: DbExecutor, userId: string) =>
  db
    .select({ id: airlines.id, name: airlines.name, role: airlineMembers.role, status: airlineMembers.status })
    .from(airlineMembers)
    .innerJoin(airlines, eq(airlines.id, airlineMembers.airlineId))
    .where(and(eq(airlineMembers.userId, userId), inArray(airlineMembers.status, ['ACTIVE', 'SUSPENDED'])))
    .orderBy(asc(airlines.name));

/** Airline rows by id (unknown ids are absent from the map). */
export const findAirlineRows = async (db: DbExecutor, airlineIds: readonly string[]): Promise<Map<string, AirlineRow>> => {
  if (airlineIds.length === 0) return new Map();
  const rows = await db.select().from(airlines).where(inArray(airlines.id, [...new Set(airlineIds)]));
  return new Map(rows.map((row) => [row.id, row]));
};
