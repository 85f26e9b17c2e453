import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { notificationQueryKeys } from './query-keys';

/** Spec section 3 Notification types. */
export const notificationTypes = [
  'APPLICANT_ACCEPTED',
  'APPLICANT_REJECTED',
  'PLANE_END_OF_MAINTENANCE',
  'PLANE_END_OF_BUILDING',
  'MEMBER_DELETED',
  'TRANSACTION_FAILED',
  'AIRLINE_FAILED',
  'AIRLINE_DELETED',
  'AIRLINE_RESET',
  'NEW_APPLICANT',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/**
 * The notification entity of spec section 3. Typed here until the notifications issue adds its
 * zod schema to the domain (then import it from there).
 */
export type UserNotification = {
  id: string;
  read: boolean;
  type: string;
  data: Record<string, unknown> | null;
  createdAt?: string;
};
export type NotificationPage = { items: UserNotification[]; totalItems: number; totalPages: number };

const emptyPage: NotificationPage = { items: [], totalItems: 0, totalPages: 0 };

/**
 * GET /api/v1/notification/user/{userId}?page=0&page_size=10: the latest ten. A 404 (no
 * notifications yet, or the endpoint not deployed yet) is an empty list.
 */
export const getUserNotifications = async (userId: string): Promise<NotificationPage> => {
  try {
    return await apiClient.get<NotificationPage>(`/api/v1/notification/user/${encodeURIComponent(userId)}`, {
      query: { page: 0, page_size: NOTIFICATION_PAGE_SIZE },
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return emptyPage;
    throw error;
  }
};

export const userNotificationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: notificationQueryKeys.latest(userId), queryFn: () => getUserNotifications(userId) });

export const useUserNotifications = (userId: string) => useQuery(userNotificationsQueryOptions(userId));
