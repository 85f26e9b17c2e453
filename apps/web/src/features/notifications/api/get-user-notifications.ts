import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE, type TNotificationPage } from '@contrail/domain/notification/notification-types';
import { notificationRoutes } from '@contrail/domain/notification/notification-routes';
import { apiClient } from '../../../lib/api-client';
import { notificationQueryKeys } from './query-keys';

export type { TNotification as UserNotification, TNotificationPage as NotificationPage } from '@contrail/domain/notification/notification-types';

/** Newest first, 10 a page from page 0. */
export const getUserNotifications = (userId: string, page = 0): Promise<TNotificationPage> =>
  apiClient.call(notificationRoutes.list, { params: { userId }, query: { page, page_size: NOTIFICATION_PAGE_SIZE } });

export const userNotificationsQueryOptions = (userId: string, page = 0) =>
  queryOptions({
    queryKey: notificationQueryKeys.page(userId, page),
    queryFn: () => getUserNotifications(userId, page),
    placeholderData: keepPreviousData,
  });

/** Page 0 is the bell's dropdown (the latest 10) and its unread count. */
export const useUserNotifications = (userId: string, page = 0) => useQuery(userNotificationsQueryOptions(userId, page));
