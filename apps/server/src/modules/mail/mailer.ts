import nodemailer from 'nodemailer';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { insertOutboxMail } from './mail.repository';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends an email. Rejects when the mail could not be handed over (SMTP down, refused address). */
export type Mailer = { send: (message: MailMessage) => Promise<void>; transport: 'smtp' | 'outbox' };

/**
 * SMTP (nodemailer) when SMTP_URL is set; otherwise, outside production, the outbox: the mail is
 * stored in the outbox table and /dev/outbox shows it to this machine. In production without
 * SMTP_URL the mail is dropped with a warning. No link (token) is ever logged. Mails sent through SMTP are not
 * stored, so the database never holds a live link (docs/decisions/0002-token-scheme.md).
 */
export const createMailer = (deps: Pick<AppDeps, 'config' | 'db' | 'clock'>, log: FastifyBaseLogger): Mailer & { close: () => void } => {
  const { config } = deps;
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      transport: 'smtp',
      send: async (message) => {
        await transporter.sendMail({ from: config.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      close: () => transporter.close(),
    };
  }
  if (config.NODE_ENV === 'production') {
    // Nobody can read the outbox in production, and a stored or logged link is a working reset
    // token for whoever reads the database or the logs: the mail is dropped, loudly.
    log.warn('SMTP_URL is not set: account emails are not sent; set SMTP_URL');
    return {
      transport: 'outbox',
      send: async (message) => {
        log.warn({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      },
      close: () => undefined,
    };
  }
  return {
    transport: 'outbox',
    send: async (message) => {
      await insertOutboxMail(deps.db, { ...message, createdAt: deps.clock.now() });
      // The links stay out of the log (logs are shipped and kept): the outbox page shows them.
      log.info({ to: message.to, subject: message.subject }, 'mail stored in the outbox (no SMTP_URL): open /dev/outbox on this machine');
    },
    close: () => undefined,
  };
};

const mailers = new WeakMap<AppDeps, Mailer>();

/**
 * The app's one mailer (one SMTP pool per app), created on first use and closed with the app.
 * Modules get it here rather than importing each other.
 */
export const getMailer = (app: FastifyInstance): Mailer => {
  const existing = mailers.get(app.deps);
  if (existing) return existing;
  const mailer = createMailer(app.deps, app.log);
  mailers.set(app.deps, mailer);
  app.addHook('onClose', async () => mailer.close());
  return mailer;
};
