import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TPageRequest } from '@contrail/domain/api/page';
import type { DbExecutor } from '../../db/database';
import { selectPage } from '../../db/paging';
import type { Language } from '@contrail/domain/common/language';
import { notifications, notificationSettings } from './notification.schema';

export type NotificationRow = typeof notifications.$inferSelect;

export const findNotificationsPage = async (db: DbExecutor, userId: string, request: TPageRequest) => {
  const [page, [unread]] = await Promise.all([
    selectPage(db, request, { select: db.select().from(notifications).where(eq(notifications.userId, userId)).$dynamic(), orderBy: [desc(notifications.seq)] }),
    db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))),
  ]);
  return { page, unreadCount: unread?.value ?? 0 };
};

/** Marks one of the user's notifications read; false when the user has no such notification. */
export const markNotificationRead = async (db: DbExecutor, userId: string, id: string): Promise<boolean> => {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
};

export const markAllNotificationsRead = async (db: DbExecutor, userId: string): Promise<number> => {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return updated.length;
};

/**
 * Claims committed notifications not yet announced, at most `limit`, marking them announced in
 * the same statement. Rows another instance is claiming are skipped (SKIP LOCKED), so each row is
 * claimed by exactly one sweep.
 */
export const claimUnpushedNotifications = async (db: DbExecutor, now: Date, limit: number): Promise<NotificationRow[]> =>
  db
    .update(notifications)
    .set({ pushedAt: now })
    .where(
      and(
        isNull(notifications.pushedAt),
        inArray(
          notifications.id,
          sql`(select ${notifications.id} from ${notifications} where ${notifications.pushedAt} is null order by ${notifications.seq} limit ${limit} for update skip locked)`,
        ),
      ),
    )
    .returning();

export const findNotificationSettings = async (db: DbExecutor, userId: string) => {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
};

export const saveMailEnabled = async (db: DbExecutor, userId: string, isMailEnabled: boolean, language: Language, now: Date): Promise<void> => {
  await db
    .insert(notificationSettings)
    .values({ userId, isMailEnabled, language, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { isMailEnabled, language, updatedAt: now } });
};

/** Remembers the language the user's browser asks in, writing only when it changed. */
export const rememberLanguage = async (db: DbExecutor, userId: string, language: Language, now: Date): Promise<void> => {
  await db
    .insert(notificationSettings)
    .values({ userId, language, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { language, updatedAt: now },
      setWhere: sql`${notificationSettings.language} is distinct from ${language}`,
    });
};

/**
 * Claims notifications the mail job has not looked at, created at or before `createdBefore`, with
 * the owner's mail settings (none stored: undefined). Rows another instance holds are skipped.
 */
export const claimUnmailedNotifications = async (db: DbExecutor, createdBefore: Date, now: Date, limit: number) => {
  const claimed = await db
    .update(notifications)
    .set({ mailedAt: now })
    .where(
      inArray(
        notifications.id,
        sql`(select ${notifications.id} from ${notifications} where ${notifications.mailedAt} is null and ${notifications.createdAt} <= ${createdBefore} order by ${notifications.seq} limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
  if (claimed.length === 0) return [];
  const settings = await db
    .select({ userId: notificationSettings.userId, isMailEnabled: notificationSettings.isMailEnabled, language: notificationSettings.language })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...new Set(claimed.map((row) => row.userId))]));
  const byUser = new Map(settings.map((row) => [row.userId, row]));
  return claimed.map((row) => ({ notification: row, settings: byUser.get(row.userId) }));
};

/** Gives claimed notifications back to the mail job (their mail could not be sent). */
export const releaseForMail = async (db: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length > 0) await db.update(notifications).set({ mailedAt: null }).where(inArray(notifications.id, ids));
};
