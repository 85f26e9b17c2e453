import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@contrail/domain/common/language';
import { users } from '../user/user.schema';

/**
 * One row per notification a user receives, written in the same
 * database transaction as the event that causes it. `type` is text, not an enum, so a new type
 * needs no migration and an unknown one still reads.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: newest first even within one transaction (createdAt is its start time). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the live channel announced it. Null until a committed row is claimed by one instance's
     * sweep (see docs/decisions/0025-notification-delivery.md), so each is pushed once.
     */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** When its mail was sent or skipped (mail off, type not mailed). Null: the mail job has not looked yet. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_seq_idx').on(table.userId, table.seq),
    // The bell's unread count reads only these rows.
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.isRead} = false`),
    index('notifications_unpushed_idx').on(table.createdAt).where(sql`${table.pushedAt} is null`),
    index('notifications_unmailed_idx').on(table.createdAt).where(sql`${table.mailedAt} is null`),
  ],
);

/**
 * A user's notification settings: whether the notifications that matter when they are away are
 * also mailed, and the language of those mails (the last language their browser asked in; users
 * have no stored language). No row: mail on, in English.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isMailEnabled: boolean('is_mail_enabled').notNull().default(true),
  language: text('language').$type<Language>().notNull().default('en'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
