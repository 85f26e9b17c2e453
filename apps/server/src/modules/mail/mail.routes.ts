import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/error-handler';
import { listOutboxMails, type OutboxMail } from './mail.repository';
import { getMailer } from './mailer';

const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The mail's text with its links made clickable (they point at this server's PUBLIC_URL). */
const textWithLinks = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const outboxPage = (mails: OutboxMail[]): string =>
  [
    '<!doctype html><html><head><meta charset="utf-8"><title>Contrail outbox</title>',
    '<style>body{font-family:sans-serif;max-width:860px;margin:2rem auto;color:#0f172a}article{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}small{color:#64748b}</style>',
    '</head><body><h1>Outbox</h1>',
    '<p>Mails the server would have sent, newest first. Development only: set SMTP_URL to send real mail.</p>',
    mails.length === 0 ? '<p>No mail yet.</p>' : '',
    ...mails.map(
      (mail) =>
        `<article><h2>${escapeHtml(mail.subject)}</h2><small>To ${escapeHtml(mail.to)}, ${mail.createdAt.toISOString()}</small><pre>${textWithLinks(mail.text)}</pre></article>`,
    ),
    '</body></html>',
  ].join('\n');

/**
 * Whether the TCP peer is this machine. The socket's own address, never `request.ip`: a forwarded
 * header (even from a trusted proxy) describes someone else, and a proxy on this machine forwards
 * strangers, so behind a local proxy the outbox is not reachable through it (X-Forwarded-For set).
 */
export const isFromThisMachine = (request: FastifyRequest): boolean => {
  const address = request.raw.socket.remoteAddress ?? '';
  const isLoopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/.test(address);
  return isLoopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
};

/**
 * The development outbox: GET /dev/outbox (HTML) and GET /api/dev/outbox (JSON), newest first.
 * It holds every reset and verification link, so it answers 404 when NODE_ENV=production and to
 * any request that does not come from this machine. Registered without a prefix.
 */
export const mailModule: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  getMailer(app); // created at start-up so its close hook is registered with the app
  const isProduction = app.deps.config.NODE_ENV === 'production';

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (isProduction || !isFromThisMachine(request)) throw notFound('Route GET /dev/outbox');
    const mails = await listOutboxMails(app.deps.db);
    return reply.type('text/html; charset=utf-8').send(outboxPage(mails));
  });

  app.get(
    '/api/dev/outbox',
    { schema: { hide: true, response: { 200: z.object({ items: z.array(ZOutboxMail) }) } } },
    async (request) => {
      if (isProduction || !isFromThisMachine(request)) throw notFound('Route GET /api/dev/outbox');
      const mails = await listOutboxMails(app.deps.db);
      return { items: mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString() })) };
    },
  );
};
