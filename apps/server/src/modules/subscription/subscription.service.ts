import { isPremiumAirlineManager, isPremiumPilot, isSubscriptionActive, type HeldSubscription } from '@contrail/domain/user/pilot-tier';
import type { DbExecutor } from '../../db/database';
import { findHeldSubscriptions } from './subscription.repository';

/** Premium is tracked separately per app mode. */
export type PremiumMode = 'pilot' | 'airline_manager';

/**
 * THE subscription lookup (it was written four times): whether the user is premium in that mode
 * at `now` (pilot: an active GOLD; airline manager: an active AIRLINE_MANAGER). Pass a transaction
 * as `db` to read inside it. The commerce module owns the rest of subscriptions and extends this one.
 */
export const isPremium = async (db: DbExecutor, userId: string, mode: PremiumMode, now: Date): Promise<boolean> =>
  isPremiumIn(await findHeldSubscriptions(db, userId), mode, now);

/** The same rule on subscriptions already read (one read for several questions). */
export const isPremiumIn = (subscriptions: readonly HeldSubscription[], mode: PremiumMode, now: Date): boolean =>
  mode === 'pilot' ? isPremiumPilot(subscriptions, now) : isPremiumAirlineManager(subscriptions, now);

/** The user's subscriptions active at `now`, oldest first (the User entity lists them). */
export const listActiveSubscriptions = async (db: DbExecutor, userId: string, now: Date): Promise<HeldSubscription[]> =>
  (await findHeldSubscriptions(db, userId)).filter((subscription) => isSubscriptionActive(subscription, now));
