import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationSettings } from '@contrail/domain/notification/notification-types';
import { apiClient } from '../../../lib/api-client';
import { notificationQueryKeys } from './query-keys';

const settingsKey = (userId: string) => [...notificationQueryKeys.all, 'settings', userId] as const;
const settingsPath = (userId: string) => `/api/v1/notification/user/${encodeURIComponent(userId)}/settings`;

/** GET /api/v1/notification/user/{userId}/settings. */
export const useNotificationSettings = (userId: string) =>
  useQuery({ queryKey: settingsKey(userId), queryFn: () => apiClient.get<TNotificationSettings>(settingsPath(userId)) });

/** PUT /api/v1/notification/user/{userId}/settings (the server also keeps this page's language for the mails). */
export const useSaveNotificationSettings = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TNotificationSettings) => apiClient.put<TNotificationSettings>(settingsPath(userId), settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(userId), saved),
  });
};
