import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMailQueue } from '../../src/modules/mail/mail-queue';
import { createSignedInUser, latestTokenMailedTo, multipartForm, reloadUser, uniqueSuffix, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

/**
 * Someone who once knew the password starts an email change to their own address, or keeps a reset
 * link. Whatever the victim does to take the account back (reset the password, change it, sign out
 * everywhere) ends those pending links too, so the account cannot be moved or reset from them.
 */
describe('pending email-change and reset links end when the sessions do', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const attackerAddress = () => `attacker${uniqueSuffix()}@example.test`;

  /** The attacker, signed in with the password they knew, asks to move the account to their address. */
  const startEmailChange = async (victim: SignedInUser, email: string): Promise<string> => {
    const form = multipartForm({ email, currentPassword: victim.password });
    const asked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${victim.user.id}/information`,
      headers: { ...victim.headers, ...form.headers },
      payload: form.payload,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    return latestTokenMailedTo(t.app, email, '/confirm-email-change');
  };
  const askResetLink = async (email: string): Promise<string> => {
    const asked = await api(t.app).inject(authRoutes.forgotPassword, { body: { email } });
    expect(asked.statusCode).toBe(200);
    await getMailQueue(t.app).idle();
    return latestTokenMailedTo(t.app, email, '/reset-password');
  };
  const resetWith = (token: string, password: string) => api(t.app).inject(authRoutes.resetPassword, { body: { token, password } });
  const confirmEmailChange = (token: string) => api(t.app).inject(authRoutes.confirmEmailChange, { body: { token } });

  const expectEmailChangeRefused = async (victim: SignedInUser, token: string) => {
    const confirmed = await confirmEmailChange(token);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
    expect(await reloadUser(t.app, victim.user.id)).toMatchObject({ email: victim.user.email });
  };
  const expectResetRefused = async (token: string) => {
    const reset = await resetWith(token, 'Attacker-Owns-99');
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
  };

  it('a password reset ends the pending email change', async () => {
    const victim = await createSignedInUser(t.app);
    const changeToken = await startEmailChange(victim, attackerAddress());

    const reset = await resetWith(await askResetLink(victim.user.email), 'Taken-Back-2026');
    expect(reset.statusCode, reset.body).toBe(200);

    await expectEmailChangeRefused(victim, changeToken);
  });

  it('a password change ends the pending email change and every reset link', async () => {
    const victim = await createSignedInUser(t.app);
    const changeToken = await startEmailChange(victim, attackerAddress());
    const resetToken = await askResetLink(victim.user.email);

    const change = await api(t.app, victim.headers).inject(authRoutes.changePassword, { params: { id: victim.user.id }, body: { currentPassword: victim.password, newPassword: 'Taken-Back-2026' } });
    expect(change.statusCode, change.body).toBe(200);

    await expectEmailChangeRefused(victim, changeToken);
    await expectResetRefused(resetToken);
  });

  it('signing out everywhere ends the pending email change and every reset link', async () => {
    const victim = await createSignedInUser(t.app);
    const changeToken = await startEmailChange(victim, attackerAddress());
    const resetToken = await askResetLink(victim.user.email);

    const signOut = await api(t.app, victim.headers).inject(authRoutes.signOutEverywhere);
    expect(signOut.statusCode, signOut.body).toBe(200);

    await expectEmailChangeRefused(victim, changeToken);
    await expectResetRefused(resetToken);
  });

  it('a link asked for after the sessions ended works as usual', async () => {
    const victim = await createSignedInUser(t.app);
    await api(t.app, victim.headers).inject(authRoutes.signOutEverywhere);
    const reset = await resetWith(await askResetLink(victim.user.email), 'Taken-Back-2026');
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
