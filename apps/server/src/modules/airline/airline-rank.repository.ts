import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineMembers, airlineRanks } from './airline.schema';

export type RankRow = typeof airlineRanks.$inferSelect;
export type NewRankRow = typeof airlineRanks.$inferInsert;

export const findRankRow = async (db: DbExecutor, airlineId: string, rankId: string): Promise<RankRow | undefined> => {
  const [rank] = await db.select().from(airlineRanks).where(and(eq(airlineRanks.id, rankId), eq(airlineRanks.airlineId, airlineId)));
  return rank;
};

export const findRanksOf = (db: DbExecutor, airlineId: string): Promise<RankRow[]> => db.select().from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));

export const findRanksById = (db: DbExecutor, rankIds: readonly string[]): Promise<RankRow[]> => db.select().from(airlineRanks).where(inArray(airlineRanks.id, [...rankIds]));

export const findDefaultRankId = async (db: DbExecutor, airlineId: string): Promise<string | undefined> => {
  const [rank] = await db.select({ id: airlineRanks.id }).from(airlineRanks).where(and(eq(airlineRanks.airlineId, airlineId), eq(airlineRanks.isDefault, true)));
  return rank?.id;
};

export const findRanksPage = (db: DbExecutor, airlineId: string, page: { page: number; size: number }) =>
  selectPage(db, page, { select: db.select().from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId)).$dynamic(), orderBy: [asc(airlineRanks.sortIdx)] });

/** The highest sort index of the airline's ranks, -1 without any. */
export const findMaxRankSortIdx = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [max] = await db.select({ max: sql<number>`coalesce(max(${airlineRanks.sortIdx}), -1)::int` }).from(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
  return max?.max ?? -1;
};

export const insertRank = async (db: DbExecutor, values: NewRankRow): Promise<RankRow> => {
  const [rank] = await db.insert(airlineRanks).values(values).returning();
  return rank!;
};

export const updateRankRow = async (db: DbExecutor, rankId: string, patch: Partial<NewRankRow>): Promise<RankRow | undefined> => {
  const [rank] = await db.update(airlineRanks).set(patch).where(eq(airlineRanks.id, rankId)).returning();
  return rank;
};

/** Moves the members of one rank to another (or to none). */
export const moveRankMembers = async (db: DbExecutor, fromRankId: string, toRankId: string | null): Promise<void> => {
  await db.update(airlineMembers).set({ rankId: toRankId }).where(eq(airlineMembers.rankId, fromRankId));
};

export const deleteRankRow = async (db: DbExecutor, rankId: string): Promise<void> => {
  await db.delete(airlineRanks).where(eq(airlineRanks.id, rankId));
};

/** Deletes every rank of an airline, its members keeping none. */
export const deleteRanksOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.update(airlineMembers).set({ rankId: null }).where(eq(airlineMembers.airlineId, airlineId));
  await db.delete(airlineRanks).where(eq(airlineRanks.airlineId, airlineId));
};

/** The first rank of an airline: the default every member starts with. */
export const insertDefaultRank = async (db: DbExecutor, airlineId: string, name: string): Promise<RankRow> => {
  const rank = await insertRank(db, { airlineId, name, sortIdx: 0, isDefault: true });
  await db.update(airlineMembers).set({ rankId: rank.id }).where(eq(airlineMembers.airlineId, airlineId));
  return rank;
};
