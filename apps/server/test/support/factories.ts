import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TSignInResponse } from '@contrail/domain/auth/auth-contract';
import type { App } from '../../src/app';
import { outboxMails } from '../../src/modules/mail/mail.schema';
import { users } from '../../src/modules/user/user.schema';
import { userSubscriptions } from '../../src/modules/subscription/subscription.schema';
import { generateMfId } from '../../src/modules/auth/opaque-token';
import { hashPassword } from '../../src/modules/auth/password-hashing';
import { api } from './api';
import { authRoutes } from '@contrail/domain/auth/auth-routes';

/**
 * Shared test factories (each takes overrides; they all live in this one place). Every factory
 * writes through the real database of a test app; nothing is mocked.
 */

export const DEFAULT_PASSWORD = 'Cirrus-Climb-42';

let sequence = 0;
/** A short unique suffix: unique within a run and across parallel runs on one PostgreSQL. */
export const uniqueSuffix = (): string => `${(sequence += 1)}${randomBytes(3).toString('hex')}`;

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };
export type UserRow = typeof users.$inferSelect;
export type CreatedUser = { user: UserRow; password: string };

/**
 * One argon2 hash per password per test worker: hashing is deliberately costly (19 MiB, 2 passes)
 * and a user made here needs a hash that verifies, not a salt of its own. Sign-in still verifies
 * every password against it with argon2, and sign-up and password changes hash as in production.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string): Promise<string> => {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
};

/** Inserts a user (verified by default) with the given overrides; returns the row and its password. */
export const createUser = async (app: App, overrides: UserOverrides = {}): Promise<CreatedUser> => {
  const { password = DEFAULT_PASSWORD, ...fields } = overrides;
  const suffix = uniqueSuffix();
  const now = app.deps.clock.now();
  const [user] = await app.deps.db
    .insert(users)
    .values({
      userName: `pilot${suffix}`,
      email: `pilot${suffix}@example.test`,
      mfId: generateMfId(),
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
      ...fields,
      passwordHash: fields.passwordHash ?? (await hashOf(password)),
    })
    .returning();
  if (!user) throw new Error('createUser: no row returned');
  return { user, password };
};

/** Signs in through the API; fails the test when the answer is not 200. */
export const signIn = async (app: App, username: string, password = DEFAULT_PASSWORD): Promise<TSignInResponse> => {
  const response = await api(app).inject(authRoutes.signIn, { body: { username, password } });
  if (response.statusCode !== 200) throw new Error(`signIn(${username}) answered ${response.statusCode}: ${response.body}`);
  return response.json<TSignInResponse>();
};

export type SignedInUser = CreatedUser &
  TSignInResponse & {
    /** Headers for an authenticated call: bearer access token and refresh token. */
    headers: { authorization: string; 'refresh-token': string };
  };

/** createUser, then signIn: the usual start of an authenticated test. */
export const createSignedInUser = async (app: App, overrides: UserOverrides = {}): Promise<SignedInUser> => {
  const created = await createUser(app, overrides);
  const session = await signIn(app, created.user.userName, created.password);
  return {
    ...created,
    ...session,
    headers: { authorization: `Bearer ${session.token}`, 'refresh-token': session.refreshToken },
  };
};

/** Gives the user a subscription (e.g. GOLD for a premium pilot). `endDate` null never ends. */
export const giveSubscription = async (
  app: App,
  userId: string,
  code: (typeof userSubscriptions.$inferInsert)['code'],
  endDate: Date | null = null,
): Promise<void> => {
  await app.deps.db.insert(userSubscriptions).values({ userId, code, endDate });
};

export const reloadUser = async (app: App, userId: string): Promise<UserRow> => {
  const [user] = await app.deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} not found`);
  return user;
};

/** Mails stored in the outbox (no SMTP_URL) for an address, newest first. */
export const outboxMailsTo = async (app: App, to: string) => {
  const mails = await app.deps.db.select().from(outboxMails).where(eq(outboxMails.to, to));
  return mails.sort((a, b) => b.seq - a.seq);
};

/** The `token` query parameter of the first link in a mail's text that points at `page`. */
export const tokenFromMail = (text: string, page: string): string => {
  const link = (text.match(/https?:\/\/\S+/g) ?? []).map((raw) => new URL(raw)).find((url) => url.pathname.endsWith(page));
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${page} link in mail:\n${text}`);
  return token;
};

/** The token of the newest mail to `to` with a link to `page`. */
export const latestTokenMailedTo = async (app: App, to: string, page: '/verify-email' | '/reset-password' | '/confirm-email-change'): Promise<string> => {
  const mail = (await outboxMailsTo(app, to)).find((candidate) => candidate.text.includes(page));
  if (!mail) throw new Error(`no mail to ${to} with a ${page} link`);
  return tokenFromMail(mail.text, page);
};

export type MultipartFile = { field: string; filename: string; contentType: string; content: Buffer };

/** A multipart/form-data body for app.inject: string fields and optional files. */
export const multipartForm = (
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: { 'content-type': string } } => {
  const boundary = `----contrail${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** A real 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI and a JFIF APP0 marker); enough for a magic-byte check. */
export const TINY_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 0),
  Buffer.from([0xff, 0xd9]),
]);
