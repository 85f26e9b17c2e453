import { z } from 'zod';

/**
 * Referral bonus (paid in FC to both users; amounts not given). Paid once per
 * referred pilot, at their first valid flight (arrived, started at the departure, not crashed),
 * never at sign-up, so an account made only to claim a bonus earns nothing without a real flight.
 *
 * Scale: a flight pays FC_PER_NM = 1 FC per nautical mile before multipliers, so a typical
 * 300 NM short hop earns about 300 FC.
 */
/** To the sponsor: worth about two short hops, enough to notice, too little to farm with flights that take real time. */
export const REFERRAL_SPONSOR_BONUS_FC = 500;
/** To the referred pilot: about one more short hop on top of their first flight's pay, a welcome that needs that flight flown. */
export const REFERRAL_REFERRED_BONUS_FC = 300;

/** GET /v1/affiliation/user/{userId}: the pilot's invite code and who signed up with it. */
export const ZReferral = z.object({
  userName: z.string(),
  signedUpAt: z.string(),
  /** When the bonus was paid (their first valid flight), null until then. */
  bonusPaidAt: z.string().nullable(),
});
export type TReferral = z.infer<typeof ZReferral>;

export const ZAffiliation = z.object({
  /** The code the invite link carries (the pilot's public member id). */
  inviteCode: z.string(),
  sponsorBonusFc: z.number().int(),
  referredBonusFc: z.number().int(),
  referrals: z.array(ZReferral),
  /** FC the pilot earned as a sponsor. */
  earnedFc: z.number().int(),
});
export type TAffiliation = z.infer<typeof ZAffiliation>;
