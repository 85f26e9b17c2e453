import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';
import { apiClient } from '../../../lib/api-client';
import { notificationQueryKeys } from './query-keys';

export const markNotificationRead = (id: string) => apiClient.call(notificationRoutes.read, { params: { id } });

/** Every one of the user's notifications. */
export const markAllNotificationsRead = (userId: string) => apiClient.call(notificationRoutes.readAll, { params: { userId } });

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
