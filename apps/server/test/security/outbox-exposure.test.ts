import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../../src/modules/mail/mail.schema';
import { createMailer } from '../../src/modules/mail/mailer';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const OUTBOX_PATHS = ['/dev/outbox', '/api/dev/outbox'];

describe('development outbox is for this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  it('answers the loopback address', async () => {
    for (const url of OUTBOX_PATHS) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    }
  });

  it('answers 404 in the action shape to another machine, whatever headers it sends', async () => {
    for (const url of OUTBOX_PATHS) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { host: 'localhost' }]) {
        const response = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
        expect(response.body).not.toContain('token=');
      }
    }
  });

  it('refuses a request relayed by a proxy on this machine', async () => {
    for (const url of OUTBOX_PATHS) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(response.statusCode).toBe(404);
    }
  });
});

const captureLog = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { log: pino({ level: 'trace' }, stream), lines };
};

describe('mail links never reach the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'off' });
  });
  afterAll(async () => t.close());

  const message = () => {
    const token = `tok${uniqueSuffix()}secret`;
    return { token, mail: { to: 'pilot@example.test', subject: 'Reset', text: `Open http://localhost:8080/reset-password?token=${token}`, html: `<a href="x?token=${token}">x</a>` } };
  };

  it('in development the outbox stores the mail but the log has no link', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ ...t.app.deps, config: { ...t.config, NODE_ENV: 'development' } }, log);
    const { token, mail } = message();
    await mailer.send(mail);
    expect(lines.join('')).toContain('pilot@example.test');
    expect(lines.join('')).not.toContain(token);
    const stored = await t.app.deps.db.select().from(outboxMails);
    expect(stored.some((row) => row.text.includes(token))).toBe(true);
  });

  it('in production without SMTP_URL neither the log nor the database holds the link', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer({ ...t.app.deps, config: { ...t.config, NODE_ENV: 'production' } }, log);
    const { token, mail } = message();
    await mailer.send(mail);
    expect(lines.join('')).toMatch(/SMTP_URL/);
    expect(lines.join('')).not.toContain(token);
    const stored = await t.app.deps.db.select().from(outboxMails);
    expect(stored.some((row) => row.text.includes(token))).toBe(false);
  });
});
