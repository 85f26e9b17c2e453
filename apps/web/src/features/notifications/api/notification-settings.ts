import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';
import type { TNotificationSettings } from '@contrail/domain/notification/notification-types';
import { apiClient } from '../../../lib/api-client';
import { notificationQueryKeys } from './query-keys';

const settingsKey = (userId: string) => [...notificationQueryKeys.all, 'settings', userId] as const;

/** Which notifications the user hears of, and how. */
export const useNotificationSettings = (userId: string) =>
  useQuery({ queryKey: settingsKey(userId), queryFn: () => apiClient.call(notificationRoutes.settings, { params: { userId } }) });

/** Saves them (the server also keeps this page's language for the mails). */
export const useSaveNotificationSettings = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TNotificationSettings) => apiClient.call(notificationRoutes.saveSettings, { params: { userId }, body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(userId), saved),
  });
};
