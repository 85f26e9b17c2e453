import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/modules/notification/notification.schema';
import { NOTIFICATION_MAIL_DELAY_MS, NOTIFICATION_MAIL_JOB } from '../../src/modules/notification/notification-mail';
import { recordNotification } from '../../src/modules/notification/notification.service';
import { createSignedInUser, type SignedInUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { startSmtpPeer } from '../mail/smtp-peer';
import { api } from '../support/api';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';

describe('notification mail job (over a real SMTP peer)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:8080', RATE_LIMIT: 'off' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const runMailJob = async () => {
    // Past the mail delay and the job's period since its last run.
    t.clock.advanceMs(NOTIFICATION_MAIL_DELAY_MS + 60_000);
    const reports = await t.app.deps.jobs.runDue(t.clock.now());
    expect(reports.find((report) => report.name === NOTIFICATION_MAIL_JOB)?.outcome).toBe('ran');
  };
  const mailsTo = async (user: SignedInUser) =>
    Promise.all(smtp.received.filter((mail) => mail.to.includes(user.user.email)).map((mail) => PostalMime.parse(mail.raw)));
  const visit = (user: SignedInUser, language: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/notification/user/${user.user.id}`, headers: { ...user.headers, 'accept-language': language } });

  it('mails an unread notification that matters in the language the user last used, once', async () => {
    const pilot = await createSignedInUser(t.app);
    await visit(pilot, 'fr-FR,fr;q=0.9');
    await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'APPLICANT_ACCEPTED', data: { airlineId: 'a1', airlineName: 'Ciel Bleu' } });
    // Not mailed for the notifications that do not need it.
    await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'REST_PERIOD_OVER', data: { restEndedAt: t.clock.now().toISOString() } });
    await runMailJob();
    const mails = await mailsTo(pilot);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Contrail: Ciel Bleu a accepté votre candidature');
    expect(mails[0]?.text).toContain('/flight/va/a1');
    expect(mails[0]?.text).toContain('/notification');
    await runMailJob();
    expect(await mailsTo(pilot)).toHaveLength(1);
  });

  it('sends nothing for a notification read in the app before the delay, nor before the delay', async () => {
    const pilot = await createSignedInUser(t.app);
    const { id } = await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'AIRLINE_FAILED', data: { airlineId: 'a2', airlineName: 'Gone Air' } });
    await t.app.deps.jobs.runDue(t.clock.now());
    expect(await mailsTo(pilot)).toHaveLength(0);
    const [row] = await t.app.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.mailedAt).toBeNull();
    await api(t.app, pilot.headers).inject(notificationRoutes.read, { params: { id } });
    await runMailJob();
    expect(await mailsTo(pilot)).toHaveLength(0);
  });

  it('respects the setting that turns mail off, which only the user can change', async () => {
    const pilot = await createSignedInUser(t.app);
    const other = await createSignedInUser(t.app);
    const url = `/api/v1/notification/user/${pilot.user.id}/settings`;
    expect((await t.app.inject({ method: 'GET', url, headers: pilot.headers })).json()).toEqual({ isMailEnabled: true });
    expect((await t.app.inject({ method: 'PUT', url, headers: other.headers, payload: { isMailEnabled: false } })).statusCode).toBe(403);
    const off = await t.app.inject({ method: 'PUT', url, headers: { ...pilot.headers, 'accept-language': 'es' }, payload: { isMailEnabled: false } });
    expect(off.json()).toEqual({ isMailEnabled: false });
    await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'TRANSACTION_FAILED', data: { transactionId: 't1', description: 'Hub fee', amount: 100 } });
    await runMailJob();
    expect(await mailsTo(pilot)).toHaveLength(0);

    await t.app.inject({ method: 'PUT', url, headers: { ...pilot.headers, 'accept-language': 'es' }, payload: { isMailEnabled: true } });
    await recordNotification(t.app.deps.db, { userId: pilot.user.id, type: 'TRANSACTION_FAILED', data: { transactionId: 't2', description: 'Hub fee', amount: 100 } });
    await runMailJob();
    const mails = await mailsTo(pilot);
    expect(mails.map((mail) => mail.subject)).toEqual(['Contrail: No se pudo realizar un pago']);
    expect(mails[0]?.text).toContain('Hub fee');
  });
});
