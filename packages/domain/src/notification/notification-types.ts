import { z } from 'zod';
import { pageNumberField, pageOf, pageSizeField } from '../api/page';

/**
 * Notification types: the airline ones by their product names, then the
 * pilot's own. A type is stored as text, so an older web app meeting a newer type shows a generic
 * line instead of failing.
 */
export const NotificationType = [
  // Airline
  'APPLICANT_ACCEPTED',
  'APPLICANT_REJECTED',
  'NEW_APPLICANT',
  'PLANE_END_OF_MAINTENANCE',
  'PLANE_END_OF_BUILDING',
  'MEMBER_DELETED',
  'MEMBER_GROUNDED',
  'MEMBER_REINSTATED',
  'TRANSACTION_FAILED',
  'AIRLINE_FAILED',
  'DELETED_OR_RESET',
  // The pilot's own
  'FLIGHT_LOG_VALIDATED',
  'REFERRAL_BONUS_PAID',
  'SUBSCRIPTION_ENDING',
  'SUBSCRIPTION_ENDED',
  'REST_PERIOD_OVER',
  // Flight review (issue 31)
  'FLIGHT_REVIEW_NEEDED',
  'FLIGHT_REVIEW_ACCEPTED',
  'FLIGHT_REVIEW_REJECTED',
  'FLIGHT_REVIEW_REQUESTED',
  'FLIGHT_REVIEW_REPLIED',
] as const;
export type NotificationType = (typeof NotificationType)[number];

/**
 * What each type carries in `data`: ids for the link to where it belongs, names for the line the
 * pilot reads (so the web needs no second call). Fields marked optional may be absent.
 */
export type NotificationDataByType = {
  /** To the applicant: the airline accepted them. */
  APPLICANT_ACCEPTED: { airlineId: string; airlineName: string };
  /** To the applicant: the airline turned them down. */
  APPLICANT_REJECTED: { airlineId: string; airlineName: string };
  /** To the airline's owner and administrators: someone applied. */
  NEW_APPLICANT: { airlineId: string; airlineName: string; applicantUserName: string };
  PLANE_END_OF_MAINTENANCE: { airlineId: string; planeId: string; planeRegistration: string };
  PLANE_END_OF_BUILDING: { airlineId: string; planeId: string; planeRegistration: string };
  /** To the member removed from the airline. */
  MEMBER_DELETED: { airlineId: string; airlineName: string };
  /** To the member the airline's staff grounded: they cannot book its planes until reinstated. */
  MEMBER_GROUNDED: { airlineId: string; airlineName: string };
  /** To the member reinstated: they may book again. */
  MEMBER_REINSTATED: { airlineId: string; airlineName: string };
  /** A planned wallet transaction could not be paid (airline costs). */
  TRANSACTION_FAILED: { airlineId?: string; transactionId: string; description: string; amount: number };
  /** The airline went bankrupt. */
  AIRLINE_FAILED: { airlineId: string; airlineName: string };
  /** The pilot's airline career was deleted or reset. */
  DELETED_OR_RESET: { airlineId?: string; airlineName?: string };
  /** A flight record was sealed into the public ledger. */
  FLIGHT_LOG_VALIDATED: { flightLogId: string; flightNumber: string; departureIdent: string; arrivalIdent: string; blockHeight: number };
  /** The referral bonus was paid; `otherUserName` is the sponsor or the referred pilot. */
  REFERRAL_BONUS_PAID: { amountFc: number; otherUserName: string; role: 'SPONSOR' | 'REFERRED' };
  SUBSCRIPTION_ENDING: { code: string; endDate: string };
  SUBSCRIPTION_ENDED: { code: string; endDate: string };
  /** The rest period after a flight is over: the pilot may fly again. */
  REST_PERIOD_OVER: { restEndedAt: string };
  /** To the pilot: the flight's payments are held until a reviewer decides; the log says why. */
  FLIGHT_REVIEW_NEEDED: FlightReviewNotice;
  /** To the pilot: a reviewer accepted the flight and its payments were made. */
  FLIGHT_REVIEW_ACCEPTED: FlightReviewNotice & { comment: string };
  /** To the pilot: a reviewer rejected the flight; it pays nothing. */
  FLIGHT_REVIEW_REJECTED: FlightReviewNotice & { comment: string };
  /** To the reviewers (the airline's owner and administrators, or the site admins): a flight waits for them. */
  FLIGHT_REVIEW_REQUESTED: FlightReviewNotice & { pilotUserName: string; airlineId?: string };
  /** To the same reviewers: the pilot answered the review of their flight. */
  FLIGHT_REVIEW_REPLIED: FlightReviewNotice & { pilotUserName: string; airlineId?: string };
};

/** What every flight review notification names: the log to open and the line to read. */
type FlightReviewNotice = { flightLogId: string; flightNumber: string; departureIdent: string; arrivalIdent: string };

export type NewNotification = {
  [K in NotificationType]: { userId: string; type: K; data: NotificationDataByType[K] };
}[NotificationType];

/** A notification as the API returns it: `type` is a string, see above. */
export const ZNotification = z.object({
  id: z.string(),
  read: z.boolean(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = pageOf(ZNotification).extend({ unreadCount: z.number().int() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

/** Page size 10, pages from 0. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const ZNotificationQuery = z.object({
  page: pageNumberField(),
  page_size: pageSizeField(NOTIFICATION_PAGE_SIZE, 50),
});
export type TNotificationQuery = z.infer<typeof ZNotificationQuery>;

/** GET/PUT /v1/notification/user/{userId}/settings: mail for the notifications that matter when away. */
export const ZNotificationSettings = z.object({ isMailEnabled: z.boolean() });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

export const isNotificationType = (value: string): value is NotificationType => (NotificationType as readonly string[]).includes(value);

/**
 * The browsers' notification channel: Socket.IO namespace /notification on the main API, with
 * the access token in the handshake (`auth: { token }`, refused with `unauthorized` like /live).
 * Each connection joins its user's room, so every tab of the user hears every event, whichever
 * server instance it is connected to (Redis adapter).
 */
export const NOTIFICATION_NAMESPACE = '/notification';
export type NotificationServerToClient = {
  /** A new notification was committed for this user. */
  NotificationReceived: (notification: TNotification) => void;
  /** Read state changed in another tab or device: `ids` read, or every one. */
  NotificationsRead: (payload: { ids: string[] } | { all: true }) => void;
};
export type NotificationClientToServer = Record<string, never>;
