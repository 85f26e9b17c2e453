import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { REFERRAL_REFERRED_BONUS_FC, REFERRAL_SPONSOR_BONUS_FC, type TAffiliation } from '@contrail/domain/referral/referral-constants';
import type { DbExecutor } from '../../db/database';
import { requireAccess, type Caller } from '../access/access.service';
import { recordNotification } from '../notification/notification.service';
import { creditUser } from '../wallet/wallet.service';
import { inviteCodeOf, pilotWithSponsorOf, referredUsersOf } from '../user/user-directory.service';
import { claimReferralBonus, findSponsorBonuses } from './referral.repository';

/**
 * Called inside a flight's completion transaction. On the referred pilot's first valid flight,
 * pays the referral bonus to both (MF_AFFILIATION_USER to the sponsor, MF_AFFILIATION_REFERRAL to
 * the referred pilot) and notifies both. Nothing for a pilot without a sponsor, for a flight that
 * earns nothing (not arrived, crashed, not started at the departure), or when already paid.
 */
export const payReferralBonusOnValidFlight = async (
  db: DbExecutor,
  flight: { userId: string; flightLogId: string; isValidFlight: boolean; now: Date },
): Promise<boolean> => {
  if (!flight.isValidFlight) return false;
  const pilot = await pilotWithSponsorOf(db, flight.userId);
  if (!pilot?.sponsorId || pilot.sponsorUserName === null) return false;
  // No self-sponsoring (the table's check says the same).
  if (pilot.sponsorId === pilot.id) return false;
  const claimed = await claimReferralBonus(db, {
    referredUserId: pilot.id,
    sponsorUserId: pilot.sponsorId,
    flightLogId: flight.flightLogId,
    sponsorFc: REFERRAL_SPONSOR_BONUS_FC,
    referredFc: REFERRAL_REFERRED_BONUS_FC,
    paidAt: flight.now,
  });
  if (!claimed) return false;
  await creditUser(db, {
    userId: pilot.sponsorId,
    currency: 'MFC',
    amount: REFERRAL_SPONSOR_BONUS_FC,
    categoryData: { category: 'MF_AFFILIATION_USER', referralUsername: pilot.userName },
    description: `Referral bonus: ${pilot.userName} flew their first flight`,
    // One bonus per referred pilot, for each side (the referral_bonuses row says the same).
    idempotencyKey: `referral:${pilot.id}:sponsor`,
    executionDate: flight.now,
  });
  await creditUser(db, {
    userId: pilot.id,
    currency: 'MFC',
    amount: REFERRAL_REFERRED_BONUS_FC,
    categoryData: { category: 'MF_AFFILIATION_REFERRAL', username: pilot.sponsorUserName },
    description: `Referral bonus: invited by ${pilot.sponsorUserName}`,
    idempotencyKey: `referral:${pilot.id}:referred`,
    executionDate: flight.now,
  });
  await recordNotification(db, {
    userId: pilot.sponsorId,
    type: 'REFERRAL_BONUS_PAID',
    data: { amountFc: REFERRAL_SPONSOR_BONUS_FC, otherUserName: pilot.userName, role: 'SPONSOR' },
  });
  await recordNotification(db, {
    userId: pilot.id,
    type: 'REFERRAL_BONUS_PAID',
    data: { amountFc: REFERRAL_REFERRED_BONUS_FC, otherUserName: pilot.sponsorUserName, role: 'REFERRED' },
  });
  return true;
};

export const getAffiliation = async (db: DbExecutor, caller: Caller, userId: string): Promise<TAffiliation> => {
  await requireAccess(db, caller, 'affiliation.user.read', { userId });
  const inviteCode = await inviteCodeOf(db, userId);
  if (!inviteCode) throw new AppError(ErrorCode.notFound, 'User not found');
  const referred = await referredUsersOf(db, userId);
  const bonuses = await findSponsorBonuses(db, userId, referred.map((row) => row.id));
  return {
    inviteCode,
    sponsorBonusFc: REFERRAL_SPONSOR_BONUS_FC,
    referredBonusFc: REFERRAL_REFERRED_BONUS_FC,
    referrals: referred.map((row) => ({ userName: row.userName, signedUpAt: row.signedUpAt.toISOString(), bonusPaidAt: bonuses.get(row.id)?.paidAt.toISOString() ?? null })),
    earnedFc: referred.reduce((sum, row) => sum + (bonuses.get(row.id)?.sponsorFc ?? 0), 0),
  };
};
