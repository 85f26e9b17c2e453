import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/modules/user/user.schema';
import { userTokens } from '../../src/modules/auth/auth.schema';
import { createUser, latestTokenMailedTo, outboxMailsTo, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

describe('POST /api/v1/user/sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PUBLIC_URL: 'https://contrail.example/app' });
  });
  afterAll(async () => t.close());

  const signUp = (payload: unknown) => api(t.app).injectLoose(authRoutes.signUp, { body: payload as object });
  const userCount = async () => (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
  const fresh = () => {
    const suffix = uniqueSuffix();
    return { username: `Pilot_${suffix}`, email: `Pilot.${suffix}@Example.test`, password: 'Cirrus-Climb-42' };
  };

  it('creates an unverified account with an mfId and an argon2id hash, and mails a verification link', async () => {
    const request = fresh();
    const response = await signUp(request);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: expect.any(String), errorCode: null });

    const [user] = await t.app.deps.db.select().from(users).where(eq(users.userName, request.username));
    expect(user).toBeDefined();
    expect(user!.email).toBe(request.email.toLowerCase());
    expect(user!.emailVerified).toBe(false);
    expect(user!.mfId).toMatch(/^MF[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user!.passwordHash).not.toContain(request.password);
    expect(user!.sponsorId).toBeNull();

    const [mail] = await outboxMailsTo(t.app, user!.email);
    expect(mail!.subject).toMatch(/confirm/i);
    expect(mail!.text).toMatch(/https:\/\/contrail\.example\/app\/verify-email\?token=[\w-]{43}/);
    expect(mail!.html).toContain('https://contrail.example/app/verify-email?token=');

    // Only the token's hash is stored.
    const token = await latestTokenMailedTo(t.app, user!.email, '/verify-email');
    const tokens = await t.app.deps.db.select().from(userTokens).where(eq(userTokens.userId, user!.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]!.tokenHash).not.toBe(token);
  });

  it('answers 409 USERNAME_TAKEN for a username that differs only in case, and creates nothing', async () => {
    const { user } = await createUser(t.app);
    const before = await userCount();
    const response = await signUp({ ...fresh(), username: user.userName.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'USERNAME_TAKEN' });
    expect(await userCount()).toBe(before);
  });

  it('answers 409 EMAIL_TAKEN for an address already used (any case)', async () => {
    const { user } = await createUser(t.app);
    const response = await signUp({ ...fresh(), email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'EMAIL_TAKEN' });
  });

  it('links the sponsor named by mfId or by username', async () => {
    const { user: sponsor } = await createUser(t.app);
    for (const code of [sponsor.mfId, sponsor.mfId.toLowerCase(), sponsor.userName.toUpperCase()]) {
      const request = fresh();
      const response = await signUp({ ...request, mfIdParrain: code });
      expect(response.statusCode).toBe(201);
      const [user] = await t.app.deps.db.select().from(users).where(eq(users.userName, request.username));
      expect(user!.sponsorId).toBe(sponsor.id);
    }
  });

  it('treats an empty sponsor as none', async () => {
    const request = fresh();
    expect((await signUp({ ...request, mfIdParrain: '' })).statusCode).toBe(201);
    expect((await signUp({ ...fresh(), mfIdParrain: null })).statusCode).toBe(201);
  });

  it('answers 400 SPONSOR_NOT_FOUND for an unknown sponsor and creates nothing', async () => {
    const before = await userCount();
    const request = fresh();
    const response = await signUp({ ...request, mfIdParrain: 'MFNOBODY00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'SPONSOR_NOT_FOUND', field: 'mfIdParrain' });
    expect(await userCount()).toBe(before);
    expect(await outboxMailsTo(t.app, request.email.toLowerCase())).toHaveLength(0);
  });

  it.each([
    ['a missing username', { email: 'a@b.co', password: 'Cirrus-Climb-42' }, 'username'],
    ['a missing email', { username: 'someone', password: 'Cirrus-Climb-42' }, 'email'],
    ['a missing password', { username: 'someone', email: 'a@b.co' }, 'password'],
    ['a weak password (no digit)', { username: 'someone', email: 'a@b.co', password: 'Secretpass' }, 'password'],
    ['a short password', { username: 'someone', email: 'a@b.co', password: 'Se1' }, 'password'],
    ['a bad email', { username: 'someone', email: 'not-an-email', password: 'Cirrus-Climb-42' }, 'email'],
    ['a username with spaces', { username: 'some one', email: 'a@b.co', password: 'Cirrus-Climb-42' }, 'username'],
    ['a too short username', { username: 'ab', email: 'a@b.co', password: 'Cirrus-Climb-42' }, 'username'],
    ['a number as username', { username: 12345, email: 'a@b.co', password: 'Cirrus-Climb-42' }, 'username'],
  ])('answers 400 VALIDATION_ERROR for %s and creates nothing', async (_label, payload, field) => {
    const before = await userCount();
    const response = await signUp(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field });
    expect(await userCount()).toBe(before);
  });

  it('explains a weak password in English', async () => {
    const response = await signUp({ username: 'someone', email: 'a@b.co', password: 'alllowercase1' });
    expect(response.json().message).toMatch(/lowercase letter, an uppercase letter and a digit/);
  });
});

describe('GET /api/v1/user/check-mf-id/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('finds a member by mfId or username and names them', async () => {
    const { user } = await createUser(t.app);
    for (const code of [user.mfId, user.userName]) {
      const response = await api(t.app).inject(authRoutes.checkMfId, { params: { id: code } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ exists: true, userName: user.userName });
    }
  });

  it('says when nobody has that id', async () => {
    const response = await api(t.app).inject(authRoutes.checkMfId, { params: { id: 'MF00000000' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ exists: false, userName: null });
  });
});
