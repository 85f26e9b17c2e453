import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '@contrail/domain/errors/app-error';
import { ErrorCode } from '@contrail/domain/errors/error-codes';
import type { Language } from '@contrail/domain/common/language';
import type { NewNotification, TNotification, TNotificationPage, TNotificationQuery, TNotificationSettings } from '@contrail/domain/notification/notification-types';
import type { DbExecutor } from '../../db/database';
import { toPage } from '../../db/paging';
import { requireAccess, type Caller } from '../access/access.service';
import { notifications } from './notification.schema';
import { signalNotificationRecorded } from './notification-signal';
import {
  findNotificationSettings,
  findNotificationsPage,
  markAllNotificationsRead,
  markNotificationRead,
  rememberLanguage,
  saveMailEnabled,
  type NotificationRow,
} from './notification.repository';

/**
 * Records a notification for a user. Call it with the transaction of the event that causes it, so
 * the notification exists exactly when the event does; the live push follows the commit (the
 * delivery sweep only sees committed rows).
 */
export const recordNotification = async (db: DbExecutor, notification: NewNotification): Promise<{ id: string }> => {
  const [row] = await db
    .insert(notifications)
    .values({ userId: notification.userId, type: notification.type, data: notification.data as Record<string, unknown> })
    .returning({ id: notifications.id });
  if (!row) throw new Error('recordNotification: no row returned');
  signalNotificationRecorded();
  return row;
};

/** Records several notifications in one statement (a sealed block validates many flights at once). */
export const recordNotifications = async (db: DbExecutor, list: readonly NewNotification[]): Promise<void> => {
  if (list.length === 0) return;
  await db.insert(notifications).values(list.map((n) => ({ userId: n.userId, type: n.type, data: n.data })));
  signalNotificationRecorded();
};

export const toNotification = (row: NotificationRow): TNotification => ({
  id: row.id,
  read: row.isRead,
  type: row.type,
  data: row.data,
  createdAt: row.createdAt.toISOString(),
});

/** The request's language, remembered for the mails this user may get later. */
type Asked = { language: Language; now: Date };

export const listNotifications = async (db: DbExecutor, caller: Caller, userId: string, query: TNotificationQuery, asked?: Asked): Promise<TNotificationPage> => {
  await requireAccess(db, caller, 'notification.user.read', { userId });
  if (asked) await rememberLanguage(db, userId, asked.language, asked.now);
  const { page, unreadCount } = await findNotificationsPage(db, userId, { page: query.page, size: query.page_size });
  return { ...toPage(page, toNotification), unreadCount };
};

/** Marks one of the caller's notifications read; another user's is NOT_FOUND (its existence is not theirs to know). */
export const readNotification = async (db: DbExecutor, userId: string, id: string): Promise<void> => {
  if (!(await markNotificationRead(db, userId, id))) throw new AppError(ErrorCode.notFound, 'Notification not found');
};

export const readAllNotifications = async (db: DbExecutor, caller: Caller, userId: string): Promise<number> => {
  await requireAccess(db, caller, 'notification.user.update', { userId });
  return markAllNotificationsRead(db, userId);
};

export const getNotificationSettings = async (db: DbExecutor, caller: Caller, userId: string): Promise<TNotificationSettings> => {
  await requireAccess(db, caller, 'notification.user.read', { userId });
  const row = await findNotificationSettings(db, userId);
  return { isMailEnabled: row?.isMailEnabled ?? true };
};

export const updateNotificationSettings = async (db: DbExecutor, caller: Caller, userId: string, settings: TNotificationSettings, asked: Asked): Promise<TNotificationSettings> => {
  await requireAccess(db, caller, 'notification.user.update', { userId });
  await saveMailEnabled(db, userId, settings.isMailEnabled, asked.language, asked.now);
  return { isMailEnabled: settings.isMailEnabled };
};

/**
 * Whether the user already has a notification of this type whose data holds these text values:
 * a job that announces something once (keyed by what it announces) asks before recording it.
 */
export const hasNotificationWith = async (
  db: DbExecutor,
  userId: string,
  type: NewNotification['type'],
  data: Readonly<Record<string, string>>,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        ...Object.entries(data).map(([key, value]) => sql`${notifications.data}->>${key} = ${value}`),
      ),
    )
    .limit(1);
  return row !== undefined;
};
