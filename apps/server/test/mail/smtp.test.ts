import { sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../src/modules/mail/mail.schema';
import { getMailQueue } from '../../src/modules/mail/mail-queue';
import { reloadUser, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { decodeQuotedPrintable, startSmtpPeer } from './smtp-peer';
import { api } from '../support/api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';
import { userRoutes } from '@contrail/domain/user/user-routes';

describe('mail over SMTP (SMTP_URL set)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({
      RATE_LIMIT: 'off',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Contrail <no-reply@contrail.test>',
      PUBLIC_URL: 'https://contrail.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification mail to the SMTP peer, and its link verifies the address', async () => {
    const suffix = uniqueSuffix();
    const email = `smtp${suffix}@example.test`;
    const response = await api(t.app).inject(authRoutes.signUp, { body: { username: `smtp${suffix}`, email, password: 'Cirrus-Climb-42' } });
    expect(response.statusCode).toBe(201);

    const mail = smtp.received.find((candidate) => candidate.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@contrail.test');
    const message = decodeQuotedPrintable(mail!.raw);
    expect(message).toMatch(/^Subject: Confirm your Contrail email address/m);
    expect(message).toContain('text/html');
    const link = /https:\/\/contrail\.example\/verify-email\?token=([\w-]{43})/.exec(message);
    expect(link).not.toBeNull();

    const verified = await api(t.app).injectLoose(authRoutes.validateEmail, { body: { mfid: link![1] } });
    expect(verified.statusCode).toBe(200);
    const signIn = await api(t.app).inject(authRoutes.signIn, { body: { username: email, password: 'Cirrus-Climb-42' } });
    const me = await api(t.app, { authorization: `Bearer ${signIn.json<{ token: string }>().token}` }).inject(userRoutes.ownInformation);
    expect(me.json()).toMatchObject({ email, emailVerified: true });
  });

  it('delivers the password-reset mail, and keeps no mail in the outbox table', async () => {
    const suffix = uniqueSuffix();
    const email = `reset${suffix}@example.test`;
    await api(t.app).inject(authRoutes.signUp, { body: { username: `reset${suffix}`, email, password: 'Cirrus-Climb-42' } });
    const response = await api(t.app).inject(authRoutes.forgotPassword, { body: { email } });
    expect(response.statusCode).toBe(200);
    await getMailQueue(t.app).idle();
    const mail = smtp.received.find((candidate) => candidate.to.includes(email) && candidate.raw.includes('reset-password'));
    const token = /reset-password\?token=([\w-]{43})/.exec(decodeQuotedPrintable(mail!.raw))![1];
    const reset = await api(t.app).injectLoose(authRoutes.resetPassword, { body: { token, password: 'Changed123' } });
    expect(reset.statusCode).toBe(200);

    const [{ n }] = (await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(outboxMails)) as [{ n: number }];
    expect(n).toBe(0);
  });
  describe('in the language of the page that asked (Accept-Language)', () => {
    const parsedMailTo = async (email: string, linkPath: string) => {
      const mail = smtp.received.find((candidate) => candidate.to.includes(email) && decodeQuotedPrintable(candidate.raw).includes(linkPath));
      expect(mail).toBeDefined();
      return PostalMime.parse(mail!.raw);
    };
    const signUpIn = async (acceptLanguage: string) => {
      const suffix = uniqueSuffix();
      const email = `lang${suffix}@example.test`;
      const headers = { 'accept-language': acceptLanguage };
      await api(t.app, headers).inject(authRoutes.signUp, { body: { username: `lang${suffix}`, email, password: 'Cirrus-Climb-42' } });
      return { email, headers };
    };

    it('writes the verification mail in French for a French page, accents intact over SMTP', async () => {
      const { email } = await signUpIn('fr-FR,fr;q=0.9,en;q=0.8');
      const mail = await parsedMailTo(email, '/verify-email');
      expect(mail.subject).toBe('Confirmez votre adresse e-mail Contrail');
      expect(mail.text).toContain("Ce lien est valable 48 heures et ne sert qu'une fois.");
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain('Confirmer mon e-mail');
    });

    it('writes the password-reset mail in Spanish, and falls back to English for a language Contrail does not speak', async () => {
      const { email, headers } = await signUpIn('es');
      await api(t.app, headers).inject(authRoutes.forgotPassword, { body: { email } });
      await getMailQueue(t.app).idle();
      const reset = await parsedMailTo(email, '/reset-password');
      expect(reset.subject).toBe('Restablece tu contraseña de Contrail');
      expect(reset.text).toContain('Si no fuiste tú, ignora este correo: tu contraseña no cambia.');

      const german = await signUpIn('de-DE,de;q=0.9');
      expect((await parsedMailTo(german.email, '/verify-email')).subject).toBe('Confirm your Contrail email address');
    });
  });
});

describe('mail over SMTP when the server refuses it', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer({ rejectAll: true });
    t = await createTestApp({ RATE_LIMIT: 'off', SMTP_URL: smtp.url, PUBLIC_URL: 'https://contrail.example' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('still creates the account (the user can resend) and answers the resend with an error', async () => {
    const suffix = uniqueSuffix();
    const email = `refused${suffix}@example.test`;
    const response = await api(t.app).inject(authRoutes.signUp, { body: { username: `refused${suffix}`, email, password: 'Cirrus-Climb-42' } });
    expect(response.statusCode).toBe(201);
    const signIn = await api(t.app).inject(authRoutes.signIn, { body: { username: email, password: 'Cirrus-Climb-42' } });
    const headers = { authorization: `Bearer ${signIn.json<{ token: string }>().token}` };
    const me = (await api(t.app, headers).inject(userRoutes.ownInformation)).json<{ id: string }>();
    expect((await reloadUser(t.app, me.id)).emailVerified).toBe(false);

    const resend = await api(t.app, headers).inject(authRoutes.resendEmailVerification);
    expect(resend.statusCode).toBe(503);
    expect(resend.json()).toMatchObject({ success: false, errorCode: 'INTERNAL_ERROR', message: expect.stringMatching(/could not be sent/) });
  });
});
