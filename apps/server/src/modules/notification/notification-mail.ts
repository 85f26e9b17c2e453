import type { Language } from '@contrail/domain/common/language';
import type { NotificationType } from '@contrail/domain/notification/notification-types';
import type { Database } from '../../db/database';
import type { Job } from '../../jobs/job-registry';
import type { MailMessage, Mailer } from '../mail/mailer';
import { mailContactsOf } from '../user/user-directory.service';
import { claimUnmailedNotifications, releaseForMail, type NotificationRow } from './notification.repository';

/**
 * Mail for the notifications that matter when the pilot is away (issue 19): money that could not
 * be paid, the airline failing, and the answer to an application. Sent by a job once a
 * notification is NOTIFICATION_MAIL_DELAY_MS old and still unread (read in the app by then: no
 * mail), in the language the user's browser last asked in, unless they turned mail off.
 */
export const MAILED_TYPES: readonly NotificationType[] = ['TRANSACTION_FAILED', 'AIRLINE_FAILED', 'APPLICANT_ACCEPTED', 'APPLICANT_REJECTED'];
/** A pilot at the screen reads the bell within minutes; the mail is for those who are not there. */
export const NOTIFICATION_MAIL_DELAY_MS = 10 * 60_000;
export const NOTIFICATION_MAIL_JOB = 'notification-mail';
export const NOTIFICATION_MAIL_PERIOD_MS = 60_000;
const BATCH = 100;

type MailText = { subject: string; line: string; path: string };
type Data = Record<string, unknown>;
const s = (data: Data, key: string) => (typeof data[key] === 'string' || typeof data[key] === 'number' ? String(data[key]) : '');

const texts: Record<Language, { hello: (name: string) => string; open: string; off: string; types: Partial<Record<NotificationType, (data: Data) => MailText>> }> = {
  en: {
    hello: (name) => `Hello ${name},`,
    open: 'Open Contrail:',
    off: 'You receive this email because mail is on in your notification settings. Turn it off on the notifications page:',
    types: {
      TRANSACTION_FAILED: (d) => ({ subject: 'A payment could not be made', line: `A payment could not be made: ${s(d, 'description')}.`, path: d.airlineId ? '/airline-mgr/finance' : '/wallet' }),
      AIRLINE_FAILED: (d) => ({ subject: `${s(d, 'airlineName')} is bankrupt`, line: `${s(d, 'airlineName')} is bankrupt.`, path: '/airline-mgr/failure' }),
      APPLICANT_ACCEPTED: (d) => ({ subject: `${s(d, 'airlineName')} accepted your application`, line: `${s(d, 'airlineName')} accepted your application. Welcome aboard!`, path: `/flight/va/${s(d, 'airlineId')}` }),
      APPLICANT_REJECTED: (d) => ({ subject: `${s(d, 'airlineName')} turned down your application`, line: `${s(d, 'airlineName')} turned down your application. Other airlines are recruiting.`, path: '/pilot/airline/search' }),
    },
  },
  fr: {
    hello: (name) => `Bonjour ${name},`,
    open: 'Ouvrir Contrail :',
    off: 'Vous recevez cet e-mail car les e-mails sont activés dans vos réglages de notification. Désactivez-les sur la page des notifications :',
    types: {
      TRANSACTION_FAILED: (d) => ({ subject: "Un paiement n'a pas pu être effectué", line: `Un paiement n'a pas pu être effectué : ${s(d, 'description')}.`, path: d.airlineId ? '/airline-mgr/finance' : '/wallet' }),
      AIRLINE_FAILED: (d) => ({ subject: `${s(d, 'airlineName')} a fait faillite`, line: `${s(d, 'airlineName')} a fait faillite.`, path: '/airline-mgr/failure' }),
      APPLICANT_ACCEPTED: (d) => ({ subject: `${s(d, 'airlineName')} a accepté votre candidature`, line: `${s(d, 'airlineName')} a accepté votre candidature. Bienvenue à bord !`, path: `/flight/va/${s(d, 'airlineId')}` }),
      APPLICANT_REJECTED: (d) => ({ subject: `${s(d, 'airlineName')} a refusé votre candidature`, line: `${s(d, 'airlineName')} a refusé votre candidature. D'autres compagnies recrutent.`, path: '/pilot/airline/search' }),
    },
  },
  es: {
    hello: (name) => `Hola ${name}:`,
    open: 'Abrir Contrail:',
    off: 'Recibe este correo porque los correos están activados en sus ajustes de notificación. Desactívelos en la página de notificaciones:',
    types: {
      TRANSACTION_FAILED: (d) => ({ subject: 'No se pudo realizar un pago', line: `No se pudo realizar un pago: ${s(d, 'description')}.`, path: d.airlineId ? '/airline-mgr/finance' : '/wallet' }),
      AIRLINE_FAILED: (d) => ({ subject: `${s(d, 'airlineName')} está en quiebra`, line: `${s(d, 'airlineName')} está en quiebra.`, path: '/airline-mgr/failure' }),
      APPLICANT_ACCEPTED: (d) => ({ subject: `${s(d, 'airlineName')} aceptó su solicitud`, line: `${s(d, 'airlineName')} aceptó su solicitud. ¡Bienvenido a bordo!`, path: `/flight/va/${s(d, 'airlineId')}` }),
      APPLICANT_REJECTED: (d) => ({ subject: `${s(d, 'airlineName')} rechazó su solicitud`, line: `${s(d, 'airlineName')} rechazó su solicitud. Otras aerolíneas están reclutando.`, path: '/pilot/airline/search' }),
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail for one notification, or undefined when its type is not mailed. */
export const notificationMail = (notification: NotificationRow, to: { email: string; userName: string }, language: Language, publicUrl: string): MailMessage | undefined => {
  const lang = texts[language];
  const build = lang.types[notification.type as NotificationType];
  if (!build) return undefined;
  const { subject, line, path } = build(notification.data);
  const link = new URL(path, publicUrl).toString();
  const settings = new URL('/notification', publicUrl).toString();
  return {
    to: to.email,
    subject: `Contrail: ${subject}`,
    text: `${lang.hello(to.userName)}\n\n${line}\n\n${lang.open} ${link}\n\n${lang.off} ${settings}\n`,
    html: `<p>${escapeHtml(lang.hello(to.userName))}</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(lang.open)}</a></p><p style="color:#666;font-size:12px">${escapeHtml(lang.off)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
};

/**
 * One pass: claims the notifications old enough to mail (committed at once, so two instances
 * never mail the same one), then sends those that should be. A mail that cannot be handed over
 * is released for the next pass and the pass fails, so the job retries.
 */
export const sendNotificationMails = async (db: Database, mailer: Mailer, publicUrl: string, now: Date): Promise<number> => {
  const claimed = await claimUnmailedNotifications(db, new Date(now.getTime() - NOTIFICATION_MAIL_DELAY_MS), now, BATCH);
  const contacts = await mailContactsOf(db, claimed.map((entry) => entry.notification.userId));
  let sent = 0;
  for (const [index, { notification, settings }] of claimed.entries()) {
    // A user who is gone has no notifications left to mail (they go with the account).
    const user = contacts.get(notification.userId);
    if (!user || notification.isRead || !user.emailVerified || settings?.isMailEnabled === false) continue;
    const mail = notificationMail(notification, user, settings?.language ?? 'en', publicUrl);
    if (!mail) continue;
    try {
      await mailer.send(mail);
      sent += 1;
    } catch (error) {
      await releaseForMail(db, claimed.slice(index).map((entry) => entry.notification.id));
      throw error;
    }
  }
  return sent;
};

/** The job to register: `app.deps.jobs.register(notificationMailJob(...))`. */
export const notificationMailJob = (db: Database, mailer: Mailer, publicUrl: string): Job => ({
  name: NOTIFICATION_MAIL_JOB,
  periodMs: NOTIFICATION_MAIL_PERIOD_MS,
  run: (now) => sendNotificationMails(db, mailer, publicUrl, now),
});
