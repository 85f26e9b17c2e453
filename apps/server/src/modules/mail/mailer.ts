import nodemailer from 'nodemailer';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';
import { insertOutboxMail } from './mail.repository';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends an email. Rejects when the mail could not be handed over (SMTP down, refused address). */
export type Mailer = { send: (message: MailMessage) => Promise<void>; transport: 'smtp' | 'outbox' };

/**
 * SMTP (nodemailer) when SMTP_URL is set; otherwise the outbox: the mail is stored in the
 * outbox table, its links are logged, and /dev/outbox shows it. Mails sent through SMTP are not
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
    log.warn('SMTP_URL is not set: account emails go to the outbox table only and nobody receives them');
  }
  return {
    transport: 'outbox',
    send: async (message) => {
      await insertOutboxMail(deps.db, { ...message, createdAt: deps.clock.now() });
      log.info({ to: message.to, subject: message.subject, links: linksIn(message.text) }, 'mail stored in the outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
};

const linksIn = (text: string): string[] => text.match(/https?:\/\/\S+/g) ?? [];

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
