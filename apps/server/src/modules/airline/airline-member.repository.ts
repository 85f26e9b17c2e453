import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import { airlineApplicants, airlineMembers, airlineRanks } from './airline.schema';

export type MemberRow = typeof airlineMembers.$inferSelect;
export type MemberRole = MemberRow['role'];
type Page = { page: number; size: number };

/** Members still in the airline: ACTIVE, or grounded by its staff (SUSPENDED). */
const LIVE_STATUSES: MemberRow['status'][] = ['ACTIVE', 'SUSPENDED'];

/** One page of the airline's live members, oldest first, with their rank's name. */
export const findMembersPage = (db: DbExecutor, airlineId: string, page: Page) =>
  selectPage(db, page, {
    select: db
      .select({ id: airlineMembers.id, userId: airlineMembers.userId, role: airlineMembers.role, status: airlineMembers.status, rankId: airlineRanks.id, rankName: airlineRanks.name })
      .from(airlineMembers)
      .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
      .where(and(eq(airlineMembers.airlineId, airlineId), inArray(airlineMembers.status, LIVE_STATUSES)))
      .$dynamic(),
    orderBy: [asc(airlineMembers.createdAt)],
  });

export const countActiveMembers = async (db: DbExecutor, airlineId: string): Promise<number> => {
  const [members] = await db
    .select({ n: count() })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE')));
  return members?.n ?? 0;
};

/** A live member of this airline by membership id. */
export const findLiveMember = async (db: DbExecutor, airlineId: string, memberId: string): Promise<MemberRow | undefined> => {
  const [member] = await db
    .select()
    .from(airlineMembers)
    .where(and(eq(airlineMembers.id, memberId), eq(airlineMembers.airlineId, airlineId), inArray(airlineMembers.status, LIVE_STATUSES)));
  return member;
};

/** Whether this membership (any status) is the user's own. */
export const isOwnMembership = async (db: DbExecutor, airlineId: string, memberId: string, userId: string): Promise<boolean> => {
  const [own] = await db
    .select({ id: airlineMembers.id })
    .from(airlineMembers)
    .where(and(eq(airlineMembers.id, memberId), eq(airlineMembers.userId, userId), eq(airlineMembers.airlineId, airlineId)));
  return own !== undefined;
};

/** The user's membership of the airline in any status, or undefined. */
export const findMembership = async (db: DbExecutor, airlineId: string, userId: string): Promise<MemberRow | undefined> => {
  const [row] = await db
    .select()
    .from(airlineMembers)
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, userId)));
  return row;
};

/** The rank of the user's ACTIVE membership: undefined when not an active member, null without a rank. */
export const findActiveMemberRank = async (db: DbExecutor, airlineId: string, userId: string) => {
  const [me] = await db
    .select({ rank: airlineRanks })
    .from(airlineMembers)
    .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, userId), eq(airlineMembers.status, 'ACTIVE')));
  return me;
};

/** The salary bonus (percent) of the user's rank in the airline, any membership status; undefined without one. */
export const findMemberRankBonus = async (db: DbExecutor, airlineId: string, userId: string): Promise<number | null | undefined> => {
  const [member] = await db
    .select({ bonus: airlineRanks.fcBonusPercent })
    .from(airlineMembers)
    .leftJoin(airlineRanks, eq(airlineRanks.id, airlineMembers.rankId))
    .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.userId, userId)));
  return member?.bonus;
};

/** The user ids of the airline's ACTIVE members with these roles (who hears of an event). */
export const findMemberUserIds = async (db: DbExecutor, airlineId: string, roles: MemberRole[]): Promise<string[]> =>
  (
    await db
      .select({ userId: airlineMembers.userId })
      .from(airlineMembers)
      .where(and(eq(airlineMembers.airlineId, airlineId), eq(airlineMembers.status, 'ACTIVE'), inArray(airlineMembers.role, roles)))
  ).map((row) => row.userId);

export const insertMember = async (db: DbExecutor, values: typeof airlineMembers.$inferInsert): Promise<void> => {
  await db.insert(airlineMembers).values(values).onConflictDoNothing();
};

export const updateMemberRow = async (db: DbExecutor, memberId: string, patch: Partial<Pick<MemberRow, 'rankId' | 'role'>>): Promise<void> => {
  await db.update(airlineMembers).set(patch).where(eq(airlineMembers.id, memberId));
};

/** Moves a membership's status only from the one it was read in; false when another request moved it first. */
export const changeMemberStatus = async (db: DbExecutor, memberId: string, from: MemberRow['status'], to: MemberRow['status']): Promise<boolean> => {
  const [changed] = await db
    .update(airlineMembers)
    .set({ status: to })
    .where(and(eq(airlineMembers.id, memberId), eq(airlineMembers.status, from)))
    .returning({ id: airlineMembers.id });
  return changed !== undefined;
};

export const deleteMemberRow = async (db: DbExecutor, memberId: string): Promise<void> => {
  await db.delete(airlineMembers).where(eq(airlineMembers.id, memberId));
};

// ---- applicants ----

/** One page of the airline's applicants, oldest first. */
export const findApplicantsPage = (db: DbExecutor, airlineId: string, page: Page) =>
  selectPage(db, page, {
    select: db.select({ id: airlineApplicants.id, userId: airlineApplicants.userId }).from(airlineApplicants).where(eq(airlineApplicants.airlineId, airlineId)).$dynamic(),
    orderBy: [asc(airlineApplicants.createdAt)],
  });

/** Records an application; false when the user already applied (the unique index). */
export const insertApplicant = async (db: DbExecutor, airlineId: string, userId: string, now: Date): Promise<boolean> => {
  const [row] = await db.insert(airlineApplicants).values({ airlineId, userId, createdAt: now }).onConflictDoNothing().returning();
  return row !== undefined;
};

/** Removes an application of this airline and answers it, or undefined. */
export const takeApplicant = async (db: DbExecutor, airlineId: string, applicantId: string) => {
  const [applicant] = await db
    .delete(airlineApplicants)
    .where(and(eq(airlineApplicants.id, applicantId), eq(airlineApplicants.airlineId, airlineId)))
    .returning();
  return applicant;
};

export const deleteApplicantsOf = async (db: DbExecutor, airlineId: string): Promise<void> => {
  await db.delete(airlineApplicants).where(eq(airlineApplicants.airlineId, airlineId));
};
