import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import { MAX_PHPVMS_API_KEYS, type TPhpvmsApiKey } from '@contrail/domain/phpvms-api/phpvms-key-routes';
import type { Database } from '../../db/database';
import { phpvmsApiKeys } from './phpvms-api.schema';
import { userNameOf } from '../user/user-directory.service';
import { notFound } from '../../plugins/error-handler';

/** SHA-256 of a key: the only form stored (a leaked table gives no usable key). */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

const toKey = (row: typeof phpvmsApiKeys.$inferSelect): TPhpvmsApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const listApiKeys = async (db: Database, userId: string): Promise<{ items: TPhpvmsApiKey[] }> => {
  const rows = await db
    .select()
    .from(phpvmsApiKeys)
    .where(and(eq(phpvmsApiKeys.userId, userId), isNull(phpvmsApiKeys.revokedAt)))
    .orderBy(asc(phpvmsApiKeys.createdAt));
  return { items: rows.map(toKey) };
};

/** A new key: 32 random bytes, base64url; answered once, stored as its hash. */
export const createApiKey = async (db: Database, userId: string, name: string, now: Date): Promise<TPhpvmsApiKey & { key: string }> => {
  const { items } = await listApiKeys(db, userId);
  if (items.length >= MAX_PHPVMS_API_KEYS) {
    throw new AppError(ErrorCode.validation, `You already have ${MAX_PHPVMS_API_KEYS} keys: revoke one you no longer use first`, 'name');
  }
  const key = randomBytes(32).toString('base64url');
  const [row] = await db.insert(phpvmsApiKeys).values({ userId, name, keyHash: hashApiKey(key), prefix: key.slice(0, 6), createdAt: now }).returning();
  return { ...toKey(row!), key };
};

export const revokeApiKey = async (db: Database, userId: string, keyId: string, now: Date): Promise<{ success: true }> => {
  const revoked = await db
    .update(phpvmsApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(phpvmsApiKeys.id, keyId), eq(phpvmsApiKeys.userId, userId), isNull(phpvmsApiKeys.revokedAt)))
    .returning({ id: phpvmsApiKeys.id });
  if (revoked.length === 0) throw notFound('API key');
  return { success: true };
};

export type PhpvmsPilot = { id: string; userName: string };

/** The pilot a live key belongs to, or null; marks the key used (at most once a minute). */
export const pilotOfApiKey = async (db: Database, key: string, now: Date): Promise<PhpvmsPilot | null> => {
  if (key.length < 16 || key.length > 200) return null;
  const [row] = await db
    .select({ keyId: phpvmsApiKeys.id, lastUsedAt: phpvmsApiKeys.lastUsedAt, userId: phpvmsApiKeys.userId })
    .from(phpvmsApiKeys)
    .where(and(eq(phpvmsApiKeys.keyHash, hashApiKey(key)), isNull(phpvmsApiKeys.revokedAt)));
  if (!row) return null;
  const userName = await userNameOf(db, row.userId);
  if (userName === undefined) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(phpvmsApiKeys).set({ lastUsedAt: now }).where(eq(phpvmsApiKeys.id, row.keyId));
  }
  return { id: row.userId, userName };
};

