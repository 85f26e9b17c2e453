import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

describe('development outbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off', PUBLIC_URL: 'http://localhost:5173' });
  });
  afterAll(async () => t.close());

  const signUp = async () => {
    const suffix = uniqueSuffix();
    const email = `outbox${suffix}@example.test`;
    await api(t.app).inject(authRoutes.signUp, { body: { username: `outbox${suffix}`, email, password: 'Cirrus-Climb-42' } });
    return email;
  };

  it('lists stored mails newest first as JSON and as a page with clickable links', async () => {
    const first = await signUp();
    const second = await signUp();

    const json = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(json.statusCode).toBe(200);
    const items = json.json<{ items: { to: string; text: string }[] }>().items;
    expect(items.map((item) => item.to).slice(0, 2)).toEqual([second, first]);
    expect(items[0]!.text).toMatch(/http:\/\/localhost:5173\/verify-email\?token=/);

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body.indexOf(second)).toBeLessThan(page.body.indexOf(first));
    expect(page.body).toMatch(/<a href="http:\/\/localhost:5173\/verify-email\?token=[\w-]{43}">/);
  });

  it('escapes what users typed', async () => {
    const response = await api(t.app).inject(authRoutes.signUp, { body: { username: `x${uniqueSuffix()}`, email: `"<b>bold</b>"${uniqueSuffix()}@example.test`, password: 'Cirrus-Climb-42' } });
    expect(response.statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).not.toContain('<b>bold</b>');
    expect(page.body).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('development outbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SMTP_URL points nowhere: production needs one, and the outbox must stay closed whatever it is.
    t = await createTestApp({ RATE_LIMIT: 'off', NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://contrail.example.org', PAYMENT_SANDBOX: 'on' });
  });
  afterAll(async () => t.close());

  it('answers 404 on both paths', async () => {
    for (const url of ['/dev/outbox', '/api/dev/outbox']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
  });
});
