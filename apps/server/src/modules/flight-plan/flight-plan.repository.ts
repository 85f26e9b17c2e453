import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { users } from '../user/user.schema';

/** The pilot's SimBrief pilot id (or username) from the profile, null when none is set. */
export const findSimbriefIdOf = async (db: DbExecutor, userId: string): Promise<string | null> => {
  const [row] = await db.select({ simbrief: users.simbrief }).from(users).where(eq(users.id, userId));
  const id = row?.simbrief?.trim();
  return id ? id : null;
};
