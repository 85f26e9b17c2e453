import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { refreshTokens, userTokens, type UserTokenPurpose } from './auth.schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type UserTokenRow = typeof userTokens.$inferSelect;

// ---- refresh tokens

export const insertRefreshToken = async (
  db: DbExecutor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> => {
  await db.insert(refreshTokens).values(token);
};

export const findRefreshTokenByHash = async (db: DbExecutor, tokenHash: string): Promise<RefreshTokenRow | undefined> => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
};

/**
 * Marks a refresh token used, atomically: of two requests presenting the same token at once, only
 * one gets true; the other is treated as a reuse.
 */
export const claimRefreshToken = async (db: DbExecutor, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
};

export const revokeRefreshFamily = async (db: DbExecutor, familyId: string, now: Date): Promise<void> => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

/** Ends every session of the user, except the family `keepFamilyId` when given (the caller's own). */
export const revokeUserRefreshTokens = async (db: DbExecutor, userId: string, now: Date, keepFamilyId?: string): Promise<void> => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
};

// ---- single-use email tokens

export const insertUserToken = async (
  db: DbExecutor,
  token: { userId: string; purpose: UserTokenPurpose; tokenHash: string; email: string; expiresAt: Date; createdAt: Date },
): Promise<void> => {
  await db.insert(userTokens).values(token);
};

/** Retires the user's unused tokens of one purpose: only the newest link sent works. */
export const retireUserTokens = async (db: DbExecutor, userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> => {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
};

/**
 * Retires every unused link that could take the account over: pending email changes and password
 * resets. Ending the sessions ends them too, or a link started by whoever was signed out would
 * still move the account to their address, or reset its password.
 */
export const retireAccountTakeoverTokens = async (db: DbExecutor, userId: string, now: Date): Promise<void> => {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, ['EMAIL_CHANGE', 'PASSWORD_RESET']), isNull(userTokens.usedAt)));
};

export const findUserTokenByHash = async (
  db: DbExecutor,
  purpose: UserTokenPurpose,
  tokenHash: string,
): Promise<UserTokenRow | undefined> => {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)));
  return row;
};

/** Marks a single-use token used, atomically; false when it already was. */
export const claimUserToken = async (db: DbExecutor, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return rows.length > 0;
};
