import { eq } from 'drizzle-orm';
import type { HeldSubscription } from '@contrail/domain/user/pilot-tier';
import type { DbExecutor } from '../../db/database';
import { userSubscriptions } from './subscription.schema';

/**
 * THE read of `user_subscriptions`: every subscription the user holds, active or not, oldest first
 * (the order the User entity lists them). Whether one is active at a time is the domain's rule
 * (`isSubscriptionActive`), not a filter here.
 */
export const findHeldSubscriptions = (db: DbExecutor, userId: string): Promise<HeldSubscription[]> =>
  db
    .select({ code: userSubscriptions.code, endDate: userSubscriptions.endDate })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(userSubscriptions.createdAt);
