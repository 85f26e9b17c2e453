import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../src/modules/auth/auth.schema';
import { createSignedInUser, createUser, signIn } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { userRoutes } from '@contrail/domain/user/user-routes';

type Session = { token: string; refreshToken: string; expiredAt: string };

describe('POST /api/refresh-token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', REFRESH_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => t.close());

  const refresh = (refreshToken?: string) =>
    t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: refreshToken === undefined ? {} : { 'refresh-token': refreshToken } });

  it('exchanges a refresh token for a new access token and a new refresh token', async () => {
    const pilot = await createSignedInUser(t.app);
    const response = await refresh(pilot.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = response.json<Session>();
    expect(next.refreshToken).not.toBe(pilot.refreshToken);
    expect(next.expiredAt).toEqual(expect.any(String));
    const me = await api(t.app, { authorization: `Bearer ${next.token}` }).inject(userRoutes.ownInformation);
    expect(me.json()).toMatchObject({ id: pilot.user.id });
    // The new token works in turn.
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('stores only SHA-256 hashes of refresh tokens', async () => {
    const pilot = await createSignedInUser(t.app);
    const rows = await t.app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, pilot.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(pilot.refreshToken);
  });

  it('treats a second use of a rotated token as theft: 401 REFRESH_TOKEN_REUSED and the whole family revoked', async () => {
    const pilot = await createSignedInUser(t.app);
    const otherSession = await signIn(t.app, pilot.user.userName, pilot.password);
    const rotated = (await refresh(pilot.refreshToken)).json<Session>();

    const replay = await refresh(pilot.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, errorCode: 'REFRESH_TOKEN_REUSED' });

    // The legitimate holder's newer token died with the family...
    const afterTheft = await refresh(rotated.refreshToken);
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json()).toMatchObject({ errorCode: 'INVALID_TOKEN' });
    // ...but the user's other sign-in (another family) still works.
    expect((await refresh(otherSession.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 TOKEN_EXPIRED for an expired refresh token', async () => {
    const pilot = await createSignedInUser(t.app);
    t.clock.advanceMs(3600 * 1000 + 1);
    const response = await refresh(pilot.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'TOKEN_EXPIRED' });
  });

  it('slides: each rotation lives for the full lifetime again', async () => {
    const pilot = await createSignedInUser(t.app);
    t.clock.advanceMs(3000 * 1000);
    const next = (await refresh(pilot.refreshToken)).json<Session>();
    t.clock.advanceMs(3000 * 1000);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 INVALID_TOKEN for an unknown token and 400 without the header', async () => {
    const unknown = await refresh('not-a-real-refresh-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'INVALID_TOKEN' });
    const missing = await refresh();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
  });

  it('does not accept an access token as a refresh token', async () => {
    const { user, password } = await createUser(t.app);
    const session = await signIn(t.app, user.userName, password);
    expect((await refresh(session.token)).statusCode).toBe(401);
  });
});
