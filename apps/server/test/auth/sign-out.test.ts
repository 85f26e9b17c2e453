import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, signIn } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('server-side sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: { 'refresh-token': refreshToken } });
  const information = (authorization: string) => api(t.app, { authorization }).inject(userRoutes.ownInformation);

  it('sign-out ends the session of the refresh token and only that one', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await signIn(t.app, pilot.user.userName);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/sign-out', headers: { 'refresh-token': pilot.refreshToken } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, errorCode: null });
    expect((await refresh(pilot.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('sign-out with an unknown token answers the same and changes nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/sign-out', headers: { 'refresh-token': 'x'.repeat(43) } });
    expect(response.statusCode).toBe(200);
  });

  it('sign out everywhere ends every session and every access token', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await signIn(t.app, pilot.user.userName);
    const response = await api(t.app, pilot.headers).inject(authRoutes.signOutEverywhere);
    expect(response.statusCode).toBe(200);
    expect((await refresh(pilot.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await information(`Bearer ${other.token}`)).statusCode).toBe(401);
    expect((await information(pilot.headers.authorization)).json()).toMatchObject({ errorCode: 'TOKEN_EXPIRED' });
    // Signing in again works at once.
    const again = await signIn(t.app, pilot.user.userName);
    expect((await information(`Bearer ${again.token}`)).statusCode).toBe(200);
  });

  it('a password change ends access tokens issued before it; the kept session refreshes into a working one', async () => {
    const pilot = await createSignedInUser(t.app);
    const stolen = await signIn(t.app, pilot.user.userName);
    const change = await api(t.app, pilot.headers).inject(authRoutes.changePassword, { params: { id: pilot.user.id }, body: { currentPassword: pilot.password, newPassword: 'Fresh-Pass-2026' } });
    expect(change.statusCode).toBe(200);
    expect((await information(`Bearer ${stolen.token}`)).statusCode).toBe(401);
    expect((await information(pilot.headers.authorization)).statusCode).toBe(401);
    expect((await refresh(stolen.refreshToken)).statusCode).toBe(401);
    const renewed = await refresh(pilot.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await information(`Bearer ${renewed.json<{ token: string }>().token}`)).statusCode).toBe(200);
  });
});
