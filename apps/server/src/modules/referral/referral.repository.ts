import { alias } from 'drizzle-orm/pg-core';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { referralBonuses } from './referral.schema';
import { users } from '../user/user.schema';

const sponsors = alias(users, 'sponsors');

/** The pilot and their sponsor's name, when they have a sponsor. */
export const findPilotWithSponsor = async (db: DbExecutor, userId: string) => {
  const [row] = await db
    .select({ id: users.id, userName: users.userName, sponsorId: users.sponsorId, sponsorUserName: sponsors.userName })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
    .where(eq(users.id, userId));
  return row;
};

/**
 * Claims the referred pilot's one bonus: true when this call inserted the row. A concurrent claim
 * waits on the unique key and then inserts nothing.
 */
export const claimReferralBonus = async (db: DbExecutor, row: typeof referralBonuses.$inferInsert): Promise<boolean> => {
  const inserted = await db.insert(referralBonuses).values(row).onConflictDoNothing({ target: referralBonuses.referredUserId }).returning({ id: referralBonuses.id });
  return inserted.length > 0;
};

/** Everyone who signed up with the sponsor's code, oldest first, with their bonus if paid. */
export const findReferrals = async (db: DbExecutor, sponsorId: string) =>
  db
    .select({ userName: users.userName, signedUpAt: users.createdAt, bonusPaidAt: referralBonuses.paidAt, sponsorFc: referralBonuses.sponsorFc })
    .from(users)
    .leftJoin(referralBonuses, sql`${referralBonuses.referredUserId} = ${users.id} and ${referralBonuses.sponsorUserId} = ${sponsorId}`)
    .where(eq(users.sponsorId, sponsorId))
    .orderBy(asc(users.createdAt), asc(users.userName));

export const findInviteCode = async (db: DbExecutor, userId: string): Promise<string | undefined> => {
  const [row] = await db.select({ mfId: users.mfId }).from(users).where(eq(users.id, userId));
  return row?.mfId;
};
