import { eq } from 'drizzle-orm';
import type { HeldSubscription } from '@contrail/domain/user/pilot-tier';
import type { DbExecutor } from '../../db/database';
import { userSubscriptions } from '../../db/schema/index';

/** Every subscription the user holds, active or not. */
export const findHeldSubscriptions = (db: DbExecutor, userId: string): Promise<HeldSubscription[]> =>
  db.select({ code: userSubscriptions.code, endDate: userSubscriptions.endDate }).from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
