import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { users } from './user.schema';

/** What flights need to know about a pilot. */
export const findPilotSummary = async (db: DbExecutor, userId: string) => {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      level: users.level,
      walletMfc: users.walletMfc,
      walletXp: users.walletXp,
      nextRemuneration: users.nextRemuneration,
      lastLocationIdent: users.lastLocationIdent,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

export type PilotSummary = NonNullable<Awaited<ReturnType<typeof findPilotSummary>>>;

/** Holds the pilot's row until the transaction `tx` ends. */
export const lockPilotRow = async (tx: DbExecutor, userId: string): Promise<void> => {
  await tx.execute(sql`SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
};

/** After a completed flight: counters grow (atomically), the pilot moves, the level and the rest period are set. */
export const updatePilotAfterFlight = async (
  db: DbExecutor,
  userId: string,
  change: { flightHours: number; lastLocationIdent: string | null; level: number; nextRemuneration: Date | null; now: Date },
): Promise<void> => {
  await db
    .update(users)
    .set({
      numberOfFlight: sql`${users.numberOfFlight} + 1`,
      flightHours: sql`${users.flightHours} + ${change.flightHours}`,
      level: change.level,
      nextRemuneration: change.nextRemuneration,
      updatedAt: change.now,
      ...(change.lastLocationIdent ? { lastLocationIdent: change.lastLocationIdent } : {}),
    })
    .where(eq(users.id, userId));
};

export const setPilotLocation = async (db: DbExecutor, userId: string, ident: string, now: Date): Promise<void> => {
  await db.update(users).set({ lastLocationIdent: ident, updatedAt: now }).where(eq(users.id, userId));
};

/** The pilot's career level and the XP they hold. */
export const findPilotLevelAndXp = async (db: DbExecutor, userId: string) => {
  const [row] = await db.select({ id: users.id, level: users.level, walletXp: users.walletXp }).from(users).where(eq(users.id, userId));
  return row;
};

/** findPilotLevelAndXp, holding the user's row until the transaction `tx` ends. */
export const findPilotLevelAndXpForUpdate = async (tx: DbExecutor, userId: string) => {
  const [row] = await tx.select({ id: users.id, level: users.level, walletXp: users.walletXp }).from(users).where(eq(users.id, userId)).for('update');
  return row;
};

export const setPilotLevel = async (db: DbExecutor, userId: string, level: number, now: Date): Promise<void> => {
  await db.update(users).set({ level, updatedAt: now }).where(eq(users.id, userId));
};
