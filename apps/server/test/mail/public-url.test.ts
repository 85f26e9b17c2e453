import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailsTo, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { decodeQuotedPrintable, startSmtpPeer } from './smtp-peer';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

/** A loopback port nobody listens on (not 8080), for a server started with PORT set to it. */
const freePort = async (): Promise<number> => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port === 8080 ? freePort() : port;
};

const PASSWORD = 'Cirrus-Climb-42';

// Only a start on this machine with the outbox may leave PUBLIC_URL unset: over SMTP, or listening
// beyond loopback, the server refuses to start without it (production-defaults.test.ts).
describe('mail links follow the address the app is served on when PUBLIC_URL is not set', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // No PUBLIC_URL: a newcomer who changed PORT.
    t = await createTestApp({ RATE_LIMIT: 'off', PORT: String(port), TRUST_PROXY: 'loopback' });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const verificationLinkTo = async (email: string): Promise<URL> => {
    const [mail] = await outboxMailsTo(t.app, email);
    expect(mail).toBeDefined();
    const link = /(https?:\/\/[^\s"<>]+\/verify-email\?token=[\w-]{43})/.exec(mail!.text);
    expect(link).not.toBeNull();
    return new URL(link![1]!);
  };

  it('signs up over HTTP on PORT: the verification link points at that port and verifies the address', async () => {
    expect(t.config.isPublicUrlSet).toBe(false);
    const origin = `http://127.0.0.1:${port}`;
    const suffix = uniqueSuffix();
    const email = `port${suffix}@example.test`;
    const signUp = await fetch(`${origin}/api/v1/user/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `port${suffix}`, email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(201);

    const link = await verificationLinkTo(email);
    expect(link.origin).toBe(origin);
    expect(link.port).not.toBe('8080');
    expect(link.pathname).toBe('/verify-email');

    // The page at the link posts its token to the same origin: the address is verified.
    const verified = await fetch(`${link.origin}/api/v1/user/email/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mfid: link.searchParams.get('token') }),
    });
    expect(verified.status).toBe(200);
    const signIn = await fetch(`${link.origin}/api/v1/user/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const me = await fetch(`${link.origin}/api/v1/user/information`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ email, emailVerified: true });
  });

  it('follows the host and protocol a trusted proxy forwards, and ignores them from anyone else', async () => {
    const viaProxy = `proxied${uniqueSuffix()}@example.test`;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sign-up',
      remoteAddress: '127.0.0.1',
      headers: { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'contrail.example.net', 'x-forwarded-proto': 'https' },
      payload: { username: viaProxy.split('@')[0], email: viaProxy, password: PASSWORD },
    });
    expect((await verificationLinkTo(viaProxy)).origin).toBe('https://contrail.example.net');

    const direct = `direct${uniqueSuffix()}@example.test`;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sign-up',
      remoteAddress: '203.0.113.9',
      headers: { host: `127.0.0.1:${port}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: { username: direct.split('@')[0], email: direct, password: PASSWORD },
    });
    expect((await verificationLinkTo(direct)).origin).toBe(`http://127.0.0.1:${port}`);
  });
});

describe('mail links with PUBLIC_URL set', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ RATE_LIMIT: 'off', SMTP_URL: smtp.url, PORT: '3000', PUBLIC_URL: 'https://contrail.example.org' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps PUBLIC_URL whatever address the request came on', async () => {
    const email = `public${uniqueSuffix()}@example.test`;
    const response = await api(t.app, { host: 'localhost:4000' }).injectLoose(authRoutes.signUp, { body: { username: email.split('@')[0], email, password: PASSWORD } });
    expect(response.statusCode).toBe(201);
    const mail = smtp.received.find((candidate) => candidate.to.includes(email));
    expect(decodeQuotedPrintable(mail!.raw)).toMatch(/https:\/\/contrail\.example\.org\/verify-email\?token=[\w-]{43}/);
    expect(decodeQuotedPrintable(mail!.raw)).not.toContain('localhost:4000');
  });
});
