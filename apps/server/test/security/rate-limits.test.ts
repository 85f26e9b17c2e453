import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, listenHostOf, loadConfig, testConfig } from '../../src/config/config';
import { createSignedInUser, createUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const signInFrom = (t: TestApp, username: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/sign-in', remoteAddress, headers, payload: { username, password: 'Wrong1234' } });

describe('TRUST_PROXY configuration', () => {
  it('is off by default and accepts a hop count or a list of addresses and CIDRs', () => {
    expect(testConfig().TRUST_PROXY).toBe(false);
    expect(testConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
  });

  it('stops the start with a message naming the variable when a value is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(/TRUST_PROXY/);
  });
});

describe('listen host', () => {
  it('keeps the outbox-enabled start on the loopback interface unless HOST says otherwise', () => {
    expect(listenHostOf(loadConfig({}))).toBe('127.0.0.1');
    const PUBLIC_URL = 'https://contrail.example.org';
    expect(listenHostOf(loadConfig({ SMTP_URL: 'smtp://mail.example.test:25', PUBLIC_URL }))).toBe('0.0.0.0');
    expect(listenHostOf(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.test:25', PUBLIC_URL, PAYMENT_SANDBOX: 'on' }))).toBe('0.0.0.0');
    expect(listenHostOf(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL }))).toBe('0.0.0.0');
  });
});

describe('rate limits without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(async () => t.close());

  it('ignores X-Forwarded-For from a client, so a new forged address per try does not reset the count', async () => {
    const { user } = await createUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      statuses.push((await signInFrom(t, user.userName, '10.1.0.1', { 'x-forwarded-for': `203.0.113.${attempt}` })).statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits guesses at one account from many addresses', async () => {
    const { user, password } = await createUser(t.app);
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await signInFrom(t, user.userName, `10.2.${attempt}.1`)).statusCode).toBe(401);
    }
    const limited = await signInFrom(t, user.userName, '10.2.99.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, errorCode: 'TOO_MANY_REQUESTS' });
    // Even the right password waits: the attacker cannot tell it apart.
    const right = await t.app.inject({ method: 'POST', url: '/api/v1/user/sign-in', remoteAddress: '10.2.100.1', payload: { username: user.userName, password } });
    expect(right.statusCode).toBe(429);
  });

  it('limits one address spraying a password over many accounts', async () => {
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect((await signInFrom(t, `spray${attempt}${uniqueSuffix()}`, '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await signInFrom(t, `spray-last${uniqueSuffix()}`, '10.3.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await signInFrom(t, `spray-other${uniqueSuffix()}`, '10.3.0.2')).statusCode).toBe(401);
  });

  it('limits sponsor-code lookups per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 31; attempt += 1) {
      statuses.push((await t.app.inject({ method: 'GET', url: `/api/v1/user/check-mf-id/code${attempt}`, remoteAddress: '10.4.0.1' })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits email-validation guesses per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/email/validate', remoteAddress: '10.5.0.1', payload: { mfid: `guess-${attempt}` } });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits reset mails to one address whichever address asks', async () => {
    const { user } = await createUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/user/password/forgot', remoteAddress: `10.6.${attempt}.1`, payload: { email: user.email } });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limits guesses at one reset token', async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/password/reset',
        remoteAddress: `10.7.${attempt}.1`,
        payload: { token: 'a'.repeat(43), password: 'Another-pass-42' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('limits current-password guesses on the password change per account', async () => {
    const pilot = await createSignedInUser(t.app);
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/user/${pilot.user.id}/password`,
        remoteAddress: `10.8.${attempt}.1`,
        headers: pilot.headers,
        payload: { currentPassword: `Guess-${attempt}-x`, newPassword: 'Another-pass-42' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('rate limits behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'on', TRUST_PROXY: '10.9.0.1' });
  });
  afterAll(async () => t.close());

  it('counts the forwarded client address when the request comes from the proxy, and the socket address otherwise', async () => {
    const { user } = await createUser(t.app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await signInFrom(t, user.userName, '10.9.0.1', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(401);
    }
    expect((await signInFrom(t, user.userName, '10.9.0.1', { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signInFrom(t, user.userName, '10.9.0.1', { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(401);

    // A peer that is not the proxy cannot claim to be someone else.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await signInFrom(t, user.userName, '10.9.0.50', { 'x-forwarded-for': `198.51.100.${100 + attempt}` })).statusCode).toBe(401);
    }
    expect((await signInFrom(t, user.userName, '10.9.0.50', { 'x-forwarded-for': '198.51.100.200' })).statusCode).toBe(429);
  });
});
