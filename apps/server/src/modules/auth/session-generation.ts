import { eq, sql } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { DbExecutor } from '../../db/database';
import { sessionGenerations } from './auth.schema';
import { userExists } from '../user/user-account.service';
import type { SessionCheck } from '../../plugins/authentication';

/** The user's current session generation (0 until their sessions were first ended). */
export const currentSessionGeneration = async (db: DbExecutor, userId: string): Promise<number> => {
  const [row] = await db.select({ generation: sessionGenerations.generation }).from(sessionGenerations).where(eq(sessionGenerations.userId, userId));
  return row?.generation ?? 0;
};

/** Moves the user to the next generation: every access token issued so far stops working. */
export const endAccessTokens = async (db: DbExecutor, userId: string, now: Date): Promise<number> => {
  const [row] = await db
    .insert(sessionGenerations)
    .values({ userId, generation: 1, updatedAt: now })
    .onConflictDoUpdate({ target: sessionGenerations.userId, set: { generation: sql`${sessionGenerations.generation} + 1`, updatedAt: now } })
    .returning({ generation: sessionGenerations.generation });
  return row?.generation ?? 1;
};

/**
 * The authentication plugin's database check: the token's user still exists (a deleted user's token
 * is a 401, not a 500 further on) and the token belongs to the current session generation.
 */
export const sessionCheckFor =
  (db: DbExecutor): SessionCheck =>
  async (claims) => {
    const [exists, generation] = await Promise.all([userExists(db, claims.id), currentSessionGeneration(db, claims.id)]);
    if (!exists) throw new AppError(ErrorCode.unauthorized, 'Authentication required');
    if (claims.sessionGeneration < generation) {
      // TOKEN_EXPIRED, so a client whose own session was kept (password change) refreshes quietly.
      throw new AppError(ErrorCode.tokenExpired, 'Session expired', { token: 'session' });
    }
  };
