import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_TOKEN_TTL_HOURS } from '@contrail/domain/auth/auth-contract';
import { createSignedInUser, latestTokenMailedTo, multipartForm, outboxMailsTo, reloadUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  /** Signs up through the API; returns the email and the mailed token. */
  const signUp = async () => {
    const suffix = uniqueSuffix();
    const email = `new${suffix}@example.test`;
    const response = await api(t.app).inject(authRoutes.signUp, { body: { username: `new${suffix}`, email, password: 'Cirrus-Climb-42' } });
    expect(response.statusCode).toBe(201);
    const session = await api(t.app).inject(authRoutes.signIn, { body: { username: email, password: 'Cirrus-Climb-42' } });
    return { email, token: await latestTokenMailedTo(t.app, email, '/verify-email'), accessToken: session.json<{ token: string }>().token };
  };
  const validate = (token: unknown) => api(t.app).injectLoose(authRoutes.validateEmail, { body: { mfid: token } });
  const me = async (accessToken: string) =>
    (await api(t.app, { authorization: `Bearer ${accessToken}` }).inject(userRoutes.ownInformation)).json<{
      id: string;
      emailVerified: boolean;
    }>();

  it('verifies the address with the mailed token, once', async () => {
    const { token, accessToken } = await signUp();
    expect((await me(accessToken)).emailVerified).toBe(false);

    const response = await validate(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Email verified', errorCode: null });
    expect((await me(accessToken)).emailVerified).toBe(true);

    const again = await validate(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
  });

  it('refuses an expired token with TOKEN_EXPIRED and leaves the address unverified', async () => {
    const { email, token } = await signUp();
    t.clock.advanceMs(EMAIL_VERIFICATION_TOKEN_TTL_HOURS * 3_600_000 + 1);
    const response = await validate(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'TOKEN_EXPIRED' });
    // Two days later the first access token has expired too: sign in again to look.
    const session = await api(t.app).inject(authRoutes.signIn, { body: { username: email, password: 'Cirrus-Climb-42' } });
    expect((await me(session.json<{ token: string }>().token)).emailVerified).toBe(false);
  });

  it('accepts a token just before it expires', async () => {
    const { token } = await signUp();
    t.clock.advanceMs(EMAIL_VERIFICATION_TOKEN_TTL_HOURS * 3_600_000 - 1000);
    expect((await validate(token)).statusCode).toBe(200);
  });

  it.each([
    ['an unknown token', { mfid: 'nope-not-a-token' }, 400, 'INVALID_TOKEN'],
    ['an empty token', { mfid: '' }, 400, 'VALIDATION_ERROR'],
    ['no token', {}, 400, 'VALIDATION_ERROR'],
    ['a number', { mfid: 42 }, 400, 'VALIDATION_ERROR'],
  ])('answers %s with %i %s', async (_label, payload, status, errorCode) => {
    const response = await api(t.app).injectLoose(authRoutes.validateEmail, { body: payload });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ success: false, errorCode });
  });

  it('resends a link to a signed-in unverified user; only the newest link works', async () => {
    const { email, token: first, accessToken } = await signUp();
    const response = await api(t.app, { authorization: `Bearer ${accessToken}` }).inject(authRoutes.resendEmailVerification);
    expect(response.statusCode).toBe(200);
    expect(await outboxMailsTo(t.app, email)).toHaveLength(2);
    const second = await latestTokenMailedTo(t.app, email, '/verify-email');
    expect(second).not.toBe(first);

    expect((await validate(first)).json()).toMatchObject({ errorCode: 'INVALID_TOKEN' });
    expect((await validate(second)).statusCode).toBe(200);
  });

  it('needs a session to resend, and refuses when already verified', async () => {
    expect((await api(t.app).inject(authRoutes.resendEmailVerification)).statusCode).toBe(401);
    const verified = await createSignedInUser(t.app, { emailVerified: true });
    const response = await api(t.app, verified.headers).inject(authRoutes.resendEmailVerification);
    expect(response.statusCode).toBe(409);
    expect(await outboxMailsTo(t.app, verified.user.email)).toHaveLength(0);
  });

  it('does not let a link mailed to an old address verify a new one', async () => {
    const pilot = await createSignedInUser(t.app, { emailVerified: false });
    const resend = await api(t.app, pilot.headers).inject(authRoutes.resendEmailVerification);
    expect(resend.statusCode).toBe(200);
    const oldToken = await latestTokenMailedTo(t.app, pilot.user.email, '/verify-email');

    // The change takes effect through the link mailed to the new address (issue 13 item 3).
    const newEmail = `changed${uniqueSuffix()}@example.test`;
    const form = multipartForm({ email: newEmail, currentPassword: pilot.password });
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/user/${pilot.user.id}/information`,
      headers: { ...pilot.headers, ...form.headers },
      payload: form.payload,
    });
    expect(update.statusCode).toBe(200);
    const changeToken = await latestTokenMailedTo(t.app, newEmail, '/confirm-email-change');
    const confirmed = await api(t.app).inject(authRoutes.confirmEmailChange, { body: { token: changeToken } });
    expect(confirmed.statusCode).toBe(200);

    expect((await validate(oldToken)).statusCode).toBe(400);
    expect(await reloadUser(t.app, pilot.user.id)).toMatchObject({ email: newEmail, emailVerified: true });
  });
});
