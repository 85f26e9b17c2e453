import { and, eq, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import type { UserRow } from './user.repository';
import { users } from './user.schema';

// The account side of users (credentials, sign-up, email verification), used by the auth module.


/** Sign-in accepts a username (any case) or an email address. */
export const findUserByLogin = async (db: DbExecutor, login: string): Promise<UserRow | undefined> => {
  const value = login.trim();
  const [row] = await db
    .select()
    .from(users)
    .where(value.includes('@') ? eq(users.email, value.toLowerCase()) : sql`lower(${users.userName}) = lower(${value})`);
  return row;
};

export const findUserByEmail = async (db: DbExecutor, email: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
};

/** A sponsor is named by mfId (any case) or by username (any case). */
export const findUserByMfIdOrUserName = async (db: DbExecutor, code: string): Promise<UserRow | undefined> => {
  const value = code.trim();
  if (!value) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.mfId, value.toUpperCase()), sql`lower(${users.userName}) = lower(${value})`))
    .orderBy(sql`${users.mfId} = ${value.toUpperCase()} desc`)
    .limit(1);
  return row;
};

export const isUserNameTaken = async (db: DbExecutor, userName: string): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
  return row !== undefined;
};

export const isEmailTaken = async (db: DbExecutor, email: string): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row !== undefined;
};

export type NewUser = {
  userName: string;
  email: string;
  passwordHash: string;
  mfId: string;
  sponsorId: string | null;
  now: Date;
};

export const insertUser = async (db: DbExecutor, user: NewUser): Promise<UserRow> => {
  const [row] = await db
    .insert(users)
    .values({
      userName: user.userName,
      email: user.email,
      passwordHash: user.passwordHash,
      mfId: user.mfId,
      sponsorId: user.sponsorId,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning();
  if (!row) throw new Error('user was not inserted');
  return row;
};

export const updatePasswordHash = async (db: DbExecutor, userId: string, passwordHash: string, now: Date): Promise<void> => {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
};

/** Marks the user's email verified, only if it is still `email` (the address the link was sent to). */
export const markEmailVerified = async (db: DbExecutor, userId: string, email: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return rows.length > 0;
};

/** Moves the account to a confirmed new address (the link proved it, so it is verified). */
export const applyEmailChange = async (db: DbExecutor, userId: string, email: string, now: Date): Promise<boolean> => {
  const rows = await db.update(users).set({ email, emailVerified: true, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
};

/** Whether the user still exists (a deleted user's token must stop working). */
export const userExists = async (db: DbExecutor, userId: string): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
};
