import { isNotificationType, type NotificationType } from '@contrail/domain/notification/notification-types';
import type { UserNotification } from '../api/get-user-notifications';

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Where each type leads: the screen where the pilot can act on it. */
const hrefOf: Record<NotificationType, (data: Record<string, unknown>) => string> = {
  APPLICANT_ACCEPTED: (data) => (data.airlineId ? `/flight/va/${encodeURIComponent(text(data.airlineId))}` : '/pilot'),
  APPLICANT_REJECTED: () => '/pilot/airline/search',
  NEW_APPLICANT: () => '/airline-mgr/member',
  PLANE_END_OF_MAINTENANCE: () => '/airline-mgr',
  PLANE_END_OF_BUILDING: () => '/airline-mgr',
  MEMBER_DELETED: () => '/pilot/airline/search',
  MEMBER_GROUNDED: () => '/airline-mgr',
  MEMBER_REINSTATED: (data) => (data.airlineId ? `/flight/va/${encodeURIComponent(text(data.airlineId))}` : '/pilot'),
  TRANSACTION_FAILED: (data) => (data.airlineId ? '/airline-mgr/finance' : '/wallet'),
  AIRLINE_FAILED: () => '/airline-mgr/failure',
  DELETED_OR_RESET: () => '/pilot',
  FLIGHT_LOG_VALIDATED: (data) => (data.flightLogId ? `/flight-log/${encodeURIComponent(text(data.flightLogId))}` : '/flight-log'),
  REFERRAL_BONUS_PAID: () => '/affiliation',
  SUBSCRIPTION_ENDING: () => '/subscription',
  SUBSCRIPTION_ENDED: () => '/subscription',
  REST_PERIOD_OVER: () => '/flight',
  FLIGHT_REVIEW_NEEDED: (data) => `/flight-log/${encodeURIComponent(text(data.flightLogId))}`,
  FLIGHT_REVIEW_ACCEPTED: (data) => `/flight-log/${encodeURIComponent(text(data.flightLogId))}`,
  FLIGHT_REVIEW_REJECTED: (data) => `/flight-log/${encodeURIComponent(text(data.flightLogId))}`,
  FLIGHT_REVIEW_REQUESTED: (data) => (data.airlineId ? '/airline-mgr/flight-review' : '/admin/flight-review'),
  FLIGHT_REVIEW_REPLIED: (data) => (data.airlineId ? '/airline-mgr/flight-review' : '/admin/flight-review'),
};

export type NotificationView = {
  /** `notifications:types.<TYPE>`, or the generic line for a type this web app does not know. */
  messageKey: string;
  values: Record<string, string>;
  href: string;
};

/**
 * How a notification reads and where it leads. A type the web app does not know (a newer server)
 * gets a generic line and the notification page, never an error (issue 19).
 */
export const notificationView = (notification: UserNotification): NotificationView => {
  const data = notification.data;
  const values = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, text(value)]));
  if (!isNotificationType(notification.type)) return { messageKey: 'types.generic', values, href: '/notification' };
  if (notification.type === 'REFERRAL_BONUS_PAID') {
    return { messageKey: data.role === 'SPONSOR' ? 'types.REFERRAL_BONUS_PAID_SPONSOR' : 'types.REFERRAL_BONUS_PAID_REFERRED', values, href: hrefOf.REFERRAL_BONUS_PAID(data) };
  }
  return { messageKey: `types.${notification.type}`, values, href: hrefOf[notification.type](data) };
};
