import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { users } from './user.schema';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: DbExecutor, id: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
};

/** Whether another user (any case) has this username. */
export const isUserNameTakenByOther = async (db: DbExecutor, userName: string, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.userName}) = lower(${userName})`, ne(users.id, userId)));
  return row !== undefined;
};

export const isEmailTakenByOther = async (db: DbExecutor, email: string, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, userId)));
  return row !== undefined;
};

export type UserPatch = Partial<
  Pick<
    UserRow,
    | 'userName'
    | 'email'
    | 'emailVerified'
    | 'displayName'
    | 'photo'
    | 'simbrief'
    | 'vatsim'
    | 'ivao'
    | 'firstName'
    | 'lastName'
    | 'city'
    | 'country'
    | 'dateOfBirth'
    | 'afrvId'
    | 'afrvKey'
    | 'careerStarted'
    | 'homeHubIdent'
    | 'lastLocationIdent'
  >
>;

export const updateUser = async (db: DbExecutor, userId: string, patch: UserPatch, now: Date): Promise<UserRow> => {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} not found for update`);
  return row;
};

export { uniqueViolationOf } from '../../db/unique-violation';

/** The names other pilots see: the display name, else the public pilot id (never the username or the email). */
export const findPublicPilotNames = async (db: DbExecutor, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, mfId: users.mfId })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.displayName?.trim() || `Pilot ${row.mfId}`]));
};
