import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { referralBonuses } from './referral.schema';

/**
 * Claims the referred pilot's one bonus: true when this call inserted the row. A concurrent claim
 * waits on the unique key and then inserts nothing.
 */
export const claimReferralBonus = async (db: DbExecutor, row: typeof referralBonuses.$inferInsert): Promise<boolean> => {
  const inserted = await db.insert(referralBonuses).values(row).onConflictDoNothing({ target: referralBonuses.referredUserId }).returning({ id: referralBonuses.id });
  return inserted.length > 0;
};

/** The bonuses the sponsor was paid for these referred pilots, by referred pilot id. */
export const findSponsorBonuses = async (db: DbExecutor, sponsorId: string, referredUserIds: readonly string[]) => {
  if (referredUserIds.length === 0) return new Map<string, { paidAt: Date; sponsorFc: number }>();
  const rows = await db
    .select({ referredUserId: referralBonuses.referredUserId, paidAt: referralBonuses.paidAt, sponsorFc: referralBonuses.sponsorFc })
    .from(referralBonuses)
    .where(and(eq(referralBonuses.sponsorUserId, sponsorId), inArray(referralBonuses.referredUserId, [...referredUserIds])));
  return new Map(rows.map((row) => [row.referredUserId, { paidAt: row.paidAt, sponsorFc: row.sponsorFc }]));
};
