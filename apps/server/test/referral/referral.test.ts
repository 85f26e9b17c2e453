import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPage } from '@contrail/domain/notification/notification-types';
import { REFERRAL_REFERRED_BONUS_FC, REFERRAL_SPONSOR_BONUS_FC, type TAffiliation } from '@contrail/domain/referral/referral-constants';
import type { TWalletTransactionPage } from '@contrail/domain/wallet/wallet-contract';
import { referralBonuses } from '../../src/modules/referral/referral.schema';
import { users } from '../../src/modules/user/user.schema';
import { payReferralBonusOnValidFlight } from '../../src/modules/referral/referral.service';
import { createSignedInUser, createUser, reloadUser, signIn, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { flyShortHop, listen } from '../flight/support/flight-kit';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';
import { referralRoutes } from '@contrail/domain/referral/referral-routes';
import { walletRoutes } from '@contrail/domain/wallet/wallet-routes';

describe('referrals', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t.app);
  });
  afterAll(async () => t.close());

  /** Signs a pilot up through the API with the sponsor's invite code, verifies and signs them in. */
  const signUpInvited = async (sponsorCode: string): Promise<SignedInUser> => {
    const name = `invited${randomUUID().slice(0, 8)}`;
    const response = await api(t.app).inject(authRoutes.signUp, { body: { username: name, email: `${name}@example.test`, password: 'Cirrus-Climb-42', mfIdParrain: sponsorCode } });
    expect(response.statusCode).toBe(201);
    const [row] = await t.app.deps.db.update(users).set({ emailVerified: true }).where(eq(users.userName, name)).returning();
    const session = await signIn(t.app, name);
    return { user: row!, password: 'Cirrus-Climb-42', ...session, headers: { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken } };
  };
  const affiliation = async (pilot: SignedInUser) =>
    (await api(t.app, pilot.headers).inject(referralRoutes.affiliation, { params: { userId: pilot.user.id } })).json<TAffiliation>();
  const affiliationTransactions = async (pilot: SignedInUser) =>
    (
      await api(t.app, pilot.headers).inject(walletRoutes.userTransactions, { params: { userId: pilot.user.id, type: 'MFC' }, query: { categories: 'MF_AFFILIATION_USER,MF_AFFILIATION_REFERRAL' } })
    ).json<TWalletTransactionPage>();

  it('pays both at the referred pilot first valid flight, not at sign-up, and lists who signed up', async () => {
    const sponsor = await createSignedInUser(t.app);
    const invited = await signUpInvited(sponsor.user.mfId);
    expect((await reloadUser(t.app, invited.user.id)).sponsorId).toBe(sponsor.user.id);

    // Signed up: listed, nothing paid yet.
    expect(await affiliation(sponsor)).toMatchObject({
      inviteCode: sponsor.user.mfId,
      earnedFc: 0,
      referrals: [{ userName: invited.user.userName, bonusPaidAt: null }],
    });
    expect((await reloadUser(t.app, sponsor.user.id)).walletMfc).toBe(0);

    const completed = await flyShortHop(t.app, baseUrl, invited.headers);
    expect(completed.fc).toBeGreaterThan(0);

    expect((await reloadUser(t.app, sponsor.user.id)).walletMfc).toBe(REFERRAL_SPONSOR_BONUS_FC);
    expect((await reloadUser(t.app, invited.user.id)).walletMfc).toBe(completed.fc + REFERRAL_REFERRED_BONUS_FC);
    const listed = await affiliation(sponsor);
    expect(listed.earnedFc).toBe(REFERRAL_SPONSOR_BONUS_FC);
    expect(listed.referrals[0]?.bonusPaidAt).not.toBeNull();
    expect((await affiliationTransactions(sponsor)).items).toMatchObject([
      { amount: REFERRAL_SPONSOR_BONUS_FC, transactionCategory: { category: 'MF_AFFILIATION_USER', referralUsername: invited.user.userName } },
    ]);
    expect((await affiliationTransactions(invited)).items).toMatchObject([
      { amount: REFERRAL_REFERRED_BONUS_FC, transactionCategory: { category: 'MF_AFFILIATION_REFERRAL', username: sponsor.user.userName } },
    ]);
    const sponsorNotes = (await api(t.app, sponsor.headers).inject(notificationRoutes.list, { params: { userId: sponsor.user.id } })).json<TNotificationPage>();
    expect(sponsorNotes.items).toMatchObject([{ type: 'REFERRAL_BONUS_PAID', data: { amountFc: REFERRAL_SPONSOR_BONUS_FC, otherUserName: invited.user.userName, role: 'SPONSOR' } }]);

    // A second flight pays the flight only.
    t.clock.advanceMs(2 * 3_600_000);
    const again = await signIn(t.app, invited.user.userName);
    const second = await flyShortHop(t.app, baseUrl, { authorization: `Bearer ${again.token}`, 'refresh-token': again.refreshToken });
    expect((await reloadUser(t.app, invited.user.id)).walletMfc).toBe(completed.fc + second.fc + REFERRAL_REFERRED_BONUS_FC);
    expect((await reloadUser(t.app, sponsor.user.id)).walletMfc).toBe(REFERRAL_SPONSOR_BONUS_FC);
  });

  it('pays nothing for a flight that earns nothing, nor to a pilot without a sponsor', async () => {
    const { user: sponsor } = await createUser(t.app);
    const { user: referred } = await createUser(t.app, { sponsorId: sponsor.id });
    const { user: alone } = await createUser(t.app);
    const now = t.clock.now();
    expect(await payReferralBonusOnValidFlight(t.app.deps.db, { userId: referred.id, flightLogId: randomUUID(), isValidFlight: false, now })).toBe(false);
    expect(await payReferralBonusOnValidFlight(t.app.deps.db, { userId: alone.id, flightLogId: randomUUID(), isValidFlight: true, now })).toBe(false);
    expect((await reloadUser(t.app, sponsor.id)).walletMfc).toBe(0);
    expect(await t.app.deps.db.select().from(referralBonuses).where(eq(referralBonuses.sponsorUserId, sponsor.id))).toHaveLength(0);
  });

  it('refuses self-sponsoring: a pilot named as their own sponsor earns nothing, and the table refuses the row', async () => {
    const { user } = await createUser(t.app);
    await t.app.deps.db.update(users).set({ sponsorId: user.id }).where(eq(users.id, user.id));
    expect(await payReferralBonusOnValidFlight(t.app.deps.db, { userId: user.id, flightLogId: randomUUID(), isValidFlight: true, now: t.clock.now() })).toBe(false);
    expect((await reloadUser(t.app, user.id)).walletMfc).toBe(0);
    await expect(
      t.app.deps.db.insert(referralBonuses).values({ referredUserId: user.id, sponsorUserId: user.id, flightLogId: randomUUID(), sponsorFc: 1, referredFc: 1, paidAt: t.clock.now() }),
    ).rejects.toThrow();
  });

  it('pays each referred pilot once under concurrent completions', async () => {
    const { user: sponsor } = await createUser(t.app);
    const { user: referred } = await createUser(t.app, { sponsorId: sponsor.id });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.deps.db.transaction((tx) => payReferralBonusOnValidFlight(tx, { userId: referred.id, flightLogId: randomUUID(), isValidFlight: true, now: t.clock.now() })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await reloadUser(t.app, sponsor.id)).walletMfc).toBe(REFERRAL_SPONSOR_BONUS_FC);
    expect((await reloadUser(t.app, referred.id)).walletMfc).toBe(REFERRAL_REFERRED_BONUS_FC);
  });

  it("refuses another pilot's referrals and an unknown sponsor at sign-up", async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const response = await api(t.app, other.headers).inject(referralRoutes.affiliation, { params: { userId: pilot.user.id } });
    expect(response.statusCode).toBe(403);
    const name = `nobody${randomUUID().slice(0, 8)}`;
    const signUp = await api(t.app).inject(authRoutes.signUp, { body: { username: name, email: `${name}@example.test`, password: 'Cirrus-Climb-42', mfIdParrain: 'NO-SUCH-SPONSOR' } });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ success: false, errorCode: 'SPONSOR_NOT_FOUND' });
  });
});
