import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/database';
import { users } from '../user/user.schema';

/** The pilot's AFRV booking key from the profile, null when none is set. */
export const findAfrvKeyOf = async (db: DbExecutor, userId: string): Promise<string | null> => {
  const [row] = await db.select({ afrvKey: users.afrvKey }).from(users).where(eq(users.id, userId));
  const key = row?.afrvKey?.trim();
  return key ? key : null;
};
