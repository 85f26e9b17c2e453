import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

// ---- reads other modules make, through user-directory.service.ts ----

export const findUserName = async (db: DbExecutor, userId: string): Promise<string | undefined> => {
  const [row] = await db.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
  return row?.userName;
};

/** User names by id (unknown ids are absent from the map). */
export const findUserNames = async (db: DbExecutor, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.userName]));
};

export const findUserEmail = async (db: DbExecutor, userId: string): Promise<string | undefined> => {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
};

/** What an airline's staff sees of its members and applicants. */
export const findPilotCards = async (db: DbExecutor, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, PilotCard>();
  const rows = await db
    .select({
      userId: users.id,
      userName: users.userName,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      flightHours: users.flightHours,
      numberOfFlight: users.numberOfFlight,
      level: users.level,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map<string, PilotCard>(rows.map((row) => [row.userId, row]));
};

export type PilotCard = {
  userId: string;
  userName: string;
  displayName: string | null;
  firstName: string | null;
  lastName: string | null;
  flightHours: number;
  numberOfFlight: number;
  level: number;
};

/** A pilot's public profile for phpVMS clients. */
export const findPilotProfile = async (db: DbExecutor, userId: string) => {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      country: users.country,
      homeHubIdent: users.homeHubIdent,
      lastLocationIdent: users.lastLocationIdent,
      flightHours: users.flightHours,
      level: users.level,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

export const findSimbriefId = async (db: DbExecutor, userId: string): Promise<string | null | undefined> => {
  const [row] = await db.select({ simbrief: users.simbrief }).from(users).where(eq(users.id, userId));
  return row?.simbrief;
};

export const findAfrvKey = async (db: DbExecutor, userId: string): Promise<string | null | undefined> => {
  const [row] = await db.select({ afrvKey: users.afrvKey }).from(users).where(eq(users.id, userId));
  return row?.afrvKey;
};

/** The public member id, which is also the user's invite (sponsor) code. */
export const findMfId = async (db: DbExecutor, userId: string): Promise<string | undefined> => {
  const [row] = await db.select({ mfId: users.mfId }).from(users).where(eq(users.id, userId));
  return row?.mfId;
};

export const findUserRole = async (db: DbExecutor, userId: string) => {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
};

export const findAdminUserIds = async (db: DbExecutor): Promise<string[]> => {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
  return rows.map((row) => row.id);
};

/** Sets the role of the user with this username (any case); undefined when there is none. */
export const setRoleByUserName = async (db: DbExecutor, userName: string, role: UserRow['role']) => {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .returning({ id: users.id, userName: users.userName, role: users.role });
  return row;
};

const sponsors = alias(users, 'sponsors');

/** The pilot and their sponsor's name, when they have a sponsor. */
export const findPilotWithSponsor = async (db: DbExecutor, userId: string) => {
  const [row] = await db
    .select({ id: users.id, userName: users.userName, sponsorId: users.sponsorId, sponsorUserName: sponsors.userName })
    .from(users)
    .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
    .where(eq(users.id, userId));
  return row;
};

/** Everyone who signed up with the sponsor's code, oldest first. */
export const findReferredUsers = async (db: DbExecutor, sponsorId: string) =>
  db
    .select({ id: users.id, userName: users.userName, signedUpAt: users.createdAt })
    .from(users)
    .where(eq(users.sponsorId, sponsorId))
    .orderBy(asc(users.createdAt), asc(users.userName));

/** What a mail to these users needs: the address, whether it is verified, the name to greet. */
export const findMailContacts = async (db: DbExecutor, ids: readonly string[]) => {
  if (ids.length === 0) return new Map<string, { id: string; email: string; userName: string; emailVerified: boolean }>();
  const rows = await db
    .select({ id: users.id, email: users.email, userName: users.userName, emailVerified: users.emailVerified })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
};

/** Pilots whose rest period (set when a flight's FlightCoins were withheld) ended in (after, upTo]. */
export const findRestPeriodsEnded = async (db: DbExecutor, after: Date, upTo: Date) =>
  db
    .select({ userId: users.id, restEndedAt: users.nextRemuneration })
    .from(users)
    .where(and(lte(users.nextRemuneration, upTo), gt(users.nextRemuneration, after)));
