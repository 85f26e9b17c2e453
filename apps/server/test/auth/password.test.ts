import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_TOKEN_TTL_MINUTES } from '@contrail/domain/auth/auth-contract';
import { refreshTokens, userTokens } from '../../src/modules/auth/auth.schema';
import { getMailQueue } from '../../src/modules/mail/mail-queue';
import { createSignedInUser, createUser, latestTokenMailedTo, outboxMailsTo, reloadUser, signIn, tokenFromMail } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

describe('forgotten password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://contrail.example' });
  });
  afterAll(async () => t.close());

  /** Asks for a reset and waits for the queued mail job, as a user waits for the mail. */
  const forgot = async (payload: object) => {
    const response = await api(t.app).injectLoose(authRoutes.forgotPassword, { body: payload });
    await getMailQueue(t.app).idle();
    return response;
  };
  const reset = (payload: object) => api(t.app).injectLoose(authRoutes.resetPassword, { body: payload });
  const canSignIn = async (username: string, password: string) =>
    (await api(t.app).inject(authRoutes.signIn, { body: { username, password } })).statusCode === 200;

  it('answers the same for an unknown address, and mails nothing', async () => {
    const { user } = await createUser(t.app);
    const known = await forgot({ email: user.email });
    const unknown = await forgot({ email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await outboxMailsTo(t.app, 'nobody@example.test')).toHaveLength(0);
    expect(await outboxMailsTo(t.app, user.email)).toHaveLength(1);
  });

  it('takes the same path for known and unknown addresses: one queued job each, the token and the mail only after the answer', async () => {
    const { user } = await createUser(t.app);
    const queue = getMailQueue(t.app);
    const answer = async (email: string) => {
      const before = queue.enqueuedCount;
      const response = await api(t.app).inject(authRoutes.forgotPassword, { body: { email } });
      // Nothing was written or mailed before the answer left: the job has not run yet.
      const tokensAtAnswer = await t.app.deps.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
      const mailsAtAnswer = await outboxMailsTo(t.app, user.email);
      await queue.idle();
      return { status: response.statusCode, body: response.json<unknown>(), queued: queue.enqueuedCount - before, tokensAtAnswer: tokensAtAnswer.length, mailsAtAnswer: mailsAtAnswer.length };
    };
    const unknown = await answer(`nobody${Date.now()}@example.test`);
    const known = await answer(user.email);
    expect(known).toEqual(unknown);
    expect(known).toMatchObject({ status: 200, queued: 1, tokensAtAnswer: 0, mailsAtAnswer: 0 });
    expect(await outboxMailsTo(t.app, user.email)).toHaveLength(1);
  });

  it('mails a link to PUBLIC_URL/reset-password, or to the given url when it is under PUBLIC_URL', async () => {
    const { user } = await createUser(t.app);
    await forgot({ email: user.email });
    await forgot({ email: user.email, url: 'https://contrail.example/reset-password?lang=fr' });
    await forgot({ email: user.email, url: 'https://evil.example/reset-password' });
    await forgot({ email: user.email, url: 'https://contrail.example.evil.example/reset-password' });
    await forgot({ email: user.email, url: 'not a url' });
    const links = (await outboxMailsTo(t.app, user.email)).reverse().map((mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]));
    expect(links.map((url) => `${url.origin}${url.pathname}`)).toEqual([
      'https://contrail.example/reset-password',
      'https://contrail.example/reset-password',
      'https://contrail.example/reset-password',
      'https://contrail.example/reset-password',
      'https://contrail.example/reset-password',
    ]);
    expect(links[1]!.searchParams.get('lang')).toBe('fr');
    expect(links.every((url) => /^[\w-]{43}$/.test(url.searchParams.get('token') ?? ''))).toBe(true);
  });

  it('resets the password with the token once, and ends every session', async () => {
    const pilot = await createSignedInUser(t.app, { emailVerified: false });
    await forgot({ email: pilot.user.email });
    const token = await latestTokenMailedTo(t.app, pilot.user.email, '/reset-password');

    const response = await reset({ token, password: 'NewSecret456' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'password successfully updated', errorCode: null });
    expect(await canSignIn(pilot.user.userName, 'NewSecret456')).toBe(true);
    expect(await canSignIn(pilot.user.userName, pilot.password)).toBe(false);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'refresh-token': pilot.refreshToken } });
    expect(refreshed.statusCode).toBe(401);
    // The link came to the account's address, which proves it.
    expect((await reloadUser(t.app, pilot.user.id)).emailVerified).toBe(true);

    const again = await reset({ token, password: 'Another789x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
    expect(await canSignIn(pilot.user.userName, 'NewSecret456')).toBe(true);
  });

  it('refuses an expired token with TOKEN_EXPIRED and keeps the old password', async () => {
    const { user, password } = await createUser(t.app);
    await forgot({ email: user.email });
    const token = await latestTokenMailedTo(t.app, user.email, '/reset-password');
    t.clock.advanceMs(PASSWORD_RESET_TOKEN_TTL_MINUTES * 60_000 + 1);
    const response = await reset({ token, password: 'NewSecret456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'TOKEN_EXPIRED' });
    expect(await canSignIn(user.userName, password)).toBe(true);
  });

  it('only the newest reset link works', async () => {
    const { user } = await createUser(t.app);
    await forgot({ email: user.email });
    await forgot({ email: user.email });
    const [newest, older] = await outboxMailsTo(t.app, user.email);
    expect((await reset({ token: tokenFromMail(older!.text, '/reset-password'), password: 'NewSecret456' })).statusCode).toBe(400);
    expect((await reset({ token: tokenFromMail(newest!.text, '/reset-password'), password: 'NewSecret456' })).statusCode).toBe(200);
  });

  it('refuses a weak password without using up the token', async () => {
    const { user } = await createUser(t.app);
    await forgot({ email: user.email });
    const token = await latestTokenMailedTo(t.app, user.email, '/reset-password');
    const weak = await reset({ token, password: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'password' });
    expect((await reset({ token, password: 'Strong1234' })).statusCode).toBe(200);
  });

  it.each([
    ['forgot without email', '/api/v1/user/password/forgot', {}],
    ['forgot with a bad email', '/api/v1/user/password/forgot', { email: 'nope' }],
    ['reset without token', '/api/v1/user/password/reset', { password: 'Strong1234' }],
    ['reset with an unknown token', '/api/v1/user/password/reset', { token: 'unknown', password: 'Strong1234' }],
  ])('answers 400 for %s', async (_label, url, payload) => {
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false });
  });
});

describe('PUT /api/v1/user/{id}/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const change = (userId: string, headers: Record<string, string>, payload: object) =>
    api(t.app, headers).injectLoose(authRoutes.changePassword, { params: { id: userId }, body: payload });

  it('changes the caller\'s password, keeps the calling session and ends the others', async () => {
    const pilot = await createSignedInUser(t.app);
    const elsewhere = await signIn(t.app, pilot.user.userName, pilot.password);
    const response = await change(pilot.user.id, pilot.headers, { currentPassword: pilot.password, newPassword: 'Changed789' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    await expect(signIn(t.app, pilot.user.userName, 'Changed789')).resolves.toBeDefined();
    await expect(signIn(t.app, pilot.user.userName, pilot.password)).rejects.toThrow(/401/);

    const refreshHere = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'refresh-token': pilot.refreshToken } });
    expect(refreshHere.statusCode).toBe(200);
    const refreshElsewhere = await t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'refresh-token': elsewhere.refreshToken } });
    expect(refreshElsewhere.statusCode).toBe(401);
  });

  it('answers 400 WRONG_PASSWORD for a wrong current password and changes nothing', async () => {
    const pilot = await createSignedInUser(t.app);
    const before = (await reloadUser(t.app, pilot.user.id)).passwordHash;
    const response = await change(pilot.user.id, pilot.headers, { currentPassword: 'NotMine123', newPassword: 'Changed789' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'WRONG_PASSWORD', field: 'currentPassword' });
    expect((await reloadUser(t.app, pilot.user.id)).passwordHash).toBe(before);
  });

  it("answers 403 for another user's id and changes nothing", async () => {
    const pilot = await createSignedInUser(t.app);
    const victim = await createUser(t.app);
    const before = (await reloadUser(t.app, victim.user.id)).passwordHash;
    const response = await change(victim.user.id, pilot.headers, { currentPassword: victim.password, newPassword: 'Changed789' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect((await reloadUser(t.app, victim.user.id)).passwordHash).toBe(before);
  });

  it('refuses a weak new password, a missing field, no session and a malformed id', async () => {
    const pilot = await createSignedInUser(t.app);
    const weak = await change(pilot.user.id, pilot.headers, { currentPassword: pilot.password, newPassword: 'short' });
    expect(weak.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'newPassword' });
    const missing = await change(pilot.user.id, pilot.headers, { newPassword: 'Changed789' });
    expect(missing.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR', field: 'currentPassword' });
    expect((await change(pilot.user.id, {}, { currentPassword: pilot.password, newPassword: 'Changed789' })).statusCode).toBe(401);
    expect((await change('not-a-uuid', pilot.headers, { currentPassword: pilot.password, newPassword: 'Changed789' })).statusCode).toBe(400);
    const tokens = await t.app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, pilot.user.id));
    expect(tokens.every((token) => token.revokedAt === null)).toBe(true);
  });
});
