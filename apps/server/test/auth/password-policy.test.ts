import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

describe('password policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const signUp = (username: string, password: string) =>
    api(t.app).inject(authRoutes.signUp, { body: { username, email: `${username}@example.test`, password } });

  it('refuses a password among the most common breached ones, whatever its case, and creates nothing', async () => {
    for (const password of ['Password1', 'Qwerty123', 'Secret123']) {
      const username = `policy${uniqueSuffix()}`;
      const response = await signUp(username, password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', field: 'password', message: expect.stringMatching(/common/) });
      expect((await api(t.app).inject(authRoutes.checkMfId, { params: { id: username } })).json()).toMatchObject({ exists: false });
    }
  });

  it('refuses a password containing the username, on sign-up and on change', async () => {
    const username = `Maverick${uniqueSuffix()}`;
    const response = await signUp(username, `x1${username}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'password', message: expect.stringMatching(/username/) });

    const pilot = await createSignedInUser(t.app);
    const change = await api(t.app, pilot.headers).inject(authRoutes.changePassword, { params: { id: pilot.user.id }, body: { currentPassword: pilot.password, newPassword: `Aa1-${pilot.user.userName}` } });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toMatchObject({ field: 'newPassword' });
  });

  it('accepts an uncommon password', async () => {
    expect((await signUp(`policy${uniqueSuffix()}`, 'Cirrus-Climb-42')).statusCode).toBe(201);
  });
});
