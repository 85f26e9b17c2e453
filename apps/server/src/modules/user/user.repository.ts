import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { flightLogs, users, userSubscriptions } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type UserSubscriptionRow = typeof userSubscriptions.$inferSelect;

export const findUserById = async (db: DbExecutor, id: string): Promise<UserRow | undefined> => {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
};

export const listUserSubscriptions = async (db: DbExecutor, userId: string): Promise<UserSubscriptionRow[]> =>
  db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).orderBy(userSubscriptions.createdAt);

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

/**
 * Hours the user has flown since `since`, for the flight-time limits: the airborne time
 * (`flight_duration_seconds`) of the user's flight logs that ended at or after `since`. A flight
 * counts whole on the day it ended.
 */
export const getFlightHoursSince = async (db: DbExecutor, userId: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ seconds: sql<string | null>`sum(${flightLogs.flightDurationSeconds})` })
    .from(flightLogs)
    .where(and(eq(flightLogs.userId, userId), gte(flightLogs.endDate, since)));
  return Number(row?.seconds ?? 0) / 3600;
};

export { uniqueViolationOf } from '../../db/unique-violation';
