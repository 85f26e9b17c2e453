import { and, asc, count, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { TPageRequest } from '@contrail/domain/api/page';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { missions, userMissions } from './mission.schema';

export type MissionRow = typeof missions.$inferSelect;
export type NewMission = typeof missions.$inferInsert;
export type UserMissionRow = typeof userMissions.$inferSelect;

export type MissionFilter = {
  now: Date;
  clRequired?: number | undefined;
  title?: string | undefined;
  departureIdent?: string | undefined;
  arrivalIdent?: string | undefined;
  minDistanceNm?: number | undefined;
  maxDistanceNm?: number | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

const whereOf = (filter: MissionFilter): SQL | undefined => {
  const conditions: SQL[] = [lte(missions.startDate, filter.now), sql`${missions.endDate} > ${filter.now}`];
  if (filter.clRequired !== undefined) conditions.push(lte(missions.clRequired, filter.clRequired));
  if (filter.title) conditions.push(sql`${missions.title} ilike ${`%${escapeLike(filter.title)}%`}`);
  if (filter.departureIdent) conditions.push(eq(missions.departureIdent, filter.departureIdent));
  if (filter.arrivalIdent) conditions.push(eq(missions.arrivalIdent, filter.arrivalIdent));
  if (filter.minDistanceNm !== undefined) conditions.push(gte(missions.distanceNm, filter.minDistanceNm));
  if (filter.maxDistanceNm !== undefined) conditions.push(lte(missions.distanceNm, filter.maxDistanceNm));
  return and(...conditions);
};

export const findMissionsPage = async (db: DbExecutor, filter: MissionFilter, request: TPageRequest) =>
  selectPage(db, request, {
    select: db.select().from(missions).where(whereOf(filter)).$dynamic(),
    orderBy: [asc(missions.clRequired), asc(missions.distanceNm), asc(missions.id)],
  });

export const findMission = async (db: DbExecutor, id: string): Promise<MissionRow | undefined> => {
  const [row] = await db.select().from(missions).where(eq(missions.id, id)).limit(1);
  return row;
};

export const countGeneratedMissions = async (db: DbExecutor, periodKey: string): Promise<number> => {
  const [row] = await db.select({ count: count() }).from(missions).where(eq(missions.periodKey, periodKey));
  return row?.count ?? 0;
};

/** Inserts generated missions; a (period, slot) already there is skipped, so a refresh is idempotent. */
export const insertGeneratedMissions = async (db: DbExecutor, rows: NewMission[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(missions)
    .values(rows)
    .onConflictDoNothing({ target: [missions.periodKey, missions.slot] })
    .returning({ id: missions.id });
  return inserted.length;
};

export const insertMission = async (db: DbExecutor, row: NewMission): Promise<MissionRow> => {
  const [inserted] = await db.insert(missions).values(row).returning();
  return inserted!;
};

/** Missions the user started since `since` that still count (cancelled ones do not). */
export const countStartedSince = async (db: DbExecutor, userId: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ count: count() })
    .from(userMissions)
    .where(and(eq(userMissions.userId, userId), gte(userMissions.startedAt, since), ne(userMissions.status, 'CANCELLED')));
  return row?.count ?? 0;
};

export const insertUserMission = async (db: DbExecutor, row: typeof userMissions.$inferInsert): Promise<UserMissionRow> => {
  const [inserted] = await db.insert(userMissions).values(row).returning();
  return inserted!;
};

/** The pilot's mission record of a flight, if the flight flies a mission. */
export const findUserMissionOfFlight = async (db: DbExecutor, flightId: string) => {
  const [row] = await db.select({ id: userMissions.id, userId: userMissions.userId, status: userMissions.status }).from(userMissions).where(eq(userMissions.flightId, flightId));
  return row;
};

export const updateUserMission = async (
  db: DbExecutor,
  id: string,
  userId: string,
  values: Partial<Pick<UserMissionRow, 'status' | 'endedAt' | 'flightId'>>,
): Promise<UserMissionRow | undefined> => {
  const [row] = await db
    .update(userMissions)
    .set(values)
    .where(and(eq(userMissions.id, id), eq(userMissions.userId, userId)))
    .returning();
  return row;
};

export const listUserMissions = (db: DbExecutor, userId: string) =>
  db
    .select({ userMission: userMissions, mission: missions })
    .from(userMissions)
    .innerJoin(missions, eq(missions.id, userMissions.missionId))
    .where(eq(userMissions.userId, userId))
    .orderBy(desc(userMissions.startedAt));
