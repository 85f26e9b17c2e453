import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

describe('rate limits (RATE_LIMIT=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(async () => t.close());

  it('allows 10 sign-in attempts a minute per IP and username, then answers 429 in the action shape', async () => {
    const { user, password } = await createUser(t.app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await api(t.app).inject(authRoutes.signIn, { body: { username: user.userName, password: 'Wrong1234' } });
      expect(response.statusCode).toBe(401);
    }
    const limited = await api(t.app).inject(authRoutes.signIn, { body: { username: user.userName, password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/try again/) });

    // Another username from the same IP is counted separately.
    const other = await createUser(t.app);
    const response = await api(t.app).inject(authRoutes.signIn, { body: { username: other.user.userName, password: other.password } });
    expect(response.statusCode).toBe(200);
  });

  it('allows 5 sign-ups a minute per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/sign-up',
        remoteAddress: '10.0.0.7',
        payload: { username: `limited${attempt}`, email: `limited${attempt}@example.test`, password: 'Cirrus-Climb-42' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('allows 5 password-reset requests a minute per IP', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/password/forgot',
        remoteAddress: '10.0.0.8',
        payload: { email: `someone${attempt}@example.test` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
