import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { serverSettings } from './server-settings.schema';

/**
 * Returns the named secret, generating and storing it on first use. Stored in the database so
 * every server instance on one PostgreSQL signs with the same key, and restarts keep sessions.
 */
export const getOrCreateServerSecret = async (db: Database, key: string, bytes = 48): Promise<string> => {
  const fresh = randomBytes(bytes).toString('base64url');
  await db.insert(serverSettings).values({ key, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, key));
  if (!row || typeof row.value !== 'string') throw new Error(`server secret ${key} could not be stored`);
  return row.value;
};
