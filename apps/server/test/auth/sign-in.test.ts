import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('POST /api/v1/user/sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', ACCESS_TOKEN_TTL_SECONDS: '900' });
  });
  afterAll(async () => t.close());

  const signIn = (payload: unknown) => api(t.app).injectLoose(authRoutes.signIn, { body: payload as object });

  it('signs in by username (any case) or email and returns a working session', async () => {
    const { user, password } = await createUser(t.app);
    for (const username of [user.userName, user.userName.toUpperCase(), user.email, user.email.toUpperCase()]) {
      const response = await signIn({ username, password });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; expiredAt: string; refreshToken: string }>();
      expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
      expect(new Date(body.expiredAt).getTime()).toBe(Math.floor(t.clock.now().getTime() / 1000) * 1000 + 900_000);

      const me = await api(t.app, { authorization: `Bearer ${body.token}` }).inject(userRoutes.ownInformation);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id, userName: user.userName });
    }
  });

  it('lets an unverified account sign in', async () => {
    const { user, password } = await createUser(t.app, { emailVerified: false });
    expect((await signIn({ username: user.userName, password })).statusCode).toBe(200);
  });

  it('answers 401 INVALID_CREDENTIALS on the username field for a wrong password or an unknown user', async () => {
    const { user } = await createUser(t.app);
    for (const payload of [
      { username: user.userName, password: 'Wrong1234' },
      { username: 'nobody-here', password: 'Cirrus-Climb-42' },
      { username: 'nobody@example.test', password: 'Cirrus-Climb-42' },
    ]) {
      const response = await signIn(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        message: 'Wrong username or password',
        errorCode: 'INVALID_CREDENTIALS',
        field: 'username',
      });
    }
  });

  it.each([
    ['no username', { password: 'Cirrus-Climb-42' }, 'username'],
    ['an empty password', { username: 'someone', password: '' }, 'password'],
    ['a number as password', { username: 'someone', password: 12345678 }, 'password'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_label, payload, field) => {
    const response = await signIn(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field });
  });

  it('answers 401 on a protected route without, or with a forged, access token', async () => {
    expect((await api(t.app).inject(userRoutes.ownInformation)).statusCode).toBe(401);
    const forged = await api(t.app, { authorization: 'Bearer abc.def.ghi' }).inject(userRoutes.ownInformation);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, errorCode: 'UNAUTHORIZED' });
  });
});
