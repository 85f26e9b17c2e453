import type { TUserInformation } from '@contrail/domain/user/user-contract';
import type { AppMode } from './app-mode';

type WithSubscriptions = Pick<TUserInformation, 'subscriptions'>;

/**
 * A pilot is premium with GOLD; a premium airline manager holds AIRLINE_MANAGER.
 * Premium is tracked separately per mode.
 */
export const isPremium = (user: WithSubscriptions, mode: AppMode): boolean => {
  const code = mode === 'airline_manager' ? 'AIRLINE_MANAGER' : 'GOLD';
  return user.subscriptions.some((subscription) => subscription.code === code);
};
