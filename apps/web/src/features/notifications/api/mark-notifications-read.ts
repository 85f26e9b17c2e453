import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TActionResponse } from '@contrail/domain/common/action-response';
import { apiClient } from '../../../lib/api-client';
import { notificationQueryKeys } from './query-keys';

/** PUT /api/v1/notification/{id}/read. */
export const markNotificationRead = (id: string) => apiClient.put<TActionResponse>(`/api/v1/notification/${encodeURIComponent(id)}/read`);

/** PUT /api/v1/notification/user/{userId}/read: every one of the user's notifications. */
export const markAllNotificationsRead = (userId: string) => apiClient.put<TActionResponse>(`/api/v1/notification/user/${encodeURIComponent(userId)}/read`);

export const useMarkNotificationRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.ofUser(userId) }),
  });
};

export const useMarkAllNotificationsRead = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.ofUser(userId) }),
  });
};
