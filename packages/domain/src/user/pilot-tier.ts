import type { SubscriptionCode } from './user-contract';

/** A freemium pilot may fly 3 missions per calendar month. */
export const FREEMIUM_MISSIONS_PER_MONTH = 3;

export type HeldSubscription = { code: SubscriptionCode; endDate: Date | null };

/** A subscription counts while it has no end date or ends after `now`. */
export const isSubscriptionActive = (subscription: HeldSubscription, now: Date): boolean =>
  subscription.endDate === null || subscription.endDate.getTime() > now.getTime();

/** A pilot is premium while holding an active GOLD subscription; freemium otherwise. */
export const isPremiumPilot = (subscriptions: readonly HeldSubscription[], now: Date): boolean =>
  subscriptions.some((subscription) => subscription.code === 'GOLD' && isSubscriptionActive(subscription, now));

/** Airline-manager premium means holding an active AIRLINE_MANAGER subscription. */
export const isPremiumAirlineManager = (subscriptions: readonly HeldSubscription[], now: Date): boolean =>
  subscriptions.some((subscription) => subscription.code === 'AIRLINE_MANAGER' && isSubscriptionActive(subscription, now));

/**
 * Missions a freemium pilot may still fly this month (never negative). For a premium pilot the
 * counter is not shown; it is still computed the same way so the field keeps one meaning.
 */
export const freemiumMissionsRemaining = (missionsThisMonth: number): number =>
  Math.max(0, FREEMIUM_MISSIONS_PER_MONTH - missionsThisMonth);
